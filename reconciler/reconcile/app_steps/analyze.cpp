// analyze: the analysis checks of the release's current wave, measured for the analysis gate
// (reconcile/analysis_runner.h). Apps without checks, or without a release moving, ask nothing.
#include "reconcile/app_steps/app_step.h"

namespace fleetwave {

StepOutcome analyze_step(AppContext& ctx) {
  if (ctx.analysis == nullptr) return StepOutcome::Continue;
  const std::string namespace_ = ctx.head_reach ? ctx.head_reach->workload_namespace : "";
  ctx.in.analysis = ctx.analysis->run(ctx.in, namespace_);
  ctx.out.report.analysis = ctx.in.analysis;
  return StepOutcome::Continue;
}

}  // namespace fleetwave
