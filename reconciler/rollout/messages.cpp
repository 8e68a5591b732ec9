#include "rollout/messages.h"

#include <algorithm>

namespace fleetwave {

std::string join(const std::vector<std::string>& items, const std::string& sep) {
  std::string out;
  for (const std::string& s : items) out += (out.empty() ? "" : sep) + s;
  return out;
}

std::string wave_label(const WavePlan& plan, std::size_t index) {
  return std::to_string(index + 1) + "/" + std::to_string(plan.waves.size()) + " " + plan.waves[index].name;
}

std::string first_line(const std::string& text) {
  std::size_t nl = text.find('\n');
  return nl == std::string::npos ? text : text.substr(0, nl);
}

Trailers step_trailers(const std::string& app, const std::string& release, const std::string& wave,
                       const std::string& action, const std::string& evidence) {
  Trailers t = {{"Fleetwave-App", app}};
  if (!release.empty()) t.emplace_back("Fleetwave-Release", release);
  if (!wave.empty()) t.emplace_back("Fleetwave-Wave", wave);
  t.emplace_back("Fleetwave-Action", action);
  if (!evidence.empty()) t.emplace_back("Fleetwave-Evidence", evidence);
  return t;
}

std::string release_of(const RolloutState& state) {
  return state.release ? state.release->revision : state.stable_revision;
}

std::string current_wave_name(const WavePlan& plan, const RolloutState& state) {
  if (!state.release || plan.waves.empty()) return "";
  return plan.waves[std::min(state.release->wave, plan.waves.size() - 1)].name;
}

}  // namespace fleetwave
