// ClusterAffinity (pkg/scheduler/framework/plugins/clusteraffinity).
#include "match/selector_match.h"
#include "schedule/placement_filters.h"

namespace fleetwave {

FilterVerdict cluster_affinity_filter(const FilterContext& context, const Cluster& cluster) {
  std::vector<const ClusterAffinity*> affinities;
  if (context.placement->cluster_affinity) {
    affinities.push_back(&*context.placement->cluster_affinity);
  } else if (context.term != nullptr) {
    affinities.push_back(&context.term->affinity);
    // Overflow groups exist to add compute capacity, so only workloads may spill into them.
    if (context.is_workload) {
      for (const ClusterAffinityTerm& overflow : context.term->overflow_affinities) {
        affinities.push_back(&overflow.affinity);
      }
    }
  }
  if (affinities.empty()) return FilterVerdict::pass();
  for (const ClusterAffinity* a : affinities) {
    if (cluster_matches(cluster, *a)) return FilterVerdict::pass();
  }
  return FilterVerdict::reject("cluster(s) did not match the placement cluster affinity constraint");
}

}  // namespace fleetwave
