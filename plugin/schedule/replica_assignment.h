// Replica division over the selected clusters (AssignReplicas in pkg/scheduler/core/common.go,
// assignment.go, division_algorithm.go) for a first schedule: there is no previous result, so
// dynamic division is a scale-up from 0 and static weights start from nothing.
#pragma once

#include <string>
#include <vector>

#include "base/result.h"
#include "model/placement.h"
#include "schedule/spread_constraints.h"
#include "workload/replica_interpreter.h"
#include "workload/webster.h"

namespace fleetwave {

// The assignment strategies of assignFuncMap.
enum class AssignStrategy { Duplicated, Aggregated, StaticWeight, DynamicWeight };

AssignStrategy assign_strategy(const Placement& placement);

struct AssignContext {
  const Placement* placement = nullptr;
  const ClusterAffinityTerm* term = nullptr;  // the clusterAffinities term being tried, if any
  WorkloadReplicas workload;
  TieBreak tie_break = TieBreak::NameAscending;
};

// Why division failed (UnschedulableError and friends, Go's text).
struct AssignFailure {
  std::string message;
};

// AssignReplicas: non-workloads go to every selected cluster with 0 replicas; workloads are
// divided by the placement's strategy (per overflow tier when the term has overflow affinities)
// and clusters left with 0 replicas are dropped. Output follows Karmada's order, not sorted.
Result<std::vector<TargetCluster>, AssignFailure> assign_replicas(const std::vector<ClusterDetail>& selected,
                                                                  const AssignContext& context);

// assignReplicasToClusters for one set of clusters and a replica count.
Result<std::vector<TargetCluster>, AssignFailure> assign_to_clusters(const std::vector<ClusterDetail>& clusters,
                                                                     std::int32_t replicas,
                                                                     const AssignContext& context);

}  // namespace fleetwave
