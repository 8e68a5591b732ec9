// assign-waves: the reached clusters into the WavePlan's waves (a reached cluster no wave
// selects is an error at the WavePlan's file), and which of them are cordoned at the head (the
// engine pins those with their wave but does not wait for them).
#include "model/cordons.h"
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
  auto cordons = load_cordons(ctx.snapshot);
  if (!cordons.ok()) {  // the render reads the same file, so this is rare: say it, decide nothing
    ctx.out.report.errors.push_back(cordons.error());
    return StepOutcome::Stop;
  }
  for (const Cordon& c : *cordons) ctx.in.cordoned.push_back(c.cluster);  // sorted, as the file
  ctx.in.head_cordons = cordons_document(*cordons);
  return StepOutcome::Continue;
}

}  // namespace fleetwave
