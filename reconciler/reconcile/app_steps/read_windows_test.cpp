// read-windows: the RolloutWindows of policies/ for the window gate; a file that does not parse
// stops every app with a release to move.
#include "reconcile/app_steps/app_step_fixture.h"

namespace fleetwave {
namespace {

class ReadWindowsStepTest : public testing_support::AppStepTest {};

const char* kWindows =
    "apiVersion: fleetwave.io/v1alpha1\nkind: RolloutWindows\nmetadata: {name: freeze}\nspec:\n  windows:\n"
    "  - {kind: deny, schedule: \"0 17 * * FRI\", duration: 63h}\n";

TEST_F(ReadWindowsStepTest, TheWindowsOfPoliciesAreRead) {
  commit({{"policies/windows.yaml", kWindows}}, "windows");
  EXPECT_EQ(run_through("read-windows"), StepOutcome::Continue);
  ASSERT_EQ(context().in.windows.size(), 1u);
  EXPECT_EQ(context().in.windows[0].source, "freeze[0]");
  EXPECT_EQ(context().in.inventory.size(), 4u);
  EXPECT_EQ(context().in.app_namespace, "shop") << "the one namespace of the app's templates, for windows' namespaces";
}

TEST_F(ReadWindowsStepTest, AWindowsFileThatDoesNotParseStopsTheApp) {
  commit({{"policies/windows.yaml", std::string(kWindows) + "  - {kind: sometimes}\n"}}, "broken windows");
  EXPECT_EQ(run_through("read-windows"), StepOutcome::Stop);
  ASSERT_FALSE(context().out.report.errors.empty());
  EXPECT_NE(context().out.report.errors.front().to_string().find("policies/windows.yaml:7:"), std::string::npos)
      << context().out.report.errors.front().to_string();
}

}  // namespace
}  // namespace fleetwave
