// load-state: the state, the input digest and the release's name at the head; a state file that
// does not parse stops the app with its file and field.
#include "reconcile/app_steps/app_step_fixture.h"

namespace fleetwave {
namespace {

class LoadStateStepTest : public testing_support::AppStepTest {};

TEST_F(LoadStateStepTest, ANewAppHasAFreshStateAndTheHeadAsItsRelease) {
  EXPECT_EQ(run_through("load-state"), StepOutcome::Continue);
  const EngineInput& in = context().in;
  EXPECT_EQ(in.state.stable_revision, "");
  EXPECT_FALSE(in.state.release);
  EXPECT_EQ(in.head_inputs, digest());
  EXPECT_EQ(in.head_inputs.rfind("app=", 0), 0u) << in.head_inputs;
  EXPECT_EQ(in.head_revision, head_);
}

TEST_F(LoadStateStepTest, TheReleaseIsNamedByTheLastCommitThatChangedTheInputs) {
  commit({{"apps/shop/deploy.yaml", testkit::deployment("web:2.0")}}, "web 2.0");
  const std::string change = head_;
  commit({{"README.md", "notes\n"}}, "docs only");
  EXPECT_EQ(run_through("load-state"), StepOutcome::Continue);
  EXPECT_EQ(context().in.head_revision, change);
}

TEST_F(LoadStateStepTest, AStateThatDoesNotParseStopsTheAppNamingItsFile) {
  commit({{state_path("shop"), "apiVersion: fleetwave.io/v1alpha1\nkind: RolloutState\napp: shop\n"}});
  EXPECT_EQ(run_through("load-state"), StepOutcome::Stop);
  const ErrorList& errors = context().out.report.errors;
  ASSERT_FALSE(errors.empty());
  EXPECT_NE(errors.front().to_string().find(".fleetwave/shop/state.yaml"), std::string::npos)
      << errors.front().to_string();
}

}  // namespace
}  // namespace fleetwave
