// detect-release: an app whose inputs are the stable release's, with no release in flight, no
// pause, no foreign change and no cluster released from a hold off the stable release, is up to
// date: no render, no Argo CD call.
#include <algorithm>

#include "reconcile/app_steps/app_step.h"

namespace fleetwave {

StepOutcome detect_release_step(AppContext& ctx) {
  const EngineInput& in = ctx.in;
  const RolloutState& s = in.state;
  const bool behind = std::any_of(s.pins.begin(), s.pins.end(), [&](const auto& pin) {
    return pin.second.revision != s.stable_revision && s.holds.count(pin.first) == 0;
  });
  const bool idle = !in.foreign_change && !s.paused && !s.release && in.head_inputs == s.stable_inputs && !behind;
  return idle ? StepOutcome::Stop : StepOutcome::Continue;
}

}  // namespace fleetwave
