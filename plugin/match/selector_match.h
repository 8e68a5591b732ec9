// Karmada's matchers (pkg/util/selector.go): label selectors, ClusterMatches and the implicit
// priority of a ResourceSelector against a resource template.
#pragma once

#include <string>

#include "base/json.h"
#include "model/cluster.h"
#include "model/selectors.h"

namespace fleetwave {

// metav1.LabelSelectorAsSelector(...).Matches(labels). Empty selector matches everything.
bool label_selector_matches(const LabelSelector& selector, const StringMap& labels);

// util.ClusterMatches: exclude, labelSelector, fieldSelector (zone against spec.zones,
// provider/region against spec), clusterNames; all ANDed; an empty affinity matches all.
bool cluster_matches(const Cluster& cluster, const ClusterAffinity& affinity);

enum class ImplicitPriority { Mismatch = 0, MatchAll = 1, MatchLabelSelector = 2, MatchName = 3 };

// What a resource template looks like to selectors.
struct ResourceIdentity {
  std::string api_version;
  std::string kind;
  std::string namespace_;  // "" for cluster-scoped resources
  std::string name;
  StringMap labels;
};

// Without labels when no label selector will read them (`labels` stays empty).
ResourceIdentity identity_of(const Json& object, const std::string& effective_namespace, bool with_labels = true);

// util.ResourceSelectorPriority.
ImplicitPriority resource_selector_priority(const ResourceIdentity& resource, const ResourceSelector& selector);

}  // namespace fleetwave
