#include "match/selector_match.h"

#include <algorithm>

namespace fleetwave {
namespace {

bool contains(const std::vector<std::string>& list, const std::string& value) {
  return std::find(list.begin(), list.end(), value) != list.end();
}

// One requirement over a label set (k8s.io/apimachinery labels.Requirement.Matches).
bool requirement_matches(const SelectorRequirement& r, const StringMap& labels) {
  auto it = labels.find(r.key);
  bool present = it != labels.end();
  if (r.op == "In") return present && contains(r.values, it->second);
  if (r.op == "NotIn") return !present || !contains(r.values, it->second);
  if (r.op == "Exists") return present;
  if (r.op == "DoesNotExist") return !present;
  return false;  // invalid operators were rejected at parse time; never match
}

bool zones_match(const SelectorRequirement& r, const std::vector<std::string>& zones) {
  if (r.op == "In") {
    return std::any_of(zones.begin(), zones.end(), [&](const std::string& z) { return contains(r.values, z); });
  }
  if (r.op == "NotIn") {
    return std::none_of(zones.begin(), zones.end(), [&](const std::string& z) { return contains(r.values, z); });
  }
  if (r.op == "Exists") return !zones.empty();
  if (r.op == "DoesNotExist") return zones.empty();
  return false;
}

}  // namespace

bool label_selector_matches(const LabelSelector& selector, const StringMap& labels) {
  if (!selector.convertible) return false;  // LabelSelectorAsSelector fails: nothing matches
  for (const auto& [key, value] : selector.match_labels) {
    auto it = labels.find(key);
    if (it == labels.end() || it->second != value) return false;
  }
  for (const SelectorRequirement& r : selector.match_expressions) {
    if (!requirement_matches(r, labels)) return false;
  }
  return true;
}

bool cluster_matches(const Cluster& cluster, const ClusterAffinity& affinity) {
  if (contains(affinity.exclude, cluster.name)) return false;
  if (affinity.label_selector && !label_selector_matches(*affinity.label_selector, cluster.labels)) return false;
  if (affinity.field_selector) {
    StringMap fields;  // keys are absent when the cluster leaves the field empty
    if (!cluster.provider.empty()) fields["provider"] = cluster.provider;
    if (!cluster.region.empty()) fields["region"] = cluster.region;
    for (const SelectorRequirement& r : *affinity.field_selector) {
      if (r.key == "zone") {
        if (!zones_match(r, cluster.zones)) return false;
      } else if (r.key == "provider" || r.key == "region") {
        // lifted.NodeSelectorRequirementsAsSelector rejects In/NotIn without values and values
        // that are not label values; ClusterMatches then matches nothing.
        if ((r.op == "In" || r.op == "NotIn") && r.values.empty()) return false;
        for (const std::string& v : r.values) {
          if (!check_label_value(v).empty()) return false;
        }
        if (!requirement_matches(r, fields)) return false;
      } else {
        return false;
      }
    }
  }
  if (!affinity.cluster_names.empty() && !contains(affinity.cluster_names, cluster.name)) return false;
  return true;
}

ResourceIdentity identity_of(const Json& object, const std::string& effective_namespace, bool with_labels) {
  ResourceIdentity id;
  id.api_version = string_at(object, {"apiVersion"});
  id.kind = string_at(object, {"kind"});
  id.namespace_ = effective_namespace;
  id.name = string_at(object, {"metadata", "name"});
  if (with_labels) id.labels = labels_of(object);
  return id;
}

ImplicitPriority resource_selector_priority(const ResourceIdentity& resource, const ResourceSelector& selector) {
  if (resource.api_version != selector.api_version || resource.kind != selector.kind ||
      (!selector.namespace_.empty() && resource.namespace_ != selector.namespace_)) {
    return ImplicitPriority::Mismatch;
  }
  if (!selector.name.empty()) {
    return selector.name == resource.name ? ImplicitPriority::MatchName : ImplicitPriority::Mismatch;
  }
  if (!selector.label_selector) return ImplicitPriority::MatchAll;
  return label_selector_matches(*selector.label_selector, resource.labels) ? ImplicitPriority::MatchLabelSelector
                                                                           : ImplicitPriority::Mismatch;
}

}  // namespace fleetwave
