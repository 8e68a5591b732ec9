// analysis: the metric and web checks of the current wave (spec.analysis and the wave's own),
// decided as Argo Rollouts decides an AnalysisRun. A check measured per cluster that ends Failed
// or Error makes its cluster a failed one (wave_progress.cpp), under the failure budget like a
// Degraded cluster; a check measured once for the wave that ends Failed or Error fails the wave
// (rolled back or held per onFailure). Inconclusive holds the release for a person: `fleetwave
// resume` runs the analysis again from then, `fleetwave rollback` rolls back. Once the wave is
// pinned, it moves on only when every check of every cluster succeeded: a check still measuring,
// or that cannot be measured (Prometheus unreachable), keeps the wave waiting and says why;
// missing data never advances. A dryRun check is measured and shown, never decides; a check
// without a count (measuring for as long as its wave is current) never holds the wave back.
#include <algorithm>

#include "rollout/gates/wave_gate.h"

namespace fleetwave {
namespace {

using Phase = CheckVerdict::Phase;

bool is_wave_check(const AnalysisStatus& s) { return s.cluster.empty(); }

const AnalysisCheck* check_named(const GateContext& ctx, const std::string& name) {
  for (const AnalysisCheck* check : ctx.in.plan->checks_of(ctx.index)) {
    if (check->name == name) return check;
  }
  return nullptr;
}

bool decides(const GateContext& ctx, const AnalysisStatus& s) {
  const AnalysisCheck* check = check_named(ctx, s.check);
  return check != nullptr && !check->dry_run && s.error.empty();
}

}  // namespace

std::string describe(const AnalysisStatus& s) {
  std::string text = s.check + (s.cluster.empty() ? "" : " on " + s.cluster) + " (" + s.condition + "): ";
  if (!s.error.empty()) return text + s.error;
  return text + s.verdict.summary;
}

bool analysis_failed(const AnalysisStatus& s) {
  return s.error.empty() && (s.verdict.phase == Phase::Failed || s.verdict.phase == Phase::Error);
}

// Progress: a check of the whole wave that failed (or errored) fails the wave; an inconclusive
// check, of the wave or of a cluster, holds the release for a person.
GateVerdict analysis_failure_gate(const GateContext& ctx) {
  for (const AnalysisStatus& s : ctx.in.analysis) {
    if (!decides(ctx, s)) continue;
    if (is_wave_check(s) && analysis_failed(s)) return GateVerdict::fail("analysis " + describe(s));
    if (s.verdict.phase == Phase::Inconclusive) return GateVerdict::hold("analysis " + describe(s));
  }
  return GateVerdict::pass();
}

// Leave: every deciding check of the wave, for each pinned cluster (or once), has succeeded.
GateVerdict analysis_gate(const GateContext& ctx) {
  if (fast_forwarded(*ctx.in.plan, ctx.release, ctx.index))
    return GateVerdict::pass("promoted to wave " + ctx.release.promoted_to + " by a person");
  std::string passed;
  for (const AnalysisCheck* check : ctx.in.plan->checks_of(ctx.index)) {
    if (check->dry_run || !check->count) continue;  // never holds the wave back
    std::vector<std::string> targets;
    if (check->per_cluster) {
      for (const ClusterProgress& c : ctx.progress->pinned) {
        const std::vector<std::string>& cordoned = ctx.in.cordoned;  // out of service: nothing to measure
        if (!std::binary_search(cordoned.begin(), cordoned.end(), c.cluster)) targets.push_back(c.cluster);
      }
    } else {
      targets.push_back("");
    }
    for (const std::string& target : targets) {
      const AnalysisStatus* found = nullptr;
      for (const AnalysisStatus& s : ctx.in.analysis) {
        if (s.check == check->name && s.cluster == target) found = &s;
      }
      const std::string what = check->name + (target.empty() ? "" : " on " + target);
      if (found == nullptr) return GateVerdict::wait("wave " + ctx.label + " waiting for analysis " + what);
      if (!found->error.empty() || found->verdict.phase != Phase::Successful) {
        return GateVerdict::wait("wave " + ctx.label + " waiting for analysis " + describe(*found));
      }
      passed += (passed.empty() ? "" : "; ") + describe(*found);
    }
  }
  if (passed.empty()) return GateVerdict::pass();
  return GateVerdict::pass("analysis passed: " + passed);
}

}  // namespace fleetwave
