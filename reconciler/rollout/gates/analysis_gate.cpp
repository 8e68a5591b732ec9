// analysis: the metric and web checks of the current wave (spec.analysis and the wave's own).
// A check measured per cluster that fails makes its cluster a failed one (wave_progress.cpp),
// under the failure budget like a Degraded cluster; a check measured once for the wave that
// fails fails the wave. Once the wave is pinned, it moves on only when every check of every
// cluster passed: a check still measuring, inconclusive, or that cannot be measured (provider
// down, query rejected) keeps the wave waiting and says why; missing data never advances.
#include <algorithm>

#include "rollout/gates/wave_gate.h"

namespace fleetwave {
namespace {

using Phase = CheckVerdict::Phase;

bool is_wave_check(const AnalysisStatus& s) { return s.cluster.empty(); }

}  // namespace

std::string describe(const AnalysisStatus& s) {
  std::string text = s.check + (s.cluster.empty() ? "" : " on " + s.cluster) + " (" + s.condition + "): ";
  if (!s.error.empty()) return text + s.error;
  text += s.verdict.summary;
  if (!s.verdict.last_value.empty() && s.verdict.summary.find("last value") == std::string::npos)
    text += "; last value " + s.verdict.last_value;
  return text;
}

// Progress: a check of the whole wave that failed fails the wave.
GateVerdict analysis_failure_gate(const GateContext& ctx) {
  for (const AnalysisStatus& s : ctx.in.analysis) {
    if (is_wave_check(s) && s.error.empty() && s.verdict.phase == Phase::Failed)
      return GateVerdict::fail("analysis " + describe(s));
  }
  return GateVerdict::pass();
}

// Leave: every check of the wave, for each pinned cluster (or once), has passed.
GateVerdict analysis_gate(const GateContext& ctx) {
  if (fast_forwarded(*ctx.in.plan, ctx.release, ctx.index))
    return GateVerdict::pass("promoted to wave " + ctx.release.promoted_to + " by a person");
  const std::vector<const AnalysisCheck*> checks = ctx.in.plan->checks_of(ctx.index);
  if (checks.empty()) return GateVerdict::pass();
  std::string passed;
  for (const AnalysisCheck* check : checks) {
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
  return GateVerdict::pass("analysis passed: " + passed);
}

}  // namespace fleetwave
