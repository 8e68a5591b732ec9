// policy/v1alpha1.Placement, parsed with the mutating webhook's defaulting applied and the
// validating webhook's (and CRD schema's) checks reported as problems.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "base/field_path.h"
#include "base/json.h"
#include "model/problems.h"
#include "model/selectors.h"

namespace fleetwave {

// core/v1 Toleration. Karmada's webhook only refuses Lt/Gt; any other unknown operator is
// admitted and simply never tolerates a taint.
struct Toleration {
  std::string key;
  std::string op = "Equal";  // Equal | Exists; an absent or empty operator is stored as Equal
  std::string value;
  std::string effect;  // "" matches every effect
  std::optional<std::int64_t> toleration_seconds;
};

struct SpreadConstraint {
  std::string spread_by_field;  // cluster | region | zone | provider (defaulted to cluster)
  std::string spread_by_label;
  int max_groups = 0;  // 0 (unset) selects no cluster at all
  int min_groups = 1;  // defaulted from 0 to 1
};

struct StaticClusterWeight {
  ClusterAffinity target_cluster;
  std::int64_t weight = 1;
};

enum class ReplicaSchedulingType { Duplicated, Divided };
enum class ReplicaDivisionPreference { Aggregated, Weighted };

struct ReplicaSchedulingStrategy {
  ReplicaSchedulingType type = ReplicaSchedulingType::Divided;                 // CRD default when the object exists
  ReplicaDivisionPreference preference = ReplicaDivisionPreference::Weighted;  // webhook default
  // weightPreference present, even as {}: spread constraints then stay in force.
  bool has_weight_preference = false;
  std::vector<StaticClusterWeight> static_weights;
  bool dynamic_weight = false;  // weightPreference.dynamicWeight: AvailableReplicas
};

struct ClusterAffinityTerm {
  std::string affinity_name;
  ClusterAffinity affinity;
  // Tried after `affinity` when it lacks capacity (workloads only). Overflow terms have none.
  std::vector<ClusterAffinityTerm> overflow_affinities;
};

// workloadAffinity (feature gate WorkloadAffinity, off by default): parsed and validated only.
struct WorkloadAffinity {
  std::optional<std::string> affinity_group_by;       // affinity.groupByLabelKey
  std::optional<std::string> anti_affinity_group_by;  // antiAffinity.groupByLabelKey
};

struct Placement {
  std::optional<ClusterAffinity> cluster_affinity;
  std::vector<ClusterAffinityTerm> cluster_affinities;
  std::vector<Toleration> cluster_tolerations;
  std::vector<SpreadConstraint> spread_constraints;
  std::optional<ReplicaSchedulingStrategy> replica_scheduling;  // absent = Duplicated
  std::optional<WorkloadAffinity> workload_affinity;

  bool divided() const { return replica_scheduling && replica_scheduling->type == ReplicaSchedulingType::Divided; }
};

// Parses spec.placement. Empty lists count as absent, as they do once the API server has stored
// the policy (the Go fields are omitempty). Every webhook and CRD schema violation is a problem
// at its field; the returned value is only meaningful when no problem was added.
Placement parse_placement(const Json& value, const FieldPath& at, Problems& problems);

}  // namespace fleetwave
