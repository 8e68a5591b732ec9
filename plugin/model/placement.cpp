// spec.placement as the API server stores it: CRD schema defaults and checks
// (charts/karmada/_crds/bases/policy), the mutating webhook's defaults
// (helper.SetDefaultSpreadConstraints, SetReplicaDivisionPreferenceWeighted) and
// validation.ValidatePlacement (pkg/util/validation/validation.go).
#include "model/placement.h"

#include <map>
#include <set>

#include "base/text.h"

namespace fleetwave {
namespace {

constexpr std::size_t kMaxAffinityNameLength = 32;  // CRD maxLength

// A string field limited to an enum by the CRD. An explicitly empty value is not in the enum
// either. Returns "" when the field is absent or invalid.
std::string enum_field(const Json& object, std::string_view key, std::initializer_list<std::string_view> allowed,
                       const FieldPath& at, Problems& problems) {
  const Json* v = find_member(object, key);
  if (v == nullptr || v->is_null()) return {};
  std::string value = get_string(object, key, at, problems);
  if (!v->is_string()) return {};
  std::string list;
  for (std::string_view a : allowed) {
    if (value == a) return value;
    list += (list.empty() ? "" : ", ") + std::string(a);
  }
  problems.add(at.key(key), "unsupported value \"" + printable(value) + "\", must be one of: " + list);
  return {};
}

// content.IsLabelKey, reported with the offending value.
void check_qualified_name(const std::string& value, const FieldPath& at, Problems& problems) {
  if (value.empty()) return;  // reported as missing/empty already
  if (std::string why = check_label_key(value); !why.empty()) {
    problems.add(at, "invalid value \"" + printable(value) + "\": " + why);
  }
}

int group_count(const Json& object, std::string_view key, const FieldPath& at, Problems& problems) {
  std::optional<std::int64_t> v = get_int(object, key, at, problems);
  if (!v) return 0;
  if (*v < INT32_MIN || *v > INT32_MAX) {
    problems.add(at.key(key), "must fit in a 32-bit integer");
    return 0;
  }
  return static_cast<int>(*v);
}

bool empty_affinity(const ClusterAffinity& a) {
  return !a.label_selector && !a.field_selector && a.cluster_names.empty() && a.exclude.empty();
}

ClusterAffinityTerm parse_term(const Json& item, const FieldPath& at, Problems& problems, bool overflow) {
  ClusterAffinityTerm term;
  if (!expect_map(item, "a map with affinityName and cluster affinity fields", at, problems)) return term;
  if (overflow) {
    reject_unknown_fields(item, {"affinityName", "labelSelector", "fieldSelector", "clusterNames", "exclude"}, at,
                          problems);
  } else {
    reject_unknown_fields(
        item, {"affinityName", "labelSelector", "fieldSelector", "clusterNames", "exclude", "overflowAffinities"}, at,
        problems);
  }
  term.affinity_name = get_string(item, "affinityName", at, problems, true);
  if (term.affinity_name.size() > kMaxAffinityNameLength) {
    problems.add(at.key("affinityName"), "must be no more than 32 characters");
  }
  check_qualified_name(term.affinity_name, at.key("affinityName"), problems);
  term.affinity = parse_cluster_affinity_inline(item, at, problems);
  if (overflow) return term;
  if (const Json* list = get_array(item, "overflowAffinities", at, problems)) {
    for (std::size_t i = 0; i < list->size(); ++i) {
      term.overflow_affinities.push_back(parse_term((*list)[i], at.key("overflowAffinities").index(i), problems, true));
    }
  }
  return term;
}

// ValidateClusterAffinities and ValidateOverflowAffinities.
void validate_terms(const std::vector<ClusterAffinityTerm>& terms, bool overflow_allowed, const FieldPath& at,
                    Problems& problems) {
  std::set<std::string> names;
  for (std::size_t i = 0; i < terms.size(); ++i) {
    const ClusterAffinityTerm& term = terms[i];
    FieldPath here = at.index(i);
    if (!names.insert(term.affinity_name).second) {
      problems.add(here.key("affinityName"), "each affinity term in a policy must have a unique name");
    }
    if (term.overflow_affinities.empty()) continue;
    if (!overflow_allowed) {
      problems.add(here.key("overflowAffinities"),
                   "overflowAffinities can only be used together with dynamic weight or aggregated scheduling");
    }
    if (empty_affinity(term.affinity)) {
      problems.add(here.key("overflowAffinities"),
                   "overflowAffinities can only be used together with the inline ClusterAffinity");
    }
    std::set<std::string> group_names{term.affinity_name};
    for (std::size_t j = 0; j < term.overflow_affinities.size(); ++j) {
      if (!group_names.insert(term.overflow_affinities[j].affinity_name).second) {
        problems.add(here.key("overflowAffinities").index(j).key("affinityName"),
                     "overflow affinity name must be unique and must not duplicate the primary group's affinityName");
      }
    }
  }
}

Toleration parse_toleration(const Json& item, const FieldPath& at, Problems& problems) {
  Toleration t;
  if (!expect_map(item, "a map with key, operator, value and effect", at, problems)) return t;
  reject_unknown_fields(item, {"key", "operator", "value", "effect", "tolerationSeconds"}, at, problems);
  t.key = get_string(item, "key", at, problems);
  t.op = get_string(item, "operator", at, problems);
  t.value = get_string(item, "value", at, problems);
  t.effect = get_string(item, "effect", at, problems);
  t.toleration_seconds = get_int(item, "tolerationSeconds", at, problems);
  // validateClusterTolerations: the comparison operators are refused for clusters.
  if (t.op == "Lt" || t.op == "Gt") {
    problems.add(at.key("operator"),
                 "unsupported value \"" + printable(t.op) + "\", must be one of: \"\", Exists, Equal");
  }
  if (t.op.empty()) t.op = "Equal";
  return t;
}

SpreadConstraint parse_spread_constraint(const Json& item, const FieldPath& at, Problems& problems) {
  SpreadConstraint c;
  if (!expect_map(item, "a map with spreadByField or spreadByLabel", at, problems)) return c;
  reject_unknown_fields(item, {"spreadByField", "spreadByLabel", "maxGroups", "minGroups"}, at, problems);
  c.spread_by_field = enum_field(item, "spreadByField", {"cluster", "region", "zone", "provider"}, at, problems);
  c.spread_by_label = get_string(item, "spreadByLabel", at, problems);
  c.max_groups = group_count(item, "maxGroups", at, problems);
  c.min_groups = group_count(item, "minGroups", at, problems);
  // SetDefaultSpreadConstraints (mutating webhook).
  bool field_given = find_member(item, "spreadByField") != nullptr && !item["spreadByField"].is_null();
  if (c.spread_by_label.empty() && c.spread_by_field.empty() && !field_given) c.spread_by_field = "cluster";
  if (c.min_groups == 0) c.min_groups = 1;
  if (!c.spread_by_field.empty() && !c.spread_by_label.empty()) {
    problems.add(at, "spreadByLabel should not co-exist with spreadByField");
  }
  if (c.min_groups < 0) problems.add(at.key("minGroups"), "minGroups lower than 0 is not allowed");
  if (c.max_groups < 0) problems.add(at.key("maxGroups"), "maxGroups lower than 0 is not allowed");
  if (c.max_groups > 0 && c.max_groups < c.min_groups) {
    problems.add(at.key("maxGroups"), "maxGroups lower than minGroups is not allowed");
  }
  return c;
}

// The list-level rules of ValidateSpreadConstraint.
void validate_spread_fields(const std::vector<SpreadConstraint>& constraints, const FieldPath& at, Problems& problems) {
  std::map<std::string, int> seen;
  for (const SpreadConstraint& c : constraints) {
    if (c.spread_by_field.empty()) continue;
    if (++seen[c.spread_by_field] == 2) {
      problems.add(at, "multiple " + c.spread_by_field + " spread constraints are not allowed");
    }
  }
  if (!seen.empty() && seen.count("cluster") == 0) {
    problems.add(
        at,
        "the cluster spread constraint must be enabled in one of the constraints in case of SpreadByField is enabled");
  }
}

StaticClusterWeight parse_static_weight(const Json& item, const FieldPath& at, Problems& problems) {
  StaticClusterWeight w;
  if (!expect_map(item, "a map with targetCluster and weight", at, problems)) return w;
  reject_unknown_fields(item, {"targetCluster", "weight"}, at, problems);
  if (const Json* target = get_object(item, "targetCluster", at, problems, true)) {
    w.target_cluster = parse_cluster_affinity(*target, at.key("targetCluster"), problems);
  }
  if (find_member(item, "weight") == nullptr || item["weight"].is_null()) {
    problems.add(at.key("weight"), "required field is missing");
  } else if (std::optional<std::int64_t> weight = get_int(item, "weight", at, problems)) {
    w.weight = *weight;
    if (w.weight < 1) problems.add(at.key("weight"), "must be greater than or equal to 1");
  }
  return w;
}

ReplicaSchedulingStrategy parse_replica_scheduling(const Json& value, const FieldPath& at, Problems& problems) {
  ReplicaSchedulingStrategy rs;
  reject_unknown_fields(value, {"replicaSchedulingType", "replicaDivisionPreference", "weightPreference"}, at,
                        problems);
  // An absent type is the CRD default Divided; an absent preference the webhook default Weighted.
  if (enum_field(value, "replicaSchedulingType", {"Duplicated", "Divided"}, at, problems) == "Duplicated") {
    rs.type = ReplicaSchedulingType::Duplicated;
  }
  if (enum_field(value, "replicaDivisionPreference", {"Aggregated", "Weighted"}, at, problems) == "Aggregated") {
    rs.preference = ReplicaDivisionPreference::Aggregated;
  }
  const Json* pref = get_object(value, "weightPreference", at, problems);
  if (pref == nullptr) return rs;
  const FieldPath pref_at = at.key("weightPreference");
  rs.has_weight_preference = true;
  reject_unknown_fields(*pref, {"staticWeightList", "dynamicWeight"}, pref_at, problems);
  if (const Json* list = get_array(*pref, "staticWeightList", pref_at, problems)) {
    for (std::size_t i = 0; i < list->size(); ++i) {
      rs.static_weights.push_back(parse_static_weight((*list)[i], pref_at.key("staticWeightList").index(i), problems));
    }
  }
  rs.dynamic_weight =
      enum_field(*pref, "dynamicWeight", {"AvailableReplicas"}, pref_at, problems) == "AvailableReplicas";
  return rs;
}

std::optional<std::string> group_by_key(const Json& parent, std::string_view key, const FieldPath& at,
                                        Problems& problems) {
  const Json* term = get_object(parent, key, at, problems);
  if (term == nullptr) return std::nullopt;
  FieldPath here = at.key(key);
  reject_unknown_fields(*term, {"groupByLabelKey"}, here, problems);
  std::string label = get_string(*term, "groupByLabelKey", here, problems, true);
  check_qualified_name(label, here.key("groupByLabelKey"), problems);
  return label;
}

WorkloadAffinity parse_workload_affinity(const Json& value, const FieldPath& at, Problems& problems) {
  WorkloadAffinity w;
  reject_unknown_fields(value, {"affinity", "antiAffinity"}, at, problems);
  w.affinity_group_by = group_by_key(value, "affinity", at, problems);
  w.anti_affinity_group_by = group_by_key(value, "antiAffinity", at, problems);
  if (w.affinity_group_by && w.anti_affinity_group_by && *w.affinity_group_by == *w.anti_affinity_group_by) {
    problems.add(at, "affinity and antiAffinity must not use the same groupByLabelKey");
  }
  return w;
}

// util.IsOverflowSchedulingAllowed.
bool overflow_allowed(const std::optional<ReplicaSchedulingStrategy>& rs) {
  if (!rs || rs->type != ReplicaSchedulingType::Divided) return false;
  return rs->preference == ReplicaDivisionPreference::Aggregated || (rs->has_weight_preference && rs->dynamic_weight);
}

template <typename T, typename Parse>
std::vector<T> parse_list(const Json& value, std::string_view key, const FieldPath& at, Problems& problems,
                          Parse parse) {
  std::vector<T> out;
  if (const Json* list = get_array(value, key, at, problems)) {
    for (std::size_t i = 0; i < list->size(); ++i) out.push_back(parse((*list)[i], at.key(key).index(i), problems));
  }
  return out;
}

}  // namespace

Placement parse_placement(const Json& value, const FieldPath& at, Problems& problems) {
  Placement p;
  if (!expect_map(value, "a map", at, problems)) return p;
  reject_unknown_fields(value,
                        {"clusterAffinity", "clusterAffinities", "clusterTolerations", "spreadConstraints",
                         "replicaScheduling", "workloadAffinity"},
                        at, problems);
  if (const Json* a = get_object(value, "clusterAffinity", at, problems)) {
    p.cluster_affinity = parse_cluster_affinity(*a, at.key("clusterAffinity"), problems);
  }
  p.cluster_affinities = parse_list<ClusterAffinityTerm>(
      value, "clusterAffinities", at, problems,
      [](const Json& item, const FieldPath& here, Problems& pr) { return parse_term(item, here, pr, false); });
  p.cluster_tolerations = parse_list<Toleration>(value, "clusterTolerations", at, problems, parse_toleration);
  p.spread_constraints =
      parse_list<SpreadConstraint>(value, "spreadConstraints", at, problems, parse_spread_constraint);
  if (const Json* rs = get_object(value, "replicaScheduling", at, problems)) {
    p.replica_scheduling = parse_replica_scheduling(*rs, at.key("replicaScheduling"), problems);
  }
  if (const Json* wa = get_object(value, "workloadAffinity", at, problems)) {
    p.workload_affinity = parse_workload_affinity(*wa, at.key("workloadAffinity"), problems);
  }
  if (p.cluster_affinity && !p.cluster_affinities.empty()) {
    problems.add(at, "clusterAffinities cannot co-exist with clusterAffinity");
  }
  validate_terms(p.cluster_affinities, overflow_allowed(p.replica_scheduling), at.key("clusterAffinities"), problems);
  validate_spread_fields(p.spread_constraints, at.key("spreadConstraints"), problems);
  return p;
}

}  // namespace fleetwave
