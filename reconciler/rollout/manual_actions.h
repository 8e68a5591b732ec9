// The steps people take through Git (`fleetwave approve|pause|resume|rollback APP`): each is
// one commit changing the app's rollout state, with the same trailers as automated steps.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "base/result.h"
#include "rollout/rollout_engine.h"

namespace fleetwave {

// A step a person takes: subject "fleetwave(<app>): <subject>", Fleetwave-* trailers naming `wave`.
Step person_step(const std::string& action, RolloutState next, std::string subject, std::string body,
                 const std::string& wave, const std::string& evidence);

// Approves `wave` (default: the wave waiting for approval) of the release in flight. Waves
// ahead of the current one may be approved in advance.
Result<Step> approve_step(const WavePlan& plan, const RolloutState& state, const std::optional<std::string>& wave);

// Stops automation for the app until `resume`.
Result<Step> pause_step(const WavePlan& plan, const RolloutState& state, const std::string& reason);

// Ends a pause; or restarts a held release: from the first wave when it was rolled back,
// from where it stopped (with fresh progress deadlines) when it was held in place.
Result<Step> resume_step(const WavePlan& plan, const RolloutState& state, std::int64_t now_ms);

// Rolls the release in flight back: every cluster on it returns to the stable release, and the
// release is held.
Result<Step> rollback_step(const WavePlan& plan, const RolloutState& state, const std::string& reason,
                           std::int64_t now_ms);

}  // namespace fleetwave

namespace fleetwave {

// Promotes the release in flight through wave `to_wave` (nullopt: every wave, `--full`): the
// bake, analysis and approval of the waves up to it are skipped and each is pinned whole; health
// never is (a Degraded cluster still fails the wave). With fastForward: approval-required the
// promote takes effect once that wave is approved.
Result<Step> promote_step(const WavePlan& plan, const RolloutState& state, const std::optional<std::string>& to_wave,
                          const std::string& reason);

// Keeps `clusters` (each with an Application of the app) out of rollouts: they keep their pin
// and count against no wave's gates. Refused when that would hold every cluster of a wave.
Result<Step> hold_clusters_step(const WavePlan& plan, const RolloutState& state,
                                const std::vector<std::string>& clusters, const std::string& reason,
                                std::int64_t now_ms);

// Ends the holds of `clusters`; the reconciler then brings each up to date (the release in flight
// when its wave was reached, else the stable release).
Result<Step> release_hold_step(const WavePlan& plan, const RolloutState& state,
                               const std::vector<std::string>& clusters);

}  // namespace fleetwave
