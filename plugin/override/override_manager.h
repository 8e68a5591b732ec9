// Karmada's override manager (pkg/util/overridemanager): which Cluster/OverridePolicies apply to
// a manifest for one cluster, in which order, and applying their overriders as JSON patches.
#pragma once

#include <string>
#include <vector>

#include "base/json.h"
#include "base/result.h"
#include "match/selector_match.h"
#include "model/cluster.h"
#include "model/override_policy.h"

namespace fleetwave {

struct OverrideContext {
  const Cluster* cluster = nullptr;
  ResourceIdentity resource;   // namespace_ empty for cluster-scoped resources
  bool namespaced = true;
  // Every ClusterOverridePolicy and every OverridePolicy of the fleet; the manager picks.
  const std::vector<OverridePolicy>* policies = nullptr;
};

// Applies the relevant policies to `manifest` in Karmada's order. Returns the names of the
// policies that changed something ("ClusterOverridePolicy/x", "OverridePolicy/ns/y"), or an
// InvalidInput error naming the policy, rule and overrider that could not be applied.
Result<std::vector<std::string>> apply_overrides(Json& manifest, const OverrideContext& context);

}  // namespace fleetwave
