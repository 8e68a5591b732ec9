// The flow of genericScheduler.Schedule (pkg/scheduler/core/generic_scheduler.go) and the
// clusterAffinities term loop of scheduleResourceBindingWithClusterAffinities
// (pkg/scheduler/scheduler.go), for a binding that has never been scheduled.
#include "schedule/scheduler.h"

#include <algorithm>
#include <map>

#include "schedule/available_replicas.h"
#include "schedule/placement_filters.h"
#include "schedule/replica_assignment.h"
#include "schedule/spread_constraints.h"

namespace fleetwave {
namespace {

// One run of the algorithm for one affinity: the targets, or why there are none.
struct Attempt {
  std::vector<TargetCluster> targets;
  std::string failure;  // empty on success
};

// FitError.Error(): a histogram of the filter reasons, sorted as strings.
std::string fit_error(std::size_t all_clusters, const std::map<std::string, int>& reasons) {
  std::string detail;
  if (all_clusters == 0 || reasons.empty()) {
    detail = "no cluster exists";
  } else {
    std::vector<std::string> lines;
    for (const auto& [reason, count] : reasons) lines.push_back(std::to_string(count) + " " + reason);
    std::sort(lines.begin(), lines.end());
    for (const std::string& line : lines) detail += (detail.empty() ? "" : ", ") + line;
  }
  return "0/" + std::to_string(all_clusters) + " clusters are available: " + detail + ".";
}

std::vector<const Cluster*> feasible_clusters(const ScheduleRequest& request, const FilterContext& context,
                                              std::map<std::string, int>& reasons) {
  std::vector<const Cluster*> out;
  out.reserve(request.clusters->size());  // every binding schedules over the whole fleet
  for (const Cluster& c : *request.clusters) {
    FilterVerdict verdict = run_placement_filters(context, c);
    if (verdict.fit) out.push_back(&c);
    else ++reasons[verdict.reason];
  }
  return out;
}

// generateClustersInfo: every feasible cluster with its available replicas, ranked.
Result<std::vector<ClusterDetail>> cluster_details(const std::vector<const Cluster*>& feasible,
                                                   const ScheduleRequest& request, const ClusterAffinityTerm* term) {
  std::vector<ClusterCapacity> capacities;
  capacities.reserve(feasible.size());
  for (const Cluster* c : feasible) capacities.push_back(capacity_of(*c));
  FW_TRY(available, available_replicas(capacities, request.replicas));
  std::vector<ClusterDetail> details;
  details.reserve(feasible.size());
  for (std::size_t i = 0; i < feasible.size(); ++i) {
    ClusterDetail d;
    d.name = feasible[i]->name;
    d.overflow_order = overflow_order_of(*feasible[i], *request.placement, term);
    d.available_replicas = available[i];  // plus replicas already assigned: none on a first schedule
    d.allocatable_replicas = available[i];
    d.cluster = feasible[i];
    details.push_back(std::move(d));
  }
  rank_clusters(details);
  return details;
}

Result<Attempt> schedule_once(const ScheduleRequest& request, const ClusterAffinityTerm* term) {
  const Placement& placement = *request.placement;
  FilterContext filter{&placement, term, request.api_version, request.kind, request.replicas.is_workload()};
  std::map<std::string, int> reasons;
  std::vector<const Cluster*> feasible = feasible_clusters(request, filter, reasons);
  if (feasible.empty()) return Attempt{{}, fit_error(request.clusters->size(), reasons)};

  FW_TRY(details, cluster_details(feasible, request, term));
  GroupedClusters groups = group_clusters(std::move(details), placement, request.replicas.replicas);
  auto selected = select_best_clusters(placement, groups, request.replicas.replicas);
  if (!selected.ok()) return Attempt{{}, "failed to select clusters: " + selected.error().message};

  AssignContext assign{&placement, term, request.replicas, tie_break_for_uid(request.uid)};
  auto assigned = assign_replicas(*selected, assign);
  if (!assigned.ok()) return Attempt{{}, "failed to assign replicas: " + assigned.error().message};
  return Attempt{std::move(*assigned), {}};
}

ScheduleResult finish(Attempt attempt, std::string affinity_name) {
  ScheduleResult result;
  if (!attempt.failure.empty()) {
    result.reason = std::move(attempt.failure);
    return result;
  }
  result.targets = std::move(attempt.targets);
  std::sort(result.targets.begin(), result.targets.end(),
            [](const TargetCluster& a, const TargetCluster& b) { return a.name < b.name; });
  result.affinity_name = std::move(affinity_name);
  return result;
}

ScheduleResult failed_with(Error error) {
  ScheduleResult result;
  result.reason = error.to_string();
  result.error = std::move(error);
  return result;
}

}  // namespace

ScheduleResult schedule(const ScheduleRequest& request) {
  const Placement& placement = *request.placement;
  if (placement.cluster_affinities.empty()) {
    auto attempt = schedule_once(request, nullptr);
    if (!attempt.ok()) return failed_with(std::move(attempt).error());
    return finish(std::move(*attempt), {});
  }
  // Terms are tried in order from the first; the first term whose whole scheduling succeeds wins.
  // When none does, a first schedule ends with no clusters whatever the errors were.
  std::string failures;
  for (std::size_t i = 0; i < placement.cluster_affinities.size(); ++i) {
    const ClusterAffinityTerm& term = placement.cluster_affinities[i];
    auto attempt = schedule_once(request, &term);
    if (!attempt.ok()) return failed_with(std::move(attempt).error());
    if (attempt->failure.empty()) return finish(std::move(*attempt), term.affinity_name);
    failures += (failures.empty() ? "" : "; ") + std::string("clusterAffinities[") + std::to_string(i) + "] \"" +
                term.affinity_name + "\": " + attempt->failure;
  }
  ScheduleResult result;
  result.reason = "no clusterAffinities term could be scheduled: " + failures;
  return result;
}

}  // namespace fleetwave
