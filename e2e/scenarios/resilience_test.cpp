// Reliability of `fleetwave serve` mid-rollout: a `kill -9` and a restart, and two replicas
// racing on one branch, both finish the release with no step repeated or lost.
#include <thread>

#include "scenario_test.h"

namespace fleetwave::e2e {
namespace {

class KillRestartE2eTest : public ScenarioTest {};

TEST_F(KillRestartE2eTest, KillNineMidRolloutThenRestartFinishesWithNoStepRepeatedOrLost) {
  wait_for_first_rollout();
  ASSERT_FALSE(HasFatalFailure());
  const std::string release = ship_guestbook("1.5.0");
  ASSERT_FALSE(release.empty());
  E2E_ASSERT_OK(stack_->wait_for_actions(kGuestbook, guestbook_first_ + 2, Millis(60000)));  // start, advance

  stack_->fleetwave().kill9();
  EXPECT_FALSE(stack_->fleetwave().running());
  E2E_ASSERT_OK_AND_ASSIGN(while_dead, stack_->repo().actions(kGuestbook));
  E2E_ASSERT_OK(stack_->fleetwave().restart());
  E2E_ASSERT_OK_AND_ASSIGN(done, wait_for_guestbook("complete", Millis(90000)));
  EXPECT_GT(done.size(), while_dead.size()) << "the restarted process made the remaining steps";
  expect_complete_rollout(release);
}

class TwoReplicasE2eTest : public ScenarioTest {
 protected:
  void configure(StackOptions& options) override { options.replicas = 2; }
};

TEST_F(TwoReplicasE2eTest, TwoServeReplicasRolloutWithNoStepRepeatedOrLost) {
  ASSERT_EQ(stack_->replica_count(), 2u);
  wait_for_first_rollout();
  ASSERT_FALSE(HasFatalFailure());
  EXPECT_EQ(guestbook_first_, 6u) << "the first release took exactly the plan's steps";
  const std::string release = ship_guestbook("1.5.0");
  ASSERT_FALSE(release.empty());
  E2E_ASSERT_OK(wait_for_guestbook("complete", Millis(90000)));
  expect_complete_rollout(release);
  EXPECT_TRUE(stack_->fleetwave(0).running());
  EXPECT_TRUE(stack_->fleetwave(1).running());
}

}  // namespace
}  // namespace fleetwave::e2e
