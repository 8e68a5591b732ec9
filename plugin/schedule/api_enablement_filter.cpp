// APIEnablement (pkg/scheduler/framework/plugins/apienablement). The "already a target" bypass
// does not apply to a first schedule.
#include "schedule/placement_filters.h"

namespace fleetwave {

FilterVerdict api_enablement_filter(const FilterContext& context, const Cluster& cluster) {
  if (cluster_api_enabled(cluster, context.api_version, context.kind)) return FilterVerdict::pass();
  return FilterVerdict::reject("cluster(s) did not have the API resource");
}

}  // namespace fleetwave
