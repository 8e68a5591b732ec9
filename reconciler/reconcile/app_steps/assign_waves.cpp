// assign-waves: the reached clusters into the WavePlan's waves (a reached cluster no wave
// selects is an error at the WavePlan's file).
#include "reconcile/app_steps/app_step.h"

namespace fleetwave {

StepOutcome assign_waves_step(AppContext& ctx) {
  auto waves = assign_waves(*ctx.app.plan, ctx.all_clusters, ctx.inventory);
  if (!waves.ok()) {
    ctx.out.report.errors.push_back(with_file(waves.error(), ctx.app.plan_file));
    return StepOutcome::Stop;
  }
  ctx.in.waves = *waves;
  ctx.out.report.waves = *waves;
  return StepOutcome::Continue;
}

}  // namespace fleetwave
