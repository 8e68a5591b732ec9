#include "schedule/replica_assignment.h"

#include <algorithm>
#include <map>

#include "match/selector_match.h"
#include "schedule/go_sort.h"

namespace fleetwave {
namespace {

// util.GetSumOfReplicas adds int32 values and wraps like Go does.
std::int32_t sum_int32(const std::vector<TargetCluster>& clusters) {
  std::uint32_t sum = 0;
  for (const TargetCluster& c : clusters) sum += static_cast<std::uint32_t>(c.replicas);
  return static_cast<std::int32_t>(sum);
}

std::vector<TargetCluster> without_zero_replicas(std::vector<TargetCluster> targets) {
  std::erase_if(targets, [](const TargetCluster& t) { return t.replicas <= 0; });
  return targets;
}

// getStaticWeightInfoList: the largest weight among the static-list entries matching each
// cluster; clusters without a positive weight are left out, and if none is left everyone gets 1.
std::vector<ClusterWeight> static_weights(const std::vector<ClusterDetail>& clusters, const Placement& placement) {
  const ReplicaSchedulingStrategy& rs = *placement.replica_scheduling;
  std::vector<ClusterWeight> weights;
  for (const ClusterDetail& c : clusters) {
    // Without a weightPreference every cluster is weighted 1 (getDefaultWeightPreference).
    std::int64_t weight = rs.has_weight_preference ? 0 : 1;
    for (const StaticClusterWeight& rule : rs.static_weights) {
      if (c.cluster != nullptr && cluster_matches(*c.cluster, rule.target_cluster))
        weight = std::max(weight, rule.weight);
    }
    if (weight > 0) weights.push_back({c.name, weight});
  }
  if (weights.empty()) {
    for (const ClusterDetail& c : clusters) weights.push_back({c.name, 1});
  }
  return weights;
}

// dynamicScaleUp from nothing, then dynamicDivideReplicas.
Result<std::vector<TargetCluster>, AssignFailure> divide_dynamically(const std::vector<ClusterDetail>& clusters,
                                                                     std::int32_t replicas, bool aggregated,
                                                                     TieBreak tie_break) {
  if (replicas == 0) return std::vector<TargetCluster>{};  // assigned == desired: the previous (empty) result
  std::vector<TargetCluster> available;
  for (const ClusterDetail& c : clusters) available.push_back({c.name, c.allocatable_replicas});
  // sort.Sort(TargetClustersList): replicas descending, not stable.
  go_sort({available.size(),
           [&](std::size_t i, std::size_t j) { return available[i].replicas > available[j].replicas; },
           [&](std::size_t i, std::size_t j) { std::swap(available[i], available[j]); }});
  std::int32_t total = sum_int32(available);
  if (total < replicas) {
    return fail(AssignFailure{"failed to scale up: Clusters available replicas " + std::to_string(total) +
                              " are not enough to schedule."});
  }
  if (aggregated) {  // the fewest clusters, largest first, that can hold every replica
    std::uint32_t sum = 0;
    for (std::size_t i = 0; i < available.size(); ++i) {
      sum += static_cast<std::uint32_t>(available[i].replicas);
      if (static_cast<std::int32_t>(sum) >= replicas) {
        available.resize(i + 1);
        break;
      }
    }
  }
  std::vector<ClusterWeight> weights;
  for (const TargetCluster& a : available) weights.push_back({a.name, a.replicas});
  return divide_by_weight(replicas, weights, tie_break);
}

bool overflow_enabled(const AssignContext& context) {
  return !context.placement->cluster_affinity && context.term != nullptr && !context.term->overflow_affinities.empty();
}

// The overflow branch of assignWorkloadReplicas: fill tier 0 (the primary affinity) as far as its
// capacity goes, then each overflow tier in order.
Result<std::vector<TargetCluster>, AssignFailure> assign_by_tiers(const std::vector<ClusterDetail>& selected,
                                                                  const AssignContext& context) {
  std::map<std::int32_t, std::vector<ClusterDetail>> tiers;
  std::map<std::int32_t, std::int64_t> tier_capacity;
  for (const ClusterDetail& c : selected) {
    tiers[c.overflow_order].push_back(c);
    tier_capacity[c.overflow_order] += c.available_replicas;
  }
  std::vector<TargetCluster> result;
  auto remaining = static_cast<std::int32_t>(context.workload.replicas);
  for (const auto& [order, clusters] : tiers) {
    auto share = static_cast<std::int32_t>(std::min<std::int64_t>(remaining, tier_capacity[order]));
    auto tier_result = assign_to_clusters(clusters, share, context);
    if (!tier_result.ok()) return tier_result;
    result.insert(result.end(), tier_result->begin(), tier_result->end());
    remaining -= share;
    if (remaining <= 0) break;
  }
  if (remaining > 0) return fail(AssignFailure{"Clusters available replicas are not enough to schedule."});
  return result;
}

}  // namespace

AssignStrategy assign_strategy(const Placement& placement) {
  if (!placement.divided()) return AssignStrategy::Duplicated;
  const ReplicaSchedulingStrategy& rs = *placement.replica_scheduling;
  if (rs.preference == ReplicaDivisionPreference::Aggregated) return AssignStrategy::Aggregated;
  return rs.has_weight_preference && rs.dynamic_weight ? AssignStrategy::DynamicWeight : AssignStrategy::StaticWeight;
}

Result<std::vector<TargetCluster>, AssignFailure> assign_to_clusters(const std::vector<ClusterDetail>& clusters,
                                                                     std::int32_t replicas,
                                                                     const AssignContext& context) {
  std::vector<TargetCluster> out;
  switch (assign_strategy(*context.placement)) {
    case AssignStrategy::Duplicated:
      for (const ClusterDetail& c : clusters) out.push_back({c.name, replicas});
      break;
    case AssignStrategy::StaticWeight:
      out = divide_by_weight(replicas, static_weights(clusters, *context.placement), context.tie_break);
      break;
    case AssignStrategy::Aggregated:
    case AssignStrategy::DynamicWeight: {
      bool aggregated = assign_strategy(*context.placement) == AssignStrategy::Aggregated;
      auto divided = divide_dynamically(clusters, replicas, aggregated, context.tie_break);
      if (!divided.ok()) return divided;
      out = std::move(*divided);
      break;
    }
  }
  return without_zero_replicas(std::move(out));
}

Result<std::vector<TargetCluster>, AssignFailure> assign_replicas(const std::vector<ClusterDetail>& selected,
                                                                  const AssignContext& context) {
  if (selected.empty()) return fail(AssignFailure{"no clusters available to schedule"});
  if (!context.workload.is_workload()) {
    std::vector<TargetCluster> all;
    for (const ClusterDetail& c : selected) all.push_back({c.name, 0});
    return all;
  }
  if (overflow_enabled(context)) return assign_by_tiers(selected, context);
  return assign_to_clusters(selected, static_cast<std::int32_t>(context.workload.replicas), context);
}

}  // namespace fleetwave
