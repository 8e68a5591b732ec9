// The Karmada scheduler for a first schedule (pkg/scheduler/core): filter plugins, ordered
// clusterAffinities terms, spread constraints and replica division.
#pragma once

#include <string>
#include <vector>

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
};

ScheduleResult schedule(const ScheduleRequest& request);

}  // namespace fleetwave
