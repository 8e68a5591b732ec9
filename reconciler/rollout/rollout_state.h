// The machine-owned rollout state of one app, committed as .fleetwave/<app>/state.yaml, and the
// targets.json derived from it (one entry per pinned cluster, read by the ApplicationSet git
// files generator). Formats are documented in docs/formats.md.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "base/json.h"
#include "base/result.h"

namespace fleetwave {

// Where a cluster's Argo CD Application points.
struct Pin {
  std::string revision;  // 40-hex commit
  std::string wave;      // wave name
  std::string server;    // Argo CD destination: spec.apiEndpoint, or the cluster name
  std::int64_t pinned_at_ms = 0;
  // A cluster a rollback returned to the stable release keeps the cordon overlay of the release
  // it left (cordons are fleet state, not something a rollback undoes): the commit whose overlay
  // the cluster renders with (RolloutState::cordon_overlays), "" for the revision's own.
  std::string cordons_of;
  bool operator==(const Pin&) const = default;
};

// A cluster an operator keeps out of rollouts (`fleetwave hold`): it keeps its pin and does not
// count against any wave's gates until `fleetwave release-hold`.
struct ClusterHold {
  std::string reason;
  std::int64_t since_ms = 0;
  bool operator==(const ClusterHold&) const = default;
};

enum class ReleasePhase { Progressing, WaitingApproval, Held };

struct ReleaseState {
  std::string revision;  // the candidate commit
  std::string inputs;    // input digest at that commit (app dir, clusters/, policies/ tree ids)
  ReleasePhase phase = ReleasePhase::Progressing;
  std::size_t wave = 0;  // index of the wave being rolled out
  std::int64_t started_at_ms = 0;
  std::vector<std::string> approvals;  // waves approved for this release
  std::string reason;                  // why it is held
  // `fleetwave promote`: the last wave whose bake, analysis and approval are skipped ("" none).
  std::string promoted_to;
  // The release's cordon overlay document when it differs from the stable release's (null when
  // they are the same): what a cluster keeps when a rollback returns it to the stable release.
  Json cordons;
  bool operator==(const ReleaseState&) const = default;
};

struct RolloutState {
  std::string app;
  std::string path;  // app directory in the repository
  bool paused = false;
  std::string pause_reason;
  std::string stable_revision;  // last fully rolled-out release ("" before the first one)
  std::string stable_inputs;
  std::optional<ReleaseState> release;
  std::map<std::string, Pin> pins;           // cluster -> pin; unpinned clusters have no Application
  std::map<std::string, ClusterHold> holds;  // cluster -> why it is held out of rollouts
  // Pin::cordons_of -> that commit's cordon overlay document; only entries some pin names are kept.
  std::map<std::string, Json> cordon_overlays;
  bool operator==(const RolloutState&) const = default;
};

const char* to_string(ReleasePhase phase);

std::string state_path(const std::string& app);    // .fleetwave/<app>/state.yaml
std::string targets_path(const std::string& app);  // .fleetwave/<app>/targets.json

std::string serialize_state(const RolloutState& state);
Result<RolloutState> parse_state(const std::string& text, const std::string& file);

// Every cluster pinned to `revision` returns to the stable release (or loses its pin when there
// is none yet), keeping the cordon overlay of the release in flight when that is `revision` and
// its overlay differs from the stable's. Returns how many clusters moved.
std::size_t return_to_stable(RolloutState& state, const std::string& revision, std::int64_t now_ms);

// targets.json: [{app, cluster, server, wave, revision, path, cordons}, ...] sorted by cluster;
// cordons is the overlay the renderer uses instead of the revision's own as compact JSON (the
// plugin env FLEETWAVE_CORDONS), "" for the revision's own.
std::string serialize_targets(const RolloutState& state);
Json targets_json(const RolloutState& state);

}  // namespace fleetwave
