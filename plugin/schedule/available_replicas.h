// How many replicas of a workload each cluster can still take, as the scheduler estimates them
// with default settings: only Karmada's general estimator (pkg/estimator/client/general.go,
// resourceSummary based) runs, since the accurate scheduler-estimator needs
// --enable-scheduler-estimator and live clusters. calAvailableReplicas in
// pkg/scheduler/core/util.go wraps it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "base/json.h"
#include "base/result.h"
#include "model/cluster.h"
#include "workload/replica_interpreter.h"

namespace fleetwave {

// What the general estimator reads from one Cluster.
struct ClusterCapacity {
  std::string name;
  const Json* resource_summary = nullptr;  // status.resourceSummary; nullptr when absent
  const Json* resource_models = nullptr;   // spec.resourceModels; nullptr when absent
};

// The capacity view of an inventory Cluster.
ClusterCapacity capacity_of(const Cluster& cluster);

// GeneralEstimator.maxAvailableReplicas: 0 without a resourceSummary; otherwise the free pod
// count (allocatable - allocated - allocating), lowered by the per-resource bound when the
// workload has requirements. With status.resourceSummary.allocatableModelings and
// spec.resourceModels present (CustomizedClusterResourceModeling, on by default) the bound comes
// from first-fit packing onto the modelled nodes instead. Malformed quantities are InvalidInput.
Result<std::int32_t> general_estimate(const ClusterCapacity& cluster,
                                      const std::optional<ReplicaRequirements>& requirements);

// getMaximumReplicasBasedOnResourceModels on its own; nullopt when Karmada could not build the
// model nodes (no spec.resourceModels, a negative node count) and falls back to the summary.
Result<std::optional<std::int64_t>> estimate_by_resource_models(const ClusterCapacity& cluster,
                                                                const ReplicaRequirements& requirements);

// calAvailableReplicas for a first schedule, one value per cluster in input order: MaxInt32
// for everyone when replicas == 0 (no estimation for non-workloads), otherwise the estimate,
// where a cluster still at MaxInt32 gets the workload's replicas.
Result<std::vector<std::int32_t>> available_replicas(const std::vector<ClusterCapacity>& clusters,
                                                     const WorkloadReplicas& workload);

// Checks every quantity of a status.resourceSummary, for inventory validation.
void validate_resource_summary(const Json& summary, const FieldPath& at, Problems& problems);

}  // namespace fleetwave
