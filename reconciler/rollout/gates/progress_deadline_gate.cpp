// progress-deadline: every pinned cluster of the wave must become Synced and Healthy at its pin
// (observation.h's judge_cluster). While one is still on the way the wave waits; one that is not
// healthy within the wave's `progressDeadline` (counted from its pin) counts as failed, and the
// failure budget decides what that means for the wave.
#include "base/duration_text.h"
#include "rollout/gates/wave_gate.h"

namespace fleetwave {

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
  std::string list;
  for (const std::string& w : p.waiting) list += (list.empty() ? "" : "; ") + w;
  return GateVerdict::wait("wave " + ctx.label + " waiting for " + list);
}

}  // namespace fleetwave
