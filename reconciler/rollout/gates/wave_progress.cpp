// Judges the current wave's pinned clusters from Argo CD's observations (wave_gate.h).
#include <algorithm>

#include "rollout/gates/wave_gate.h"

namespace fleetwave {
namespace {

// A cluster whose own analysis check ended Failed or Error counts as a failed cluster (a dryRun
// check never decides).
std::optional<std::string> failed_analysis(const EngineInput& in, std::size_t wave, const std::string& cluster) {
  for (const AnalysisStatus& s : in.analysis) {
    if (s.cluster != cluster || !analysis_failed(s)) continue;
    for (const AnalysisCheck* check : in.plan->checks_of(wave)) {
      if (check->name == s.check && !check->dry_run) return cluster + ": analysis " + describe(s);
    }
  }
  return std::nullopt;
}

}  // namespace

WaveProgress wave_progress(const EngineInput& in, const ReleaseState& release) {
  WaveProgress p;
  const Wave& wave = in.plan->waves[release.wave];
  const std::vector<std::string>& clusters = in.waves.clusters[release.wave];
  p.total = clusters.size();
  for (const std::string& c : clusters) {
    auto pin = in.state.pins.find(c);
    if (pin == in.state.pins.end() || pin->second.revision != release.revision) continue;
    ClusterProgress cp{c, judge_cluster(in.observations, c, release.revision), pin->second.pinned_at_ms};
    const ClusterJudgement& j = cp.judgement;
    if (std::binary_search(in.cordoned.begin(), in.cordoned.end(), c)) {
      p.pinned.push_back(std::move(cp));  // cordoned: pinned, not waited for
      continue;
    }
    if (j.verdict == Verdict::Failed) {
      p.failures.push_back(c + ": " + j.detail);
    } else if (auto late = past_progress_deadline(wave, cp, in.now_ms)) {
      p.failures.push_back(*late);
    } else if (auto failed = failed_analysis(in, release.wave, c)) {
      p.failures.push_back(*failed);
    } else if (j.verdict != Verdict::Done) {
      p.waiting.push_back({c, j.detail});
    } else if (j.done_since_ms) {
      p.done_since = std::max(p.done_since.value_or(0), *j.done_since_ms);
    } else {
      p.bake_unknown = true;
    }
    p.pinned.push_back(std::move(cp));
  }
  return p;
}

}  // namespace fleetwave
