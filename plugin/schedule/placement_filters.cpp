#include "schedule/placement_filters.h"

#include "base/text.h"

namespace fleetwave {

std::vector<PlacementFilterEntry> builtin_placement_filters() {
  // Karmada builds its plugin list from a Go map, so its run order is not fixed; the verdict is
  // the same in any order, only the reported reason of a cluster failing several filters differs.
  return {
      {"APIEnablement", api_enablement_filter, "the cluster serves the resource's API"},
      {"TaintToleration", taint_toleration_filter, "every NoSchedule/NoExecute taint is tolerated"},
      {"ClusterAffinity", cluster_affinity_filter, "the cluster matches the placement's cluster affinity"},
      {"SpreadConstraint", spread_constraint_filter, "the cluster has the properties spread constraints group by"},
  };
}

Result<PlacementFilterEntry> find_placement_filter(std::string_view name) {
  std::string valid;
  for (const PlacementFilterEntry& e : builtin_placement_filters()) {
    if (e.name == name) return e;
    valid += (valid.empty() ? "" : ", ") + std::string(e.name);
  }
  return fail(invalid_input("unknown placement filter \"" + printable(name) + "\", valid filters are: " + valid));
}

FilterVerdict run_placement_filters(const FilterContext& context, const Cluster& cluster) {
  for (const PlacementFilterEntry& e : builtin_placement_filters()) {
    FilterVerdict v = e.filter(context, cluster);
    if (!v.fit) return v;
  }
  return FilterVerdict::pass();
}

}  // namespace fleetwave
