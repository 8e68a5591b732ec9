// What `fleetwave plan` shows for one app at one revision: its waves in WavePlan order, in each
// the clusters the app reaches with every workload's replica share there (from the render's
// bindings), plus the reached clusters no wave selects, the inventory clusters it does not
// reach, and how many Argo CD Applications the app has. Pure and deterministic.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "base/json.h"
#include "render/renderer.h"
#include "rollout/wave_plan.h"

namespace fleetwave::cli {

struct WorkloadShare {
  std::string api_version, kind, namespace_, name;
  std::int64_t replicas = 0;  // this cluster's share
  std::int64_t total = 0;     // the template's replicas
  bool divided = false;       // shares add up to the total (else every cluster gets all of them)
  bool suspended = false;     // the policy suspends dispatching to this cluster
};

struct ClusterPlan {
  std::string name;
  std::size_t objects = 0;               // objects delivered (workloads included)
  std::vector<WorkloadShare> workloads;  // by apiVersion, kind, namespace, name
};

struct WaveView {
  const Wave* wave = nullptr;
  std::vector<ClusterPlan> clusters;  // by name
};

struct AppPlanView {
  std::string app, path, revision;
  std::vector<WaveView> waves;
  std::vector<std::string> unassigned;      // reached, but no wave takes them (a validation error)
  std::vector<std::string> unreached;       // in the inventory, receive nothing
  std::vector<std::string> errors;          // "spec.waves[0]: wave canary takes no cluster ...", as reconcile says
  std::vector<std::string> warnings;        // the render's warnings, "file:line:col: field: message"
  std::size_t applications = 0;             // Argo CD Applications: one per cluster in a wave
  std::vector<std::string> namespace_only;  // reached, but receive only Namespaces
  bool namespace_only_skipped = false;      // FleetSettings namespaceOnlyClusters: skip: no Application for them
};

AppPlanView plan_view(const std::string& app, const std::string& path, const std::string& revision,
                      const WavePlan& plan, const FleetRender& render);

std::string format_plan_text(const AppPlanView& view);

// `fleetwave plan --output json`: one app's plan, every key always present (the gates with the
// WavePlan's field names, durations as the WavePlan writes them, "" when unset):
// {"app", "path", "revision", "waves": [{"index", "name", "size", "maxConcurrency", "maxFailures",
//  "minSuccessTime", "progressDeadline", "approval", "clusters": [{"cluster", "objects",
//  "workloads": [{"apiVersion", "kind", "namespace", "name", "replicas", "total", "divided",
//  "suspended"}]}]}], "unassigned", "errors", "unreached", "warnings", "applications",
//  "namespaceOnlyClusters": {"setting": "include"|"skip", "clusters"}}
Json plan_json(const AppPlanView& view);

}  // namespace fleetwave::cli
