// SpreadConstraint (pkg/scheduler/framework/plugins/spreadconstraint): a cluster cannot be
// grouped by a property it does not have. Constraints are checked in order.
#include "schedule/placement_filters.h"

namespace fleetwave {

FilterVerdict spread_constraint_filter(const FilterContext& context, const Cluster& cluster) {
  for (const SpreadConstraint& c : context.placement->spread_constraints) {
    if (c.spread_by_field == "provider" && cluster.provider.empty()) {
      return FilterVerdict::reject("cluster(s) did not have provider property");
    }
    if (c.spread_by_field == "region" && cluster.region.empty()) {
      return FilterVerdict::reject("cluster(s) did not have region property");
    }
    if (c.spread_by_field == "zone" && cluster.zones.empty()) {
      return FilterVerdict::reject("cluster(s) did not have zones property");
    }
  }
  return FilterVerdict::pass();
}

}  // namespace fleetwave
