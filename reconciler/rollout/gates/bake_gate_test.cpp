// The bake gate: a wave stays healthy for minSuccessTime, counted from its latest finished sync,
// before the next wave starts; a promotion or an expedited failover skips it.
#include "rollout/gates/gate_fixture.h"

namespace fleetwave {
namespace {

class BakeGateTest : public testing_support::GateTest {
 protected:
  BakeGateTest() { wave().min_success_time_ms = 10 * 60'000; }
};

TEST_F(BakeGateTest, WaitsUntilTheWaveWasHealthyForMinSuccessTime) {
  progress_.done_since = kNow - 4 * 60'000;
  GateVerdict v = ask("bake", GatePoint::Leave);
  EXPECT_EQ(v.kind, GateVerdict::Kind::Wait);
  EXPECT_EQ(v.reason, "wave 2/3 europe healthy for 4m of minSuccessTime 10m, 6m left");
  progress_.done_since = kNow - 10 * 60'000;
  EXPECT_TRUE(ask("bake", GatePoint::Leave).passed()) << "exactly minSuccessTime is enough";
}

TEST_F(BakeGateTest, ABakeWithoutAFinishTimeStartsNow) {
  progress_.done_since = kNow - 60 * 60'000;
  progress_.bake_unknown = true;
  EXPECT_EQ(ask("bake", GatePoint::Leave).reason, "wave 2/3 europe healthy for 0s of minSuccessTime 10m, 10m left");
  progress_.bake_unknown = false;
  progress_.done_since.reset();
  EXPECT_EQ(ask("bake", GatePoint::Leave).kind, GateVerdict::Kind::Wait) << "no finish time at all";
}

TEST_F(BakeGateTest, APromotionOrAnExpeditedFailoverSkipsTheBake) {
  release_.promoted_to = "europe";
  GateVerdict promoted = ask("bake", GatePoint::Leave);
  EXPECT_TRUE(promoted.passed());
  EXPECT_EQ(promoted.reason, "promoted to wave europe by a person");

  release_.promoted_to.clear();
  plan_.expedite_failover = true;
  release_.inputs = "app=A clusters=C policies=P cordons=K";  // only the cordons changed
  GateVerdict failover = ask("bake", GatePoint::Leave);
  EXPECT_TRUE(failover.passed());
  EXPECT_EQ(failover.reason, "a failover: only cordons changed and spec.failover.expedite is set");
  release_.inputs = "app=B clusters=C policies=P cordons=K";
  EXPECT_EQ(ask("bake", GatePoint::Leave).kind, GateVerdict::Kind::Wait) << "an app change still bakes";
}

}  // namespace
}  // namespace fleetwave
