// The scheduler's filter plugins (pkg/scheduler/framework/plugins), run on every cluster of the
// inventory for a first schedule. ClusterEviction (graceful-eviction tasks) and the workload
// affinity plugins (feature gate WorkloadAffinity, off by default) have nothing to filter there.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "base/result.h"
#include "model/cluster.h"
#include "model/placement.h"

namespace fleetwave {

// What the filters see of the binding being scheduled.
struct FilterContext {
  const Placement* placement = nullptr;
  const ClusterAffinityTerm* term = nullptr;  // the clusterAffinities term being tried, if any
  std::string api_version;                    // of the resource template
  std::string kind;
  bool is_workload = false;  // ResourceBindingSpec.IsWorkload
};

// framework.Result of one filter: fit, or the reason the cluster was rejected.
struct FilterVerdict {
  bool fit = true;
  std::string reason;
  static FilterVerdict pass() { return {}; }
  static FilterVerdict reject(std::string why) { return {false, std::move(why)}; }
};

using PlacementFilter = FilterVerdict (*)(const FilterContext& context, const Cluster& cluster);

struct PlacementFilterEntry {
  std::string_view name;  // the Karmada plugin name
  PlacementFilter filter;
  std::string_view description;
};

// APIEnablement: the resource's group/version/kind is listed in status.apiEnablements (fleetwave:
// a cluster without discovery data accepts every API).
FilterVerdict api_enablement_filter(const FilterContext& context, const Cluster& cluster);
// TaintToleration: every NoSchedule/NoExecute taint is tolerated by placement.clusterTolerations.
FilterVerdict taint_toleration_filter(const FilterContext& context, const Cluster& cluster);
// ClusterAffinity: placement.clusterAffinity, or the current term (plus its overflowAffinities for
// workloads); no affinity at all admits every cluster.
FilterVerdict cluster_affinity_filter(const FilterContext& context, const Cluster& cluster);
// SpreadConstraint: clusters lacking the provider/region/zones a constraint spreads by.
FilterVerdict spread_constraint_filter(const FilterContext& context, const Cluster& cluster);

// core/v1 Toleration.ToleratesTaint with comparison operators disabled (as Karmada calls it).
bool toleration_tolerates(const Toleration& toleration, const Taint& taint);

// The in-tree filters in NewInTreeRegistry order; a cluster must pass all of them.
std::vector<PlacementFilterEntry> builtin_placement_filters();

// The named filter entry, or InvalidInput listing the valid names.
Result<PlacementFilterEntry> find_placement_filter(std::string_view name);

// Runs every builtin filter; the first rejection wins, as RunFilterPlugins does.
FilterVerdict run_placement_filters(const FilterContext& context, const Cluster& cluster);

}  // namespace fleetwave
