// progress-deadline: every pinned cluster of the wave must become Synced and Healthy at its pin
// (observation.h's judge_cluster). While one is still on the way the wave waits; one that is not
// healthy within the wave's `progressDeadline` (counted from its pin) counts as failed, and the
// failure budget decides what that means for the wave.
#include <algorithm>
#include <utility>

#include "base/duration_text.h"
#include "rollout/gates/wave_gate.h"

namespace fleetwave {

namespace {

// The clusters on the way grouped by what Argo CD says of them, in the order first met: at 1,000
// clusters one cause (Argo CD unreachable, a sync still running) is said once, with the first
// names and a count, not a thousand times. Each cluster's own words are on its row.
std::string waiting_list(const std::vector<WaveProgress::Waiting>& waiting) {
  constexpr std::size_t kNamesShown = 5;
  std::vector<std::pair<std::string, std::vector<std::string>>> groups;
  for (const WaveProgress::Waiting& w : waiting) {
    auto it = std::find_if(groups.begin(), groups.end(), [&](const auto& g) { return g.first == w.detail; });
    if (it == groups.end()) it = groups.insert(groups.end(), {w.detail, {}});
    it->second.push_back(w.cluster);
  }
  std::string list;
  for (const auto& [detail, clusters] : groups) {
    std::string names;
    for (std::size_t i = 0; i < clusters.size() && i < kNamesShown; ++i) names += (i == 0 ? "" : ", ") + clusters[i];
    if (clusters.size() > kNamesShown) names += " and " + std::to_string(clusters.size() - kNamesShown) + " more";
    list += (list.empty() ? "" : "; ") + names + ": " + detail;
  }
  return list;
}

}  // namespace

std::optional<std::string> past_progress_deadline(const Wave& wave, const ClusterProgress& cluster,
                                                  std::int64_t now_ms) {
  if (!wave.progress_deadline_ms || cluster.judgement.verdict == Verdict::Done) return std::nullopt;
  if (now_ms - cluster.pinned_at_ms <= *wave.progress_deadline_ms) return std::nullopt;
  return cluster.cluster + ": not healthy within progressDeadline " + format_duration_ms(*wave.progress_deadline_ms) +
         " (" + cluster.judgement.detail + ")";
}

GateVerdict progress_deadline_gate(const GateContext& ctx) {
  const WaveProgress& p = *ctx.progress;
  if (p.waiting.empty()) return GateVerdict::pass();
  return GateVerdict::wait("wave " + ctx.label + " waiting for " + waiting_list(p.waiting));
}

}  // namespace fleetwave
