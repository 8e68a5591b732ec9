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

// A state is parsed once while its text stays the same (kept in the blob cache, which lives
// across cycles); each load is a copy with the app's current directory; a new text is parsed anew.
TEST_F(LoadStateStepTest, AStateIsParsedOnceWhileItsTextStaysTheSame) {
  RolloutState s;
  s.app = "shop";
  s.path = "apps/shop";
  s.stable_revision = head_;
  for (const char* c : {"dev-1", "eu-1"}) s.pins[c] = Pin{head_, "canary", c, kNow};
  commit({{state_path("shop"), serialize_state(s)}}, "state");
  RepoSnapshot at(repo_, blobs_, head_);
  auto first = load_state(at, "shop", "apps/shop");
  ASSERT_TRUE(first.ok()) << first.error().to_string();
  EXPECT_EQ(serialize_state(*first), serialize_state(s));
  auto text = at.read_optional(state_path("shop"));
  ASSERT_TRUE(text.ok() && text->has_value());
  ASSERT_NE(blobs_.parsed_state(state_path("shop"), **text), nullptr);

  auto moved = load_state(at, "shop", "moved/shop");
  ASSERT_TRUE(moved.ok());
  EXPECT_EQ(moved->path, "moved/shop");
  EXPECT_EQ(load_state(at, "shop", "apps/shop")->path, "apps/shop") << "a load never changes what is kept";

  s.pins.erase("eu-1");
  commit({{state_path("shop"), serialize_state(s)}}, "state without eu-1");
  RepoSnapshot next(repo_, blobs_, head_);
  auto changed = load_state(next, "shop", "apps/shop");
  ASSERT_TRUE(changed.ok());
  EXPECT_EQ(changed->pins.count("eu-1"), 0u);
}

}  // namespace
}  // namespace fleetwave
