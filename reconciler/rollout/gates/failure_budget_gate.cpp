// failure-budget: a wave fails when more of its clusters failed than `maxFailures` allows (a
// count or a percentage of the wave, rounded down; 0 by default). A cluster failed when Argo CD
// reports its pinned revision Degraded or its sync failed, or when it is not healthy by the
// wave's progressDeadline (progress_deadline_gate.cpp). Failures within the budget are tolerated
// and named in the evidence of the next advance.
#include "rollout/gates/wave_gate.h"

namespace fleetwave {

GateVerdict failure_budget_gate(const GateContext& ctx) {
  const WaveProgress& p = *ctx.progress;
  const std::int64_t budget = ctx.wave.max_failures.of(static_cast<std::int64_t>(p.total));
  if (static_cast<std::int64_t>(p.failures.size()) <= budget) return GateVerdict::pass();
  std::string evidence;
  for (const std::string& f : p.failures) evidence += (evidence.empty() ? "" : "; ") + f;
  return GateVerdict::fail(evidence);
}

}  // namespace fleetwave
