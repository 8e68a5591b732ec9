// policy/v1alpha1 PropagationPolicy and ClusterPropagationPolicy, validated as Karmada's
// webhooks do, with their defaulting applied.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "base/json.h"
#include "model/placement.h"
#include "model/problems.h"
#include "model/selectors.h"

namespace fleetwave {

struct PropagationPolicy {
  bool cluster_scoped = false;  // ClusterPropagationPolicy
  std::string name;
  std::string namespace_;
  std::vector<ResourceSelector> resource_selectors;
  Placement placement;
  std::int32_t priority = 0;
  bool propagate_deps = false;
  std::string scheduler_name = "default-scheduler";
  bool suspend_dispatching = false;              // suspension.dispatching
  std::vector<std::string> suspend_on_clusters;  // suspension.dispatchingOnClusters.clusterNames
  // Override policies (in the policy's namespace; cluster override policies for a CPP) that
  // must exist before anything is propagated (detector: IsDependentOverridesPresent).
  std::vector<std::string> dependent_overrides;
  // Where the policy is written (set by the loader), for errors found when it is applied.
  SourcePos source;
};

// `default_namespace` is used when a PropagationPolicy has no metadata.namespace.
PropagationPolicy parse_propagation_policy(const Json& object, bool cluster_scoped,
                                           const std::string& default_namespace, Problems& problems);

}  // namespace fleetwave
