// Cluster selection under spread constraints (pkg/scheduler/core/spreadconstraint): the feasible
// clusters are ranked, grouped by region when a region constraint exists, and the best set is
// picked by the cluster or region algorithm.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "base/result.h"
#include "model/cluster.h"
#include "model/placement.h"

namespace fleetwave {

// ClusterDetailInfo.
struct ClusterDetail {
  std::string name;
  std::int64_t score = 0;           // always 0 for a first schedule (no locality, affinity scores 0)
  std::int32_t overflow_order = 0;  // 0 primary affinity, i+1 the i-th overflow affinity
  std::int64_t available_replicas = 0;
  std::int32_t allocatable_replicas = 0;
  const Cluster* cluster = nullptr;
};

// RegionInfo (zones and providers are grouped by Karmada too, but no selection reads them).
struct RegionGroup {
  std::string name;
  std::int64_t score = 0;
  std::int64_t available_replicas = 0;
  std::vector<ClusterDetail> clusters;  // in ranked order
};

// GroupClustersInfo.
struct GroupedClusters {
  std::vector<ClusterDetail> clusters;  // ranked: overflow order asc, score desc, available desc, name
  std::map<std::string, RegionGroup> regions;
};

// The outcome of a selection step that found no acceptable set (the Go error text).
struct SelectionFailure {
  std::string message;
};

// getClusterOverflowOrder: 0 for clusters of placement.clusterAffinity or of the term's own
// affinity, i+1 for its i-th overflow affinity, 1000 for anything else.
std::int32_t overflow_order_of(const Cluster& cluster, const Placement& placement, const ClusterAffinityTerm* term);

// sortClusters with the available-replicas comparator (generateClustersInfo).
void rank_clusters(std::vector<ClusterDetail>& clusters);

// shouldIgnoreSpreadConstraint: Divided/Weighted without dynamic weights (static weights, or no
// weightPreference at all).
bool spread_constraints_ignored(const Placement& placement);

// GroupClustersWithScore for the ranked clusters of a first schedule.
GroupedClusters group_clusters(std::vector<ClusterDetail> ranked, const Placement& placement, std::int64_t replicas);

// calcGroupScore for one group.
std::int64_t group_score(const std::vector<ClusterDetail>& clusters, const Placement& placement, std::int64_t replicas,
                         int min_groups);

// SelectBestClusters.
Result<std::vector<ClusterDetail>, SelectionFailure> select_best_clusters(const Placement& placement,
                                                                          GroupedClusters& groups,
                                                                          std::int64_t need_replicas);

// selectBestClustersByCluster / selectBestClustersByRegion (exposed for their unit tests).
Result<std::vector<ClusterDetail>, SelectionFailure> select_by_cluster(const SpreadConstraint& constraint,
                                                                       std::vector<ClusterDetail> clusters,
                                                                       std::int64_t need_replicas);
Result<std::vector<ClusterDetail>, SelectionFailure> select_by_region(
    const SpreadConstraint& region, const SpreadConstraint& cluster, const std::map<std::string, RegionGroup>& regions);

// A group for selectGroups: its name, how many clusters it has and its score.
struct GroupCandidate {
  std::string name;
  int value = 0;
  std::int64_t weight = 0;
};

// selectGroups: the best combination of between min and max groups whose values add up to at
// least `target` (a DFS over feasible paths, preferring higher weight, then higher value, then
// the earliest found, and a sub-path over its extensions). Empty when none is feasible.
std::vector<GroupCandidate> select_groups(std::vector<GroupCandidate> groups, int min_groups, int max_groups,
                                          int target);

}  // namespace fleetwave
