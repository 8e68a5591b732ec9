// Approval: a gated wave waits; a reviewer's `git merge` of the approval branch advances it.
#include <thread>

#include "scenario_test.h"

namespace fleetwave::e2e {
namespace {

class ApprovalE2eTest : public ScenarioTest {
 protected:
  std::map<std::string, std::string> fleet_changes() override {
    auto changes = ScenarioTest::fleet_changes();
    require_approval(changes, "      maxConcurrency: 50%\n");
    return changes;
  }
};

TEST_F(ApprovalE2eTest, GatedWaveWaitsUntilAReviewerMergesTheApprovalBranch) {
  // The seed is guestbook's first release: canary, then the gate before europe.
  E2E_ASSERT_OK_AND_ASSIGN(gated, stack_->wait_for_last_action(kGuestbook, "wait-approval", Millis(60000)));
  EXPECT_EQ(gated, (std::vector<std::string>{"start", "wait-approval"}));
  // The approval branch is pushed right after the wait-approval commit.
  std::vector<std::string> branches;
  E2E_ASSERT_OK(poll_until(
      [&] {
        Result<std::vector<std::string>> now = stack_->repo().branches("fleetwave/approve/guestbook/");
        if (now.ok()) branches = *now;
        return !branches.empty();
      },
      Millis(10000), "the approval branch"));
  ASSERT_EQ(branches.size(), 1u) << join(branches);
  const std::string seed7 = stack_->repo().seed().substr(0, 7);
  EXPECT_EQ(branches[0], "fleetwave/approve/guestbook/" + seed7 + "/europe");

  // It waits: the canary is done and baked, yet several cycles later nothing moved.
  E2E_ASSERT_OK(stack_->wait_for_sim_converged(kGuestbook, Millis(20000)));
  std::this_thread::sleep_for(Millis(4000));  // a negative check: four reconcile intervals
  E2E_ASSERT_OK_AND_ASSIGN(still, stack_->repo().actions(kGuestbook));
  EXPECT_EQ(still, gated);
  EXPECT_EQ(pins(kGuestbook).size(), 1u) << "only the canary is pinned";

  // A reviewer merges the pull request of the approval branch.
  E2E_ASSERT_OK_AND_ASSIGN(work, stack_->repo().checkout("Rita Reviewer"));
  E2E_ASSERT_OK(stack_->repo().git(work, {"fetch", "-q", "origin"}, "Rita Reviewer"));
  E2E_ASSERT_OK(stack_->repo().git(
      work, {"merge", "--no-ff", "-q", "-m", "Merge pull request #7: approve europe", "origin/" + branches[0]},
      "Rita Reviewer"));
  E2E_ASSERT_OK(stack_->repo().push("Rita Reviewer"));

  E2E_ASSERT_OK_AND_ASSIGN(done, stack_->wait_for_last_action(kGuestbook, "complete", Millis(90000)));
  EXPECT_EQ(done, (std::vector<std::string>{"start", "wait-approval", "approve", "advance", "advance", "advance",
                                            "advance", "complete"}));
  E2E_ASSERT_OK(stack_->wait_for_sim_converged(kGuestbook, Millis(20000)));
  for (const auto& [cluster, pin] : pins(kGuestbook)) EXPECT_EQ(pin, stack_->repo().seed()) << cluster;
  E2E_ASSERT_OK(stack_->check_clusters_match_pins({kGuestbook, kPayments, kStorefront}));
}

}  // namespace
}  // namespace fleetwave::e2e
