// The WavePlan (fleetwave.io/v1alpha1): how an app's clusters are split into ordered waves,
// and the gates of each wave. Documented in docs/formats.md.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "base/json.h"
#include "model/problems.h"
#include "model/selectors.h"
#include "rollout/analysis/analysis_check.h"
#include "rollout/analysis/analysis_template.h"
#include "rollout/count_or_percent.h"
#include "rollout/deletion_guard.h"

namespace fleetwave {

struct Wave {
  std::string name;
  ClusterAffinity clusters;                          // {} selects every cluster not taken by an earlier wave
  std::optional<CountOrPercent> size;                // at most this many (or share) of the clusters it selects
  std::int64_t min_success_time_ms = 0;              // bake: healthy this long before the next wave starts
  std::optional<std::int64_t> progress_deadline_ms;  // not healthy by then = failure
  CountOrPercent max_concurrency{true, 100};         // clusters moved at once inside the wave (at least 1)
  CountOrPercent max_failures{false, 0};             // clusters allowed to fail before the wave fails
  bool approval_required = false;                    // starts only after an approval commit
  std::vector<AnalysisCheck> analysis;               // checks of this wave, besides the plan's
  bool allow_empty = false;                          // allowEmpty: may take no cluster (else an error)

  // Batch size for a wave of `total` clusters: maxConcurrency of it, never below 1.
  std::int64_t batch_size(std::int64_t total) const;
};

enum class OnFailure { Rollback, Pause };

struct WavePlan {
  std::string name;  // the app's name (metadata.name)
  std::vector<Wave> waves;
  OnFailure on_failure = OnFailure::Rollback;
  // Apps whose release must be stable, or past the wave of the same name, before a release of
  // this app enters a wave (spec.dependsOn; checked against the other apps at discovery).
  std::vector<std::string> depends_on;
  std::vector<AnalysisCheck> analysis;  // spec.analysis: checks of every wave
  // Entries of spec.analysis and the waves' lists that name an AnalysisTemplate; discovery
  // resolves them into checks (add_template_checks).
  std::vector<AnalysisTemplateRef> template_refs;
  DeletionGuardPolicy deletion_guard;  // spec.deletionGuard
  // spec.fastForward: approval-required makes a promote take effect only once the wave it
  // promotes to is approved (by default it takes effect at once).
  bool fast_forward_needs_approval = false;
  // spec.failover.expedite: a release that only changes cordons (a failover, or its end) skips
  // every wave's minSuccessTime; health still decides.
  bool expedite_failover = false;
  // spec.hydrate: this app's choice of hydrated mode, over FleetSettings spec.hydration.enabled
  // (nullopt: the fleet's).
  std::optional<bool> hydrate;

  // The checks of wave `index`: the plan's, then the wave's own.
  std::vector<const AnalysisCheck*> checks_of(std::size_t index) const;

  const Wave* find(const std::string& wave_name) const;
};

// Validates a WavePlan object; every problem is reported at its field.
WavePlan parse_wave_plan(const Json& object, Problems& problems);

// Adds the checks `ref` resolved to, to the list that names it; a check whose name that list (or
// spec.analysis) already has is an error at the reference.
void add_template_checks(WavePlan& plan, const AnalysisTemplateRef& ref, std::vector<AnalysisCheck> checks,
                         Problems& problems);

}  // namespace fleetwave
