// fleetwave hold / release-hold: the manual steps, and what the engine makes of holds (it decides
// as if held clusters were in no wave, and brings released ones up to date).
#include "rollout/cluster_holds.h"

#include <algorithm>
#include <set>

#include "rollout/manual_actions.h"
#include "rollout/messages.h"

namespace fleetwave {
namespace {

// Unknown and duplicate names; "" when every cluster has an Application of the app.
std::string check_known(const RolloutState& state, const std::vector<std::string>& clusters) {
  if (clusters.empty()) return "name at least one cluster";
  std::set<std::string> seen;
  for (const std::string& c : clusters) {
    if (!seen.insert(c).second) return "cluster " + c + " is named twice";
    if (state.pins.count(c) == 0) {
      std::vector<std::string> known;
      for (const auto& [name, pin] : state.pins) known.push_back(name);
      return "cluster " + c + " has no Application of " + state.app +
             (known.empty() ? " (it has none yet)" : " (its clusters: " + join(known) + ")");
    }
  }
  return "";
}

// A wave whose every cluster would be held: nothing of it could roll out.
std::string wave_emptied(const RolloutState& state, const std::set<std::string>& held) {
  std::map<std::string, std::pair<std::size_t, std::size_t>> by_wave;  // wave -> (clusters, held)
  for (const auto& [cluster, pin] : state.pins) {
    auto& [total, on_hold] = by_wave[pin.wave];
    ++total;
    if (held.count(cluster) != 0) ++on_hold;
  }
  for (const auto& [wave, counts] : by_wave) {
    if (!wave.empty() && counts.first == counts.second) return wave;
  }
  return "";
}

}  // namespace

Result<Step> hold_clusters_step(const WavePlan& plan, const RolloutState& state,
                                const std::vector<std::string>& clusters, const std::string& reason,
                                std::int64_t now_ms) {
  if (std::string why = check_known(state, clusters); !why.empty()) return invalid_input(why);
  if (reason.empty()) return invalid_input("say why with --reason");
  std::set<std::string> held;
  for (const auto& [c, hold] : state.holds) held.insert(c);
  for (const std::string& c : clusters) {
    if (state.holds.count(c) != 0) return conflict("cluster " + c + " is already held: " + state.holds.at(c).reason);
    held.insert(c);
  }
  if (std::string wave = wave_emptied(state, held); !wave.empty()) {
    return invalid_input("that would hold every cluster of wave " + wave +
                         "; hold fewer clusters, or stop the app with `fleetwave pause " + state.app + "`");
  }
  RolloutState next = state;
  for (const std::string& c : clusters) next.holds[c] = ClusterHold{reason, now_ms};
  const std::string wave = current_wave_name(plan, next);
  return person_step("hold-cluster", std::move(next), "hold " + join(clusters) + " (" + reason + ")",
                     "Held out of rollouts: " + join(clusters) +
                         ". They keep their pin and count against no wave until `fleetwave release-hold " + state.app +
                         " " + join(clusters) + "`.",
                     wave, "held by a person: " + reason);
}

Result<Step> release_hold_step(const WavePlan& plan, const RolloutState& state,
                               const std::vector<std::string>& clusters) {
  if (clusters.empty()) return invalid_input("name at least one cluster");
  RolloutState next = state;
  for (const std::string& c : clusters) {
    if (next.holds.erase(c) == 0) return invalid_input("cluster " + c + " is not held");
  }
  const std::string wave = current_wave_name(plan, next);
  return person_step("release-hold", std::move(next), "release hold of " + join(clusters),
                     "Released: " + join(clusters) + ". The reconciler brings them up to date.", wave,
                     "released by a person");
}

Result<Step> promote_step(const WavePlan& plan, const RolloutState& state, const std::optional<std::string>& to_wave,
                          const std::string& reason) {
  if (!state.release || state.release->phase == ReleasePhase::Held)
    return invalid_input("nothing to promote: " + state.app + " has no release in flight");
  if (reason.empty()) return invalid_input("say why with --reason");
  const ReleaseState& r = *state.release;
  const std::string target = to_wave.value_or(plan.waves.back().name);
  const Wave* wave = plan.find(target);
  if (wave == nullptr) return invalid_input("unknown wave \"" + target + "\" in the WavePlan of " + state.app);
  if (static_cast<std::size_t>(wave - plan.waves.data()) < r.wave)
    return invalid_input("wave " + target + " of " + state.app + " has already started");
  RolloutState next = state;
  next.release->promoted_to = target;
  std::string body = "Release " + short_sha(r.revision) +
                     " skips the bake, analysis and approval of every wave up to " + target +
                     " and pins each wave whole; health still counts.";
  if (plan.fast_forward_needs_approval)
    body += "\nfastForward is approval-required: this takes effect once wave " + target +
            " is approved (`fleetwave approve " + state.app + " --wave " + target + "`).";
  const std::string wave_name = current_wave_name(plan, next);
  return person_step("promote", std::move(next),
                     "promote " + short_sha(r.revision) + (to_wave ? " to wave " + target : " through every wave") +
                         " (" + reason + ")",
                     body, wave_name, "promoted by a person: " + reason);
}

WaveAssignment without_held(const WaveAssignment& waves, const RolloutState& state) {
  WaveAssignment out = waves;
  for (auto& wave : out.clusters) std::erase_if(wave, [&](const std::string& c) { return state.holds.count(c) != 0; });
  return out;
}

std::vector<std::string> behind_after_hold(const EngineInput& in) {
  const RolloutState& s = in.state;
  const bool rolling = s.release && s.release->phase == ReleasePhase::Progressing;
  if (!rolling && s.release) return {};
  const std::string& target = rolling ? s.release->revision : s.stable_revision;
  const std::size_t waves_reached = rolling ? s.release->wave : in.waves.clusters.size();
  std::vector<std::string> out;
  for (std::size_t w = 0; w < waves_reached && w < in.waves.clusters.size(); ++w) {
    for (const std::string& c : in.waves.clusters[w]) {
      auto pin = s.pins.find(c);
      if (pin != s.pins.end() && pin->second.revision != target && s.holds.count(c) == 0) out.push_back(c);
    }
  }
  return out;
}

}  // namespace fleetwave
