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

// core/v1 Toleration (Lt/Gt are not admitted for cluster tolerations).
struct Toleration {
  std::string key;
  std::string op = "Equal";  // Equal | Exists
  std::string value;
  std::string effect;        // "" matches every effect
  std::optional<std::int64_t> toleration_seconds;
};

struct SpreadConstraint {
  std::string spread_by_field;  // cluster | region | zone | provider (defaulted to cluster)
  std::string spread_by_label;
  int max_groups = 0;
  int min_groups = 1;           // defaulted from 0 to 1
};

struct StaticClusterWeight {
  ClusterAffinity target_cluster;
  std::int64_t weight = 1;
};

enum class ReplicaSchedulingType { Duplicated, Divided };
enum class ReplicaDivisionPreference { Aggregated, Weighted };

struct ReplicaSchedulingStrategy {
  ReplicaSchedulingType type = ReplicaSchedulingType::Divided;  // CRD default when the object exists
  ReplicaDivisionPreference preference = ReplicaDivisionPreference::Weighted;
  bool has_weight_preference = false;
  std::vector<StaticClusterWeight> static_weights;
  bool dynamic_weight = false;  // weightPreference.dynamicWeight: AvailableReplicas
};

struct ClusterAffinityTerm {
  std::string affinity_name;
  ClusterAffinity affinity;
  std::vector<ClusterAffinityTerm> overflow_affinities;  // parsed, not used by the first schedule
};

struct Placement {
  std::optional<ClusterAffinity> cluster_affinity;
  std::vector<ClusterAffinityTerm> cluster_affinities;
  std::vector<Toleration> cluster_tolerations;
  std::vector<SpreadConstraint> spread_constraints;
  std::optional<ReplicaSchedulingStrategy> replica_scheduling;  // absent = Duplicated

  bool divided() const {
    return replica_scheduling && replica_scheduling->type == ReplicaSchedulingType::Divided;
  }
};

Placement parse_placement(const Json& value, const FieldPath& at, Problems& problems);

}  // namespace fleetwave
