// The Karmada scheduler for a first schedule (pkg/scheduler/core): filter plugins, ordered
// clusterAffinities terms, spread constraints and replica division.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "base/error.h"
#include "model/cluster.h"
#include "model/placement.h"
#include "workload/replica_interpreter.h"

namespace fleetwave {

struct ScheduleRequest {
  const Placement* placement = nullptr;
  const std::vector<Cluster>* clusters = nullptr;  // the whole inventory, sorted by name
  std::string api_version;                         // of the resource, for the APIEnablement filter
  std::string kind;
  WorkloadReplicas replicas;
  std::string uid;  // metadata.uid of the template; picks the Webster tie-break direction
};

struct ScheduleResult {
  std::vector<TargetCluster> targets;  // sorted by name, zero-replica clusters removed
  std::string affinity_name;           // the clusterAffinities term used, if any
  std::string reason;                  // why targets is empty (no feasible cluster, ...)
  // Set when the inputs are invalid (an unparsable quantity in a cluster's resourceSummary);
  // targets is then empty. Scheduling failures are not errors: they leave a reason.
  std::optional<Error> error;
};

// One first schedule, as karmada-scheduler's scheduleResourceBinding would do it: filters over
// the whole inventory, spread-constraint selection and replica division, trying clusterAffinities
// terms in order until one succeeds. Non-workloads get every selected cluster with 0 replicas.
ScheduleResult schedule(const ScheduleRequest& request);

}  // namespace fleetwave
