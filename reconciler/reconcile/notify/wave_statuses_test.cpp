// The statuses each step of a release implies, with the real wave engine taking the steps.
#include "reconcile/notify/wave_statuses.h"

#include <gtest/gtest.h>

#include "reconcile/notify/notify_fixture.h"

namespace fleetwave {
namespace {

using testing_support::kReleaseSha;
using testing_support::kStableSha;

// "context=state (description)" per status, in order.
std::vector<std::string> lines(const std::vector<CommitStatus>& statuses) {
  std::vector<std::string> out;
  for (const CommitStatus& s : statuses) {
    EXPECT_EQ(s.sha, s.description.rfind("superseded", 0) == 0 ? kStableSha : kReleaseSha);
    out.push_back(s.context + "=" + to_string(s.state) + " (" + s.description + ")");
  }
  return out;
}

TEST(WaveStatuses, FollowARolloutToCompletion) {
  auto plan = testing_support::shop_plan();
  std::vector<PlannedApp> steps = testing_support::simulate_rollout(*plan);
  std::vector<std::vector<std::string>> got;
  std::vector<std::string> actions;
  for (const PlannedApp& p : steps) {
    actions.push_back(p.step->action);
    got.push_back(lines(wave_statuses(p, "")));
  }
  ASSERT_EQ(actions, (std::vector<std::string>{"start", "advance", "advance", "complete"}));
  EXPECT_EQ(got[0], (std::vector<std::string>{"fleetwave/shop/canary=running (rolling out)"}));
  EXPECT_EQ(got[1], (std::vector<std::string>{"fleetwave/shop/canary=success (wave done)",
                                              "fleetwave/shop/europe=running (rolling out)"}));
  EXPECT_EQ(got[2], (std::vector<std::string>{"fleetwave/shop/canary=success (wave done)",
                                              "fleetwave/shop/europe=success (wave done)",
                                              "fleetwave/shop/rest=running (rolling out)"}));
  EXPECT_EQ(got[3], (std::vector<std::string>{"fleetwave/shop/canary=success (wave done)",
                                              "fleetwave/shop/europe=success (wave done)",
                                              "fleetwave/shop/rest=success (wave done)"}));
}

TEST(WaveStatuses, ARollbackFailsTheWaveItHappenedIn) {
  auto plan = testing_support::shop_plan();
  std::vector<PlannedApp> steps = testing_support::simulate_rollout(*plan, {"eu-1"});
  ASSERT_FALSE(steps.empty());
  const PlannedApp& last = steps.back();
  ASSERT_EQ(last.step->action, "rollback");
  std::vector<std::string> got = lines(wave_statuses(last, ""));
  ASSERT_EQ(got.size(), 2u);
  EXPECT_EQ(got[0], "fleetwave/shop/canary=success (wave done)");
  EXPECT_EQ(got[1].rfind("fleetwave/shop/europe=failure (rolled back: ", 0), 0u) << got[1];
  EXPECT_NE(got[1].find("eu-1"), std::string::npos) << got[1];

  plan->on_failure = OnFailure::Pause;  // the same failure holds the release instead
  steps = testing_support::simulate_rollout(*plan, {"eu-1"});
  ASSERT_EQ(steps.back().step->action, "hold");
  got = lines(wave_statuses(steps.back(), ""));
  ASSERT_EQ(got.size(), 2u);
  EXPECT_EQ(got[1].rfind("fleetwave/shop/europe=failure (failed: ", 0), 0u) << got[1];
}

TEST(WaveStatuses, WaitingPausedSupersededAndEndedReleases) {
  auto plan = testing_support::shop_plan();
  PlannedApp start = testing_support::simulate_rollout(*plan).front();
  struct Case {
    std::string name;
    std::function<void(PlannedApp&)> change;
    std::vector<std::string> want;
  };
  const std::vector<Case> cases = {
      {"waiting for approval",
       [](PlannedApp& p) {
         p.step->action = "wait-approval";
         p.step->next.release->phase = ReleasePhase::WaitingApproval;
       },
       {"fleetwave/shop/canary=pending (waiting for approval)"}},
      {"paused",
       [](PlannedApp& p) {
         p.step->action = "pause";
         p.step->next.paused = true;
       },
       {"fleetwave/shop/canary=pending (paused)"}},
      {"a newer release supersedes the one in flight",
       [](PlannedApp& p) {
         p.report.state->release = ReleaseState{kStableSha, "x", ReleasePhase::Progressing, 1, 0, {}, {}};
       },
       {"fleetwave/shop/europe=canceled (superseded by aaaaaaa)", "fleetwave/shop/canary=running (rolling out)"}},
      {"inputs reverted: the release ends rolled back",
       [](PlannedApp& p) {
         p.step->action = "rollback";
         p.step->next.release.reset();
         p.step->message.trailers = {{"Fleetwave-Release", kReleaseSha},
                                     {"Fleetwave-Wave", "europe"},
                                     {"Fleetwave-Evidence", "inputs reverted"}};
       },
       {"fleetwave/shop/canary=success (wave done)", "fleetwave/shop/europe=failure (rolled back: inputs reverted)"}},
      {"a step without a release, e.g. a resume of a stable app",
       [](PlannedApp& p) {
         p.step->action = "resume";
         p.step->next.release.reset();
       },
       {}},
      {"no plan", [](PlannedApp& p) { p.plan = nullptr; }, {}},
      {"no step", [](PlannedApp& p) { p.step.reset(); }, {}},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    PlannedApp p = start;
    c.change(p);
    EXPECT_EQ(lines(wave_statuses(p, "")), c.want);
  }
}

TEST(WaveStatuses, LinkToTheAppsPageOnTheBoard) {
  auto plan = testing_support::shop_plan();
  PlannedApp start = testing_support::simulate_rollout(*plan).front();
  EXPECT_EQ(wave_statuses(start, "https://fleetwave.example.com/")[0].target_url,
            "https://fleetwave.example.com/apps/shop");
  EXPECT_EQ(wave_statuses(start, "")[0].target_url, "");
  EXPECT_EQ(board_app_url("http://board:8080/prefix", "my app"), "http://board:8080/prefix/apps/my%20app");
  EXPECT_EQ(status_context("shop", "eu"), "fleetwave/shop/eu");
}

}  // namespace
}  // namespace fleetwave
