#include "rollout/ignored_steps.h"

#include "rollout/messages.h"
#include "rollout/rollout_engine.h"

namespace fleetwave {
namespace {

std::string listed(const IgnoredSteps& ignored) {
  std::string out;
  for (const std::string& line : ignored.lines) out += "- ignored " + line + "\n";
  return out;
}

}  // namespace

Step ignored_steps_step(const WavePlan& plan, const RolloutState& state, const IgnoredSteps& ignored) {
  Step step;
  step.next = state;
  const std::string what = ignored.oldest_action + " in " + short_sha(ignored.oldest);
  const std::string why = what + " is not signed by a key in approvals.allowedSigners";
  if (!ignored.later_steps) {
    step.action = "reject";
    step.message.subject = "reject " + what + " (not signed by an allowed key)";
    step.message.body = listed(ignored) + "\nThe state before " + short_sha(ignored.oldest) +
                        " is written back. Take the step again with a signed commit (fleetwave --signing-key, or "
                        "git commit -S with an SSH key listed in approvals.allowedSigners).";
  } else {
    step.action = "pause";
    step.next.paused = true;
    step.next.pause_reason = why + "; the state before it is written back, without the changes made on top of it";
    step.message.subject = "pause (" + what + " is not signed by an allowed key)";
    step.message.body = listed(ignored) + "\nChanges of .fleetwave/" + state.app + " were made on top of " +
                        short_sha(ignored.oldest) +
                        ", so fleetwave writes back the state before it and pauses. "
                        "Take again, signed, what should count, then run a signed `fleetwave resume " +
                        state.app + "`.";
  }
  step.message.trailers =
      step_trailers(state.app, release_of(step.next), current_wave_name(plan, step.next), step.action, first_line(why));
  return step;
}

}  // namespace fleetwave
