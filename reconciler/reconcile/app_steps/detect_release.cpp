// detect-release: an app whose inputs are the stable release's, with no release in flight, no
// pause and no foreign change, is up to date: no render, no Argo CD call.
#include "reconcile/app_steps/app_step.h"

namespace fleetwave {

StepOutcome detect_release_step(AppContext& ctx) {
  const EngineInput& in = ctx.in;
  const bool idle =
      !in.foreign_change && !in.state.paused && !in.state.release && in.head_inputs == in.state.stable_inputs;
  return idle ? StepOutcome::Stop : StepOutcome::Continue;
}

}  // namespace fleetwave
