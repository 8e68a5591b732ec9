// The approval gate: a wave with `approval: required` starts only once the release carries its
// approval; the wait asks for one and says how to give it.
#include "rollout/gates/gate_fixture.h"

namespace fleetwave {
namespace {

class ApprovalGateTest : public testing_support::GateTest {};

TEST_F(ApprovalGateTest, AWaveWithoutApprovalRequiredPasses) {
  EXPECT_TRUE(ask("approval", GatePoint::Enter).passed());
}

TEST_F(ApprovalGateTest, ARequiredApprovalIsAskedForWithTheWaysToGiveIt) {
  wave().approval_required = true;
  GateVerdict v = ask("approval", GatePoint::Enter);
  EXPECT_EQ(v.kind, GateVerdict::Kind::Wait);
  EXPECT_TRUE(v.wants_approval);
  const std::string how =
      "merge branch fleetwave/approve/shop/aaaaaaa/europe or run `fleetwave approve shop --wave europe`";
  EXPECT_EQ(v.reason, "waiting for approval of wave 2/3 europe: " + how);
  EXPECT_EQ(v.request, "needs an approval: " + how);
}

TEST_F(ApprovalGateTest, AnApprovalOfThisWaveOrAPromotionPasses) {
  wave().approval_required = true;
  release_.approvals = {"canary"};
  EXPECT_EQ(ask("approval", GatePoint::Enter).kind, GateVerdict::Kind::Wait) << "another wave's approval";
  release_.approvals = {"canary", "europe"};
  GateVerdict approved = ask("approval", GatePoint::Enter);
  EXPECT_TRUE(approved.passed());
  EXPECT_EQ(approved.reason, "approved");
  release_.approvals.clear();
  release_.promoted_to = "rest";
  EXPECT_EQ(ask("approval", GatePoint::Enter).reason, "promoted to wave rest by a person");
}

}  // namespace
}  // namespace fleetwave
