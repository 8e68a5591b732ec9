// Temporary: every cluster matching clusterAffinity, duplicated. The full scheduler replaces it.
#include "schedule/scheduler.h"

#include "match/selector_match.h"

namespace fleetwave {

ScheduleResult schedule(const ScheduleRequest& request) {
  ScheduleResult result;
  for (const Cluster& c : *request.clusters) {
    if (request.placement->cluster_affinity && !cluster_matches(c, *request.placement->cluster_affinity)) continue;
    result.targets.push_back({c.name, request.replicas.replicas});
  }
  return result;
}

}  // namespace fleetwave
