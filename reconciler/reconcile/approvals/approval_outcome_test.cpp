#include "reconcile/approvals/approval_outcome.h"

#include <gtest/gtest.h>

namespace fleetwave {
namespace {

TEST(ApprovalOutcomeTest, CommentsOnlyOnTransitionsOfAGatedWave) {
  WavePlan plan;
  plan.waves.resize(3);
  plan.waves[0].name = "canary";
  plan.waves[1].name = "europe";
  plan.waves[1].approval_required = true;
  plan.waves[2].name = "rest";
  const std::string rel(40, 'b'), newer(40, 'c');
  auto state = [&](std::size_t wave, ReleasePhase phase, std::vector<std::string> approvals,
                   const std::string& revision) {
    RolloutState s;
    s.app = "shop";
    s.release = ReleaseState{revision, "in", phase, wave, 0, std::move(approvals), ""};
    return s;
  };
  auto step = [](const std::string& action, RolloutState next) {
    Step s;
    s.action = action;
    s.next = std::move(next);
    return s;
  };
  auto rejected = [&](RolloutState next) {
    Step s = step("reject", std::move(next));
    s.message.trailers = {
        {"Fleetwave-Evidence", "approve in 3333333 is not signed by a key in approvals.allowedSigners"}};
    return s;
  };
  RolloutState completed;
  completed.app = "shop";
  struct Case {
    std::string name;
    RolloutState before;
    Step step;
    std::optional<std::string> want;  // "wave|what|close"
  };
  const auto W = ReleasePhase::WaitingApproval;
  const auto P = ReleasePhase::Progressing;
  const std::vector<Case> cases = {
      {"approve is commented where it is made", state(1, W, {}, rel), step("approve", state(1, W, {"europe"}, rel)),
       std::nullopt},
      {"approved wave starts", state(1, W, {"europe"}, rel), step("advance", state(1, P, {"europe"}, rel)),
       "europe|wave europe started|0"},
      {"another batch", state(1, P, {"europe"}, rel), step("advance", state(1, P, {"europe"}, rel)), std::nullopt},
      {"moves on", state(1, P, {"europe"}, rel), step("advance", state(2, P, {"europe"}, rel)),
       "europe|wave europe is done; the rollout moved on|0"},
      {"rollback in the wave", state(1, P, {"europe"}, rel),
       step("rollback", state(1, ReleasePhase::Held, {"europe"}, rel)), "europe|wave europe: rollback|0"},
      {"complete after the wave", state(1, P, {"europe"}, rel), step("complete", completed),
       "europe|wave europe: complete|0"},
      {"superseded while waiting", state(1, W, {}, rel), step("start", state(0, P, {}, newer)),
       "europe|no longer needed: superseded by release ccccccc|1"},
      {"rolled back while waiting", state(1, W, {}, rel), step("rollback", state(1, ReleasePhase::Held, {}, rel)),
       "europe|no longer needed: rollback|1"},
      {"paused while waiting", state(1, W, {}, rel), step("pause", state(1, W, {}, rel)), "europe|paused|0"},
      {"an unsigned approval rejected", state(1, W, {"europe"}, rel), rejected(state(1, W, {}, rel)),
       "europe|approve in 3333333 is not signed by a key in approvals.allowedSigners; it is rejected and the wave "
       "waits|0"},
      {"ungated wave", state(0, P, {}, rel), step("advance", state(1, W, {}, rel)), std::nullopt},
      {"no release", completed, step("start", state(0, P, {}, rel)), std::nullopt},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    auto got = approval_outcome(plan, c.before, c.step);
    std::optional<std::string> text;
    if (got) text = got->wave + "|" + got->what + "|" + (got->close ? "1" : "0");
    EXPECT_EQ(text, c.want);
  }
}

}  // namespace
}  // namespace fleetwave
