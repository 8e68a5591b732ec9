// Selector types shared by propagation and override policies (Karmada policy/v1alpha1 and
// metav1.LabelSelector), parsed and validated as Karmada's webhooks would.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "base/field_path.h"
#include "base/json.h"
#include "model/json_fields.h"
#include "model/problems.h"

namespace fleetwave {

struct SelectorRequirement {
  std::string key;
  std::string op;  // In, NotIn, Exists, DoesNotExist
  std::vector<std::string> values;
};

// metav1.LabelSelector. An empty selector (no labels, no expressions) matches everything.
// Karmada's webhooks admit selectors that metav1.LabelSelectorAsSelector cannot convert (a bad
// operator, In without values, an invalid key or value); such a selector matches nothing.
struct LabelSelector {
  StringMap match_labels;
  std::vector<SelectorRequirement> match_expressions;
  bool convertible = true;
};

// policy/v1alpha1.ClusterAffinity. Optional parts that are absent do not constrain.
struct ClusterAffinity {
  std::optional<LabelSelector> label_selector;
  std::optional<std::vector<SelectorRequirement>> field_selector;  // keys provider|region|zone
  std::vector<std::string> cluster_names;
  std::vector<std::string> exclude;
};

// policy/v1alpha1.ResourceSelector.
struct ResourceSelector {
  std::string api_version;
  std::string kind;
  std::string namespace_;
  std::string name;
  std::optional<LabelSelector> label_selector;
};

LabelSelector parse_label_selector(const Json& value, const FieldPath& at, Problems& problems);
ClusterAffinity parse_cluster_affinity(const Json& value, const FieldPath& at, Problems& problems);
// The ClusterAffinity fields of `value` without rejecting other members (for inline use in
// ClusterAffinityTerm, which adds affinityName and overflowAffinities).
ClusterAffinity parse_cluster_affinity_inline(const Json& value, const FieldPath& at, Problems& problems);
ResourceSelector parse_resource_selector(const Json& value, const FieldPath& at, Problems& problems);

}  // namespace fleetwave
