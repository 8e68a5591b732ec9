// observe: Argo CD's Applications of the app by cluster, asked once per app per cycle (the cache
// spans a cycle's push retries); unreachable is not an error of the app.
#include "reconcile/app_steps/app_step_fixture.h"

namespace fleetwave {
namespace {

class ObserveStepTest : public testing_support::AppStepTest {};

TEST_F(ObserveStepTest, ObservationsAreAskedOncePerCycle) {
  EXPECT_EQ(run_through("observe"), StepOutcome::Continue);
  EXPECT_TRUE(context().in.observations.reachable);
  EXPECT_EQ(argocd_.queries(), 1u);
  ctx_.reset();  // the same cycle, after a push retry
  EXPECT_EQ(run_through("observe"), StepOutcome::Continue);
  EXPECT_EQ(argocd_.queries(), 1u);
}

TEST_F(ObserveStepTest, AnUnreachableArgoCdIsNoErrorOfTheApp) {
  argocd_.set_unreachable(true);
  EXPECT_EQ(run_through("observe"), StepOutcome::Continue);
  EXPECT_FALSE(context().in.observations.reachable);
  EXPECT_TRUE(context().out.report.errors.empty());
}

}  // namespace
}  // namespace fleetwave
