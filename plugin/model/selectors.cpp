#include "model/selectors.h"

#include "base/text.h"

namespace fleetwave {
namespace {

// Karmada's webhooks admit a label selector that metav1.LabelSelectorAsSelector cannot convert;
// the selector then matches nothing. Valid to Karmada, so a warning rather than an error: with
// Argo CD's auto-prune, a typo here would silently delete the app everywhere.
constexpr const char* kMatchesNothing =
    "Karmada admits this label selector but cannot convert it, so it matches nothing";

// Why metav1.LabelSelectorAsSelector would reject a requirement ("" when it converts).
std::string label_requirement_problem(const SelectorRequirement& r) {
  if (std::string why = check_label_key(r.key); !why.empty()) return "key \"" + printable(r.key) + "\": " + why;
  if (r.op == "In" || r.op == "NotIn") {
    if (r.values.empty()) return "values must be given for In and NotIn";
  } else if (r.op == "Exists" || r.op == "DoesNotExist") {
    if (!r.values.empty()) return "values must be empty for Exists and DoesNotExist";
  } else {
    return "unknown operator \"" + printable(r.op) + "\" (valid: In, NotIn, Exists, DoesNotExist)";
  }
  for (const std::string& v : r.values) {
    if (std::string why = check_label_value(v); !why.empty()) return "value \"" + printable(v) + "\": " + why;
  }
  return {};
}

std::vector<SelectorRequirement> parse_requirements(const Json& list, const FieldPath& at, Problems& problems,
                                                    bool field_selector) {
  std::vector<SelectorRequirement> out;
  for (std::size_t i = 0; i < list.size(); ++i) {
    const Json& item = list[i];
    FieldPath here = at.index(i);
    if (!expect_map(item, "a map with key, operator and values", here, problems)) continue;
    reject_unknown_fields(item, {"key", "operator", "values"}, here, problems);
    SelectorRequirement r;
    r.key = get_string(item, "key", here, problems, true);
    r.op = get_string(item, "operator", here, problems, true);
    r.values = get_string_list(item, "values", here, problems);
    if (field_selector) {  // ValidatePolicyFieldSelector: the webhook rejects these
      if (!r.key.empty() && r.key != "provider" && r.key != "region" && r.key != "zone") {
        problems.add(here.key("key"),
                     "unsupported key \"" + printable(r.key) + "\", must be provider, region, or zone");
      }
      if (!r.op.empty() && r.op != "In" && r.op != "NotIn") {
        problems.add(here.key("operator"), "unsupported operator \"" + printable(r.op) + "\", must be In or NotIn");
      }
    }
    out.push_back(std::move(r));
  }
  return out;
}

}  // namespace

LabelSelector parse_label_selector(const Json& value, const FieldPath& at, Problems& problems) {
  LabelSelector s;
  if (!expect_map(value, "a map with matchLabels and/or matchExpressions", at, problems)) return s;
  reject_unknown_fields(value, {"matchLabels", "matchExpressions"}, at, problems);
  s.match_labels = get_string_map(value, "matchLabels", at, problems);
  for (const auto& [k, v] : s.match_labels) {
    std::string why = check_label_key(k);
    if (!why.empty()) why = "key \"" + printable(k) + "\": " + why;
    else if (why = check_label_value(v); !why.empty()) why = "value \"" + printable(v) + "\": " + why;
    if (why.empty()) continue;
    s.convertible = false;
    problems.warn(at.key("matchLabels").key(k), why + "; " + kMatchesNothing);
  }
  if (const Json* list = get_array(value, "matchExpressions", at, problems)) {
    s.match_expressions = parse_requirements(*list, at.key("matchExpressions"), problems, false);
    for (std::size_t i = 0; i < s.match_expressions.size(); ++i) {
      const SelectorRequirement& r = s.match_expressions[i];
      std::string why = label_requirement_problem(r);
      if (why.empty()) continue;
      s.convertible = false;
      const FieldPath here = at.key("matchExpressions").index(i);
      const FieldPath field = why.rfind("unknown operator", 0) == 0 ? here.key("operator")
                              : why.rfind("key", 0) == 0            ? here.key("key")
                                                                    : here.key("values");
      problems.warn(field, why + "; " + kMatchesNothing);
    }
  }
  return s;
}

ClusterAffinity parse_cluster_affinity_inline(const Json& value, const FieldPath& at, Problems& problems) {
  ClusterAffinity a;
  if (!expect_map(value, "a map", at, problems)) return a;
  if (const Json* ls = get_object(value, "labelSelector", at, problems)) {
    a.label_selector = parse_label_selector(*ls, at.key("labelSelector"), problems);
  }
  if (const Json* fs = get_object(value, "fieldSelector", at, problems)) {
    FieldPath fs_at = at.key("fieldSelector");
    reject_unknown_fields(*fs, {"matchExpressions"}, fs_at, problems);
    a.field_selector.emplace();
    if (const Json* list = get_array(*fs, "matchExpressions", fs_at, problems)) {
      *a.field_selector = parse_requirements(*list, fs_at.key("matchExpressions"), problems, true);
    }
  }
  a.cluster_names = get_string_list(value, "clusterNames", at, problems);
  a.exclude = get_string_list(value, "exclude", at, problems);
  return a;
}

ClusterAffinity parse_cluster_affinity(const Json& value, const FieldPath& at, Problems& problems) {
  reject_unknown_fields(value, {"labelSelector", "fieldSelector", "clusterNames", "exclude"}, at, problems);
  return parse_cluster_affinity_inline(value, at, problems);
}

ResourceSelector parse_resource_selector(const Json& value, const FieldPath& at, Problems& problems) {
  ResourceSelector s;
  if (!expect_map(value, "a map with apiVersion and kind", at, problems)) return s;
  reject_unknown_fields(value, {"apiVersion", "kind", "namespace", "name", "labelSelector"}, at, problems);
  s.api_version = get_string(value, "apiVersion", at, problems, true);
  s.kind = get_string(value, "kind", at, problems, true);
  s.namespace_ = get_string(value, "namespace", at, problems);
  s.name = get_string(value, "name", at, problems);
  if (const Json* ls = get_object(value, "labelSelector", at, problems)) {
    s.label_selector = parse_label_selector(*ls, at.key("labelSelector"), problems);
  }
  return s;
}

}  // namespace fleetwave
