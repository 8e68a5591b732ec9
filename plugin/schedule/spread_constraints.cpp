#include "schedule/spread_constraints.h"

#include <algorithm>
#include <cmath>

#include "match/selector_match.h"

namespace fleetwave {
namespace {

constexpr std::int64_t kWeightUnit = 1000;     // makes replica counts dominate the average score
constexpr std::int64_t kIgnoreResources = -1;  // InvalidReplicas

bool by_rank(const ClusterDetail& a, const ClusterDetail& b) {
  if (a.overflow_order != b.overflow_order) return a.overflow_order < b.overflow_order;
  if (a.score != b.score) return a.score > b.score;
  if (a.available_replicas != b.available_replicas) return a.available_replicas > b.available_replicas;
  return a.name < b.name;
}

const SpreadConstraint* last_constraint_by(const Placement& placement, const std::string& field) {
  const SpreadConstraint* found = nullptr;
  for (const SpreadConstraint& c : placement.spread_constraints) {
    if (c.spread_by_field == field) found = &c;
  }
  return found;
}

bool topology_ignored(const Placement& placement) {
  const auto& constraints = placement.spread_constraints;
  if (constraints.empty() || (constraints.size() == 1 && constraints[0].spread_by_field == "cluster")) return true;
  return spread_constraints_ignored(placement);
}

// shouldIgnoreAvailableResource: Duplicated placements never look at capacity.
bool available_resource_ignored(const Placement& placement) { return !placement.divided(); }

// calcGroupScoreForDuplicate: clusters able to run every replica count most, then their score.
std::int64_t duplicate_group_score(const std::vector<ClusterDetail>& clusters, std::int64_t replicas) {
  std::int64_t valid = 0, score_sum = 0;
  for (const ClusterDetail& c : clusters) {
    if (c.available_replicas >= replicas) {
      ++valid;
      score_sum += c.score;
    }
  }
  return valid == 0 ? 0 : valid * kWeightUnit + score_sum / valid;
}

bool enough_replicas(const std::vector<ClusterDetail>& clusters, std::size_t count, std::int64_t need) {
  std::int64_t total = 0;
  for (std::size_t i = 0; i < count; ++i) total += clusters[i].available_replicas;
  return total >= need;
}

// selectClustersByAvailableResource: keep the best `count` clusters, swapping the lowest ranked
// ones for clusters with more available replicas (largest first) until they can hold `need`.
std::vector<ClusterDetail> select_by_available_resource(std::vector<ClusterDetail> clusters, std::size_t count,
                                                        std::int64_t need) {
  for (auto update = static_cast<std::ptrdiff_t>(count) - 1; !enough_replicas(clusters, count, need) && update >= 0;
       --update) {
    std::int64_t best = clusters[static_cast<std::size_t>(update)].available_replicas;
    std::size_t best_index = clusters.size();
    for (std::size_t i = count; i < clusters.size(); ++i) {  // GetClusterWithMaxAvailableResource
      if (best < clusters[i].available_replicas) {
        best = clusters[i].available_replicas;
        best_index = i;
      }
    }
    if (best_index != clusters.size()) std::swap(clusters[static_cast<std::size_t>(update)], clusters[best_index]);
  }
  if (!enough_replicas(clusters, count, need)) return {};
  clusters.resize(count);
  return clusters;
}

}  // namespace

std::int32_t overflow_order_of(const Cluster& cluster, const Placement& placement, const ClusterAffinityTerm* term) {
  if (placement.cluster_affinity || placement.cluster_affinities.empty() || term == nullptr) return 0;
  if (cluster_matches(cluster, term->affinity)) return 0;
  for (std::size_t i = 0; i < term->overflow_affinities.size(); ++i) {
    if (cluster_matches(cluster, term->overflow_affinities[i].affinity)) return static_cast<std::int32_t>(i + 1);
  }
  return 1000;  // "should never happen": the affinity filter already dropped such clusters
}

void rank_clusters(std::vector<ClusterDetail>& clusters) {
  // Feasible clusters arrive in the fleet's name order, and on a first schedule every key but
  // the name is often equal (no replicas to estimate): then they are ranked already, which a
  // linear check tells without the n log n string comparisons of a sort per binding.
  if (std::is_sorted(clusters.begin(), clusters.end(), by_rank)) return;
  std::sort(clusters.begin(), clusters.end(), by_rank);
}

bool spread_constraints_ignored(const Placement& placement) {
  const auto& rs = placement.replica_scheduling;
  return rs && rs->type == ReplicaSchedulingType::Divided && rs->preference == ReplicaDivisionPreference::Weighted &&
         (!rs->has_weight_preference || (!rs->static_weights.empty() && !rs->dynamic_weight));
}

std::int64_t group_score(const std::vector<ClusterDetail>& clusters, const Placement& placement, std::int64_t replicas,
                         int min_groups) {
  if (!placement.divided()) return duplicate_group_score(clusters, replicas);
  if (min_groups <= 0) min_groups = 1;  // unreachable: the webhook defaults minGroups to 1
  auto target = static_cast<std::int64_t>(std::ceil(static_cast<double>(replicas) / static_cast<double>(min_groups)));
  const SpreadConstraint* by_cluster = last_constraint_by(placement, "cluster");
  std::int64_t cluster_min = std::max(by_cluster ? by_cluster->min_groups : 0, min_groups);
  std::int64_t available = 0, score_sum = 0, valid = 0;
  for (const ClusterDetail& c : clusters) {
    available += c.available_replicas;
    score_sum += c.score;
    ++valid;
    if (valid >= cluster_min && available >= target) break;
  }
  if (available < target) return available * kWeightUnit + score_sum / static_cast<std::int64_t>(clusters.size());
  return target * kWeightUnit + score_sum / valid;
}

GroupedClusters group_clusters(std::vector<ClusterDetail> ranked, const Placement& placement, std::int64_t replicas) {
  GroupedClusters g;
  g.clusters = std::move(ranked);
  const SpreadConstraint* by_region = last_constraint_by(placement, "region");
  if (topology_ignored(placement) || by_region == nullptr) return g;
  for (const ClusterDetail& c : g.clusters) {
    if (c.cluster == nullptr || c.cluster->region.empty()) continue;
    RegionGroup& region = g.regions[c.cluster->region];
    region.name = c.cluster->region;
    region.clusters.push_back(c);
    region.available_replicas += c.available_replicas;
  }
  for (auto& [name, region] : g.regions)
    region.score = group_score(region.clusters, placement, replicas, by_region->min_groups);
  return g;
}

Result<std::vector<ClusterDetail>, SelectionFailure> select_by_cluster(const SpreadConstraint& constraint,
                                                                       std::vector<ClusterDetail> clusters,
                                                                       std::int64_t need_replicas) {
  if (static_cast<std::int64_t>(clusters.size()) < constraint.min_groups) {
    return fail(SelectionFailure{"the number of feasible clusters is less than spreadConstraint.MinGroups"});
  }
  auto count = static_cast<std::size_t>(std::clamp<std::int64_t>(constraint.max_groups, 0, clusters.size()));
  if (need_replicas == kIgnoreResources) {
    clusters.resize(count);
    return clusters;
  }
  std::vector<ClusterDetail> selected = select_by_available_resource(std::move(clusters), count, need_replicas);
  if (selected.empty()) {
    return fail(SelectionFailure{"no enough resource when selecting " + std::to_string(count) + " clusters"});
  }
  return selected;
}

Result<std::vector<ClusterDetail>, SelectionFailure> select_by_region(
    const SpreadConstraint& region, const SpreadConstraint& cluster,
    const std::map<std::string, RegionGroup>& regions) {
  if (static_cast<std::int64_t>(regions.size()) < region.min_groups) {
    return fail(SelectionFailure{"the number of feasible region is less than spreadConstraint.MinGroups"});
  }
  std::vector<GroupCandidate> groups;
  for (const auto& [name, r] : regions) groups.push_back({name, static_cast<int>(r.clusters.size()), r.score});
  std::vector<GroupCandidate> chosen =
      select_groups(std::move(groups), region.min_groups, region.max_groups, cluster.min_groups);
  if (chosen.empty()) {
    return fail(SelectionFailure{"the number of clusters is less than the cluster spreadConstraint.MinGroups"});
  }
  // The best cluster of every chosen region first, then the best of the rest up to maxGroups.
  std::vector<ClusterDetail> selected, candidates;
  for (const GroupCandidate& g : chosen) {
    const std::vector<ClusterDetail>& members = regions.at(g.name).clusters;
    selected.push_back(members.front());
    candidates.insert(candidates.end(), members.begin() + 1, members.end());
  }
  std::int64_t need = std::min<std::int64_t>(candidates.size() + selected.size(), cluster.max_groups);
  std::int64_t rest = need - static_cast<std::int64_t>(selected.size());
  if (rest > 0) {
    rank_clusters(candidates);
    selected.insert(selected.end(), candidates.begin(), candidates.begin() + rest);
  }
  return selected;
}

Result<std::vector<ClusterDetail>, SelectionFailure> select_best_clusters(const Placement& placement,
                                                                          GroupedClusters& groups,
                                                                          std::int64_t need_replicas) {
  if (placement.spread_constraints.empty() || spread_constraints_ignored(placement)) return groups.clusters;
  if (available_resource_ignored(placement)) need_replicas = kIgnoreResources;
  const SpreadConstraint* by_region = last_constraint_by(placement, "region");
  const SpreadConstraint* by_cluster = last_constraint_by(placement, "cluster");
  if (by_region != nullptr) {
    SpreadConstraint none;  // the zero value Go reads from the map when no cluster constraint exists
    none.min_groups = 0;
    return select_by_region(*by_region, by_cluster ? *by_cluster : none, groups.regions);
  }
  if (by_cluster != nullptr) return select_by_cluster(*by_cluster, groups.clusters, need_replicas);
  return fail(SelectionFailure{"just support cluster and region spread constraint"});
}

}  // namespace fleetwave
