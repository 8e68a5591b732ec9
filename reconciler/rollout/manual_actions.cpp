#include "rollout/manual_actions.h"

#include <algorithm>

#include "rollout/messages.h"

namespace fleetwave {
Step person_step(const std::string& action, RolloutState next, std::string subject, std::string body,
                 const std::string& wave, const std::string& evidence) {
  Step step;
  step.action = action;
  step.message.subject = "fleetwave(" + next.app + "): " + std::move(subject);
  step.message.body = std::move(body);
  step.message.trailers = step_trailers(next.app, release_of(next), wave, action, evidence);
  step.next = std::move(next);
  return step;
}

Result<Step> approve_step(const WavePlan& plan, const RolloutState& state, const std::optional<std::string>& wave) {
  if (!state.release || state.release->phase == ReleasePhase::Held) {
    return invalid_input("nothing to approve: " + state.app + " has no release in flight");
  }
  const ReleaseState& r = *state.release;
  std::string name = wave.value_or(r.phase == ReleasePhase::WaitingApproval ? current_wave_name(plan, state) : "");
  if (name.empty()) return invalid_input("no wave of " + state.app + " is waiting for approval; name one with --wave");
  auto it = std::find_if(plan.waves.begin(), plan.waves.end(), [&](const Wave& w) { return w.name == name; });
  if (it == plan.waves.end()) return invalid_input("unknown wave \"" + name + "\" in the WavePlan of " + state.app);
  std::size_t index = static_cast<std::size_t>(it - plan.waves.begin());
  if (index < r.wave) return invalid_input("wave " + name + " of " + state.app + " has already started");
  if (std::find(r.approvals.begin(), r.approvals.end(), name) != r.approvals.end()) {
    return conflict("wave " + name + " of release " + short_sha(r.revision) + " is already approved");
  }
  RolloutState next = state;
  next.release->approvals.push_back(name);
  std::sort(next.release->approvals.begin(), next.release->approvals.end());
  return person_step("approve", std::move(next), "approve " + short_sha(r.revision) + " wave " + name,
                     "Wave " + name + " of release " + short_sha(r.revision) + " may start.", name,
                     "approved by a person");
}

Result<Step> pause_step(const WavePlan& plan, const RolloutState& state, const std::string& reason) {
  if (state.paused) return conflict(state.app + " is already paused: " + state.pause_reason);
  RolloutState next = state;
  next.paused = true;
  next.pause_reason = reason.empty() ? "paused by a person" : reason;
  return person_step("pause", std::move(next), "pause (" + (reason.empty() ? std::string("by a person") : reason) + ")",
                     "Automation stops for " + state.app + " until `fleetwave resume " + state.app + "`.",
                     current_wave_name(plan, state), reason);
}

Result<Step> resume_step(const WavePlan& plan, const RolloutState& state, std::int64_t now_ms) {
  RolloutState next = state;
  std::string body;
  if (state.paused) {
    next.paused = false;
    next.pause_reason.clear();
    body = "Was paused: " + state.pause_reason + ".";
  } else if (state.release && state.release->phase == ReleasePhase::Held) {
    ReleaseState& r = *next.release;
    bool rolled_back = std::none_of(next.pins.begin(), next.pins.end(),
                                    [&](const auto& p) { return p.second.revision == r.revision; });
    r.phase = ReleasePhase::Progressing;
    if (rolled_back) {
      r.wave = 0;
      body =
          "Release " + short_sha(r.revision) + " was rolled back (" + r.reason + "); it restarts from the first wave.";
    } else {
      for (auto& [cluster, pin] : next.pins) {
        if (pin.revision == r.revision) pin.pinned_at_ms = now_ms;
      }
      body = "Release " + short_sha(r.revision) + " was held (" + r.reason + "); it continues in wave " +
             current_wave_name(plan, next) + ".";
    }
    r.reason.clear();
  } else {
    return invalid_input("nothing to resume: " + state.app + " is neither paused nor holding a release");
  }
  return person_step("resume", std::move(next), "resume", body, current_wave_name(plan, state), "resumed by a person");
}

Result<Step> rollback_step(const WavePlan& plan, const RolloutState& state, const std::string& reason,
                           std::int64_t now_ms) {
  if (!state.release) return invalid_input("nothing to roll back: " + state.app + " has no release in flight");
  RolloutState next = state;
  ReleaseState& r = *next.release;
  const std::size_t moved = return_to_stable(next, r.revision, now_ms);
  r.phase = ReleasePhase::Held;
  r.reason = reason.empty() ? "rolled back by a person" : reason;
  // A promotion is for the try it was given for: a resume restarts the release from its first
  // wave with every gate in force again (issue 25, 5).
  r.promoted_to.clear();
  std::string target = next.stable_revision.empty() ? "" : " to " + short_sha(next.stable_revision);
  // Copies: `r` lives in `next`, which is moved into make() in an unspecified argument order.
  const std::string why = r.reason, revision = r.revision;
  return person_step("rollback", std::move(next), "roll back " + short_sha(revision) + target + " (" + why + ")",
                     std::to_string(moved) + " cluster(s) returned" + (target.empty() ? " to no release" : target) +
                         ". The release is held until a newer one or `fleetwave resume " + state.app + "`.",
                     current_wave_name(plan, state), why);
}

}  // namespace fleetwave
