// detect-release: an app whose head is its stable release, with nothing in flight, stops here
// (no render, no Argo CD); changed inputs go on.
#include "reconcile/app_steps/app_step_fixture.h"

namespace fleetwave {
namespace {

class DetectReleaseStepTest : public testing_support::AppStepTest {};

TEST_F(DetectReleaseStepTest, AnUpToDateAppStopsBeforeAnyRender) {
  head_is_stable();
  EXPECT_EQ(run_through("detect-release"), StepOutcome::Stop);
  EXPECT_EQ(argocd_.queries(), 0u);
  EXPECT_FALSE(context().head_reach);
}

TEST_F(DetectReleaseStepTest, ChangedInputsOrAPauseGoOn) {
  head_is_stable();
  commit({{"apps/shop/deploy.yaml", testkit::deployment("web:2.0")}}, "web 2.0");
  EXPECT_EQ(run_through("detect-release"), StepOutcome::Continue);
}

}  // namespace
}  // namespace fleetwave
