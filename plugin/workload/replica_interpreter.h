// Karmada's default resource interpreter for replicas (pkg/resourceinterpreter/default/native):
// which objects are workloads, how many replicas they ask for, what each replica requests, and
// how the per-cluster share is written back (ensureWork in pkg/controllers/binding/common.go).
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/json.h"
#include "base/result.h"

namespace fleetwave {

// workv1alpha2.ReplicaRequirements as the scheduler's estimator reads it. `requests` holds the
// per-replica resource requests in Karmada's util.Resource units: "cpu" in milli-cores, every
// other resource in whole units (Quantity.Value(), rounded up per container), only entries > 0.
struct ReplicaRequirements {
  std::map<std::string, std::int64_t> requests;
  bool has_node_claim = false;  // nodeSelector, tolerations or a required node affinity
  bool operator==(const ReplicaRequirements&) const = default;
};

struct WorkloadReplicas {
  std::int64_t replicas = 0;                        // int32 range, as in the Go types
  std::optional<ReplicaRequirements> requirements;  // nil when the pod asks for nothing
  // ResourceBindingSpec.IsWorkload.
  bool is_workload() const { return replicas > 0 || requirements.has_value(); }
};

// One cluster picked by the scheduler and the replicas it gets.
struct TargetCluster {
  std::string name;
  std::int64_t replicas = 0;
  bool operator==(const TargetCluster&) const = default;
};

// The target named `cluster`, or null. A schedule's targets are sorted by name, so this is a
// binary search (a render of every cluster asks once per cluster); an unsorted list is searched
// through.
const TargetCluster* find_target(const std::vector<TargetCluster>& targets, std::string_view cluster);

// GetReplicas of the default interpreter: apps/v1 Deployment, ReplicaSet, StatefulSet
// (spec.replicas, absent = 0), batch/v1 Job (min(parallelism, completions), absent parallelism
// = 0, absent completions = parallelism) and v1 Pod (always 1), each with the pod template's
// requirements. Every other kind is not a workload (0 replicas, no requirements).
// Fails with InvalidInput where Karmada's typed conversion would fail (wrong field types,
// unparsable quantities) or the API server would have rejected the template (negative counts).
Result<WorkloadReplicas> interpret_replicas(const Json& object);

// GenerateReplicaRequirements over one pod spec (the Lua `kube.accuratePodRequirements`
// helper): nullopt when the pod asks for no resources and has no node claim.
Result<std::optional<ReplicaRequirements>> pod_spec_requirements(const Json& pod_spec);

// Writes `cluster`'s share into `object` as ensureWork does: for workloads, the ReviseReplica
// field (spec.replicas, or spec.parallelism for a Job) only when the template already has it;
// for a Job of a Divided placement with replicas > 0, spec.completions (when present) divided by
// Webster with each target's share as weight and the same uid tie-break as the scheduler.
// `targets` is the schedule result; `cluster` must be one of them. `native_revise` is false
// when a Lua interpreter already revised the object (interpret/resource_interpreter.h).
Status<> revise_replicas_for_cluster(Json& object, const WorkloadReplicas& replicas, bool divided,
                                     const std::vector<TargetCluster>& targets, const std::string& cluster,
                                     const std::string& uid, bool native_revise = true);

}  // namespace fleetwave
