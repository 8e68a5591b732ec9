// Held clusters in the engine's eyes: out of every wave while held; once released, any cluster of
// a wave the release already reached (or, without a release, any cluster) whose pin is not
// the release's (the stable one's) is brought up to date.
#pragma once

#include <string>
#include <vector>

#include "rollout/rollout_engine.h"

namespace fleetwave {

// `waves` without the held clusters of `state`.
WaveAssignment without_held(const WaveAssignment& waves, const RolloutState& state);

// Clusters to bring up to date: pinned, not held, in a wave before the release's current one
// (every wave when no release is in flight), pinned elsewhere than the release (the stable one).
// Nothing while a release waits or is held.
std::vector<std::string> behind_after_hold(const EngineInput& in);

}  // namespace fleetwave
