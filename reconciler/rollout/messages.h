// The wording of fleetwave's commits, shared by the engine and the manual steps: subjects,
// trailers (Fleetwave-App, -Release, -Wave, -Action, -Evidence) and the small text helpers
// they are built from. Pure.
#pragma once

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "rollout/rollout_state.h"
#include "rollout/wave_plan.h"

namespace fleetwave {

using Trailers = std::vector<std::pair<std::string, std::string>>;

std::string join(const std::vector<std::string>& items, const std::string& sep = ", ");

// "2/3 europe".
std::string wave_label(const WavePlan& plan, std::size_t index);

// The first line of a multi-line reason (for the Fleetwave-Evidence trailer).
std::string first_line(const std::string& text);

// The trailers of a step of `app`; empty `release`, `wave` or `evidence` are left out.
Trailers step_trailers(const std::string& app, const std::string& release, const std::string& wave,
                       const std::string& action, const std::string& evidence);

// The release a state is about: the one in flight, else the stable one ("" before the first).
std::string release_of(const RolloutState& state);

// The name of the wave the release is in (the last one once done), "" without a release.
std::string current_wave_name(const WavePlan& plan, const RolloutState& state);

}  // namespace fleetwave
