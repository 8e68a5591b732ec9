// The engine's answer to changes approvals.allowedSigners did not let count: a reject that
// writes back the state before them, or -- when changes that counted sit on top -- the same state
// paused. Pure.
#include "rollout/ignored_steps.h"

#include <gtest/gtest.h>

#include "rollout/engine_fixture.h"
#include "rollout/rollout_engine.h"

namespace fleetwave {
namespace {

const std::string kRelease = "2222222222222222222222222222222222222222";

WavePlan plan() {
  return testing_support::parse_shop_plan(
      "  - {name: canary, clusters: {clusterNames: [dev-1]}}\n"
      "  - {name: europe, clusters: {labelSelector: {matchLabels: {geo: eu}}}, approval: required}\n");
}

RolloutState waiting() { return testing_support::waiting_for_approval(kRelease); }

TEST(IgnoredStepsTest, RejectOrPause) {
  struct Case {
    std::string name;
    bool later_steps;
    std::string action;
    std::string subject;
    std::string evidence;
    bool paused;
  };
  const Case cases[] = {
      {"only ignored steps: reject", false, "reject",
       "fleetwave(shop): reject approve in 3333333 (not signed by an allowed key)",
       "approve in 3333333 is not signed by a key in approvals.allowedSigners", false},
      {"later changes on top: pause", true, "pause",
       "fleetwave(shop): pause (approve in 3333333 is not signed by an allowed key)",
       "approve in 3333333 is not signed by a key in approvals.allowedSigners", true},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    const WavePlan p = plan();
    EngineInput in;
    in.plan = &p;
    in.state = waiting();
    in.head_inputs = "inputs";
    in.ignored = IgnoredSteps{{"approve in 3333333 by Eve <eve@x>: not signed by a key in approvals.allowedSigners "
                               "(unsigned)"},
                              "3333333333333333333333333333333333333333",
                              "4444444444444444444444444444444444444444",
                              "approve",
                              c.later_steps};
    Decision d = decide(in);
    ASSERT_TRUE(d.step);
    EXPECT_EQ(d.step->action, c.action);
    EXPECT_EQ(d.step->message.subject, c.subject);
    EXPECT_EQ(d.step->message.trailer("Fleetwave-Evidence"), c.evidence);
    EXPECT_EQ(d.step->message.trailer("Fleetwave-Wave"), "europe");
    EXPECT_NE(d.step->message.body.find("- ignored approve in 3333333 by Eve <eve@x>: not signed"), std::string::npos)
        << d.step->message.body;
    EXPECT_EQ(d.step->next.paused, c.paused);
    RolloutState expected = waiting();
    if (c.paused) {
      expected.paused = true;
      expected.pause_reason =
          c.evidence + "; the state before it is written back, without the changes made on top of it";
    }
    EXPECT_EQ(d.step->next, expected) << "the state the engine was given, nothing more";
  }
}

}  // namespace
}  // namespace fleetwave
