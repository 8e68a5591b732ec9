// The title and Markdown body of an approval request: what approving starts (the wave plan with
// the gated wave's clusters) and what those clusters receive differently (the per-cluster
// rendered diff between the stable release and the release). Pure and deterministic; the body
// is capped so providers accept it (GitHub refuses bodies over 65,536 characters).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "rollout/wave_assignment.h"
#include "rollout/wave_plan.h"

namespace fleetwave {

// The rendered difference of one cluster; `error` set when either side did not render.
struct ClusterDiff {
  std::string cluster;
  std::string diff;  // unified diff, "" when identical
  std::string error;
};

struct RequestBodyInput {
  std::string app;
  const WavePlan* plan = nullptr;
  WaveAssignment waves;         // clusters per wave, as the reconciler assigned them
  std::string wave;             // the gated wave
  std::string stable_revision;  // "" before the first release
  std::string release_revision;
  std::vector<ClusterDiff> diffs;  // the gated wave's clusters, by name
};

inline constexpr std::size_t kMaxRequestBodyChars = 60000;

// "fleetwave(<app>): approve <release7> wave <wave>", the approve commit's subject.
std::string request_title(const std::string& app, const std::string& release_revision, const std::string& wave);

// At most `max_chars` characters (not less than 2,000); diffs that do not fit are cut at a line
// and the body ends with a note naming the `fleetwave diff` command that prints everything.
std::string request_body(const RequestBodyInput& in, std::size_t max_chars = kMaxRequestBodyChars);

}  // namespace fleetwave
