// The freeze gate: a freeze of the app (or of every app) in force stops a wave from starting or
// moving on, at both points it is asked; a freeze of another app or one that ended does not.
#include "rollout/freezes.h"
#include "rollout/gates/gate_fixture.h"

namespace fleetwave {
namespace {

class FreezeGateTest : public testing_support::GateTest {};

TEST_F(FreezeGateTest, AFreezeOfTheAppStopsTheWaveAtEnterAndProgress) {
  in_.freezes = {Freeze{{"shop"}, "incident INC-42", "Ira Oncall <ira@example.com>", kNow - 60'000, std::nullopt}};
  for (GatePoint point : {GatePoint::Enter, GatePoint::Progress}) {
    GateVerdict v = ask("freeze", point);
    EXPECT_EQ(v.kind, GateVerdict::Kind::Wait);
    EXPECT_EQ(v.reason.rfind("wave 2/3 europe waits: shop is ", 0), 0u) << v.reason;
    EXPECT_NE(v.reason.find("incident INC-42"), std::string::npos) << v.reason;
  }
}

TEST_F(FreezeGateTest, AFreezeOfEveryAppCountsAndOneOfAnotherAppOrPastItsEndDoesNot) {
  in_.freezes = {Freeze{{}, "release freeze", "Ira Oncall <ira@example.com>", kNow - 60'000, std::nullopt}};
  EXPECT_EQ(ask("freeze", GatePoint::Enter).kind, GateVerdict::Kind::Wait);
  in_.freezes = {Freeze{{"db"}, "db only", "Ira Oncall <ira@example.com>", kNow - 60'000, std::nullopt}};
  EXPECT_TRUE(ask("freeze", GatePoint::Enter).passed());
  in_.freezes = {Freeze{{"shop"}, "over", "Ira Oncall <ira@example.com>", kNow - 120'000, kNow - 60'000}};
  EXPECT_TRUE(ask("freeze", GatePoint::Enter).passed());
}

}  // namespace
}  // namespace fleetwave
