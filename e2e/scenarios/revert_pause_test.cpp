// A human `git revert` of an advance pauses the rollout (automation never undoes a human
// rollback); `fleetwave resume` continues it to complete.
#include <algorithm>
#include <thread>

#include "harness/http_client.h"
#include "scenario_test.h"

namespace fleetwave::e2e {
namespace {

class RevertPauseE2eTest : public ScenarioTest {
 protected:
  // Slower health (Progressing 1.5 s after each sync) leaves a person time to revert an advance.
  void configure(StackOptions& options) override { options.progress_seconds = 1.5; }

  // Reverts the newest commit of main when it is guestbook's advance; retries when fleetwave
  // moved main meanwhile. Returns the reverted commit.
  std::string revert_newest_advance() {
    for (int attempt = 0; attempt < 20; ++attempt) {
      Result<std::string> work = stack_->repo().checkout("Olga Oncall");
      EXPECT_TRUE(work.ok());
      if (!work.ok()) return "";
      Result<std::vector<AuditEntry>> trail = stack_->repo().audit_trail();
      EXPECT_TRUE(trail.ok());
      if (!trail.ok() || trail->empty()) return "";
      const AuditEntry newest = trail->back();
      if (newest.app != kGuestbook || newest.action != "advance") {
        std::this_thread::sleep_for(Millis(100));
        continue;
      }
      EXPECT_TRUE(stack_->repo().git(*work, {"revert", "--no-edit", newest.commit}, "Olga Oncall").ok());
      Result<std::string> pushed = stack_->repo().git(*work, {"push", "-q", "origin", "HEAD:main"}, "Olga Oncall");
      if (pushed.ok()) return newest.commit;
    }
    ADD_FAILURE() << "could not revert an advance";
    return "";
  }
};

TEST_F(RevertPauseE2eTest, RevertOfAnAdvancePausesAndResumeContinues) {
  wait_for_first_rollout();
  ASSERT_FALSE(HasFatalFailure());
  const std::string release = ship_guestbook("1.5.0");
  ASSERT_FALSE(release.empty());
  E2E_ASSERT_OK(stack_->wait_for_actions(kGuestbook, guestbook_first_ + 2, Millis(60000)));  // start, advance

  const std::string reverted = revert_newest_advance();
  ASSERT_FALSE(reverted.empty());
  const std::map<std::string, std::string> reverted_pins = pins(kGuestbook);
  E2E_ASSERT_OK(wait_for_guestbook("pause", Millis(30000)));

  // The pause keeps the state the revert left: the reverted cluster is back on stable.
  EXPECT_EQ(pins(kGuestbook), reverted_pins);
  E2E_ASSERT_OK_AND_ASSIGN(paused, stack_->repo().actions(kGuestbook));
  std::this_thread::sleep_for(Millis(3000));  // a negative check: three reconcile intervals
  E2E_ASSERT_OK_AND_ASSIGN(still, stack_->repo().actions(kGuestbook));
  EXPECT_EQ(still, paused) << "automation must not undo the revert";

  E2E_ASSERT_OK_AND_ASSIGN(resume, stack_->fleetwave_cli({"resume", kGuestbook}, "Olga Oncall <olga@example.com>"));
  ASSERT_EQ(resume.exit_code, 0) << resume.output;
  E2E_ASSERT_OK_AND_ASSIGN(done, wait_for_guestbook("complete", Millis(90000)));
  std::vector<std::string> after(done.begin() + static_cast<std::ptrdiff_t>(guestbook_first_), done.end());
  // start, advance... up to the reverted one, pause, resume, advance..., complete.
  ASSERT_GE(after.size(), 5u) << join(after);
  EXPECT_EQ(after.front(), "start");
  EXPECT_EQ(after.back(), "complete");
  auto pause = std::find(after.begin(), after.end(), "pause");
  ASSERT_NE(pause, after.end()) << join(after);
  EXPECT_GE(pause - after.begin(), 2) << join(after);
  for (auto it = after.begin() + 1; it != pause; ++it) EXPECT_EQ(*it, "advance") << join(after);
  ASSERT_NE(pause + 1, after.end());
  EXPECT_EQ(*(pause + 1), "resume") << join(after);
  for (auto it = pause + 2; it + 1 < after.end(); ++it) EXPECT_EQ(*it, "advance") << join(after);
  E2E_ASSERT_OK(stack_->wait_for_sim_converged(kGuestbook, Millis(20000)));
  for (const auto& [cluster, pin] : pins(kGuestbook)) EXPECT_EQ(pin, release) << cluster;
  E2E_ASSERT_OK(stack_->check_clusters_match_pins({kGuestbook, kPayments, kStorefront}));

  // Issue 25 (6): the metrics count the steps that landed in Git, whoever made them: Olga's
  // resume from the CLI too, not only the reconciler's own pushes.
  E2E_ASSERT_OK_AND_ASSIGN(metrics, http_get(stack_->fleetwave().url(), "/metrics"));
  EXPECT_NE(metrics.body.find("fleetwave_steps_total{app=\"guestbook\",action=\"resume\"} 1\n"), std::string::npos)
      << metrics.body;
}

}  // namespace
}  // namespace fleetwave::e2e
