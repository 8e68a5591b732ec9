// Karmada's default resource interpreter for replicas (pkg/resourceinterpreter/default/native):
// which objects are workloads, how many replicas they ask for, what each replica requests, and
// how the per-cluster share is written back (ensureWork).
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "base/json.h"

namespace fleetwave {

// Per-replica resource requests, in milli-units for every resource (cpu "100m" = 100,
// memory "1Ki" = 1024000), plus whether the pod template constrains nodes.
struct ReplicaRequirements {
  std::map<std::string, std::int64_t> requests_milli;
  bool has_node_claim = false;
};

struct WorkloadReplicas {
  std::int64_t replicas = 0;
  std::optional<ReplicaRequirements> requirements;  // nil when the pod asks for nothing
  bool is_workload() const { return replicas > 0 || requirements.has_value(); }
};

// One cluster picked by the scheduler and the replicas it gets.
struct TargetCluster {
  std::string name;
  std::int64_t replicas = 0;
};

WorkloadReplicas interpret_replicas(const Json& object);

// Writes `cluster`'s share into `object` as the binding controller does: the replica field
// (only when the template has it) for workloads, and for a Divided Job the Webster split of
// spec.completions weighted by each cluster's parallelism.
void revise_replicas_for_cluster(Json& object, const WorkloadReplicas& replicas, bool divided,
                                 const std::vector<TargetCluster>& targets, const std::string& cluster,
                                 const std::string& uid);

}  // namespace fleetwave
