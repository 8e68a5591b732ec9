// Karmada's override manager (pkg/util/overridemanager): which Cluster/OverridePolicies apply to
// a manifest for one cluster, in which order, and applying their overriders as JSON patches.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "base/json.h"
#include "base/result.h"
#include "match/selector_match.h"
#include "model/cluster.h"
#include "model/override_policy.h"

namespace fleetwave {

// For each policy (same order as the policy list), the indexes of its rules whose
// targetCluster is absent or matches one cluster, in rule order.
struct MatchingRules {
  std::vector<std::vector<std::uint32_t>> by_policy;
};

struct OverrideContext {
  const Cluster* cluster = nullptr;
  // The template's identity. Selectors are matched against the manifest itself (after the
  // ClusterOverridePolicies for the OverridePolicies, as Karmada does); `resource.namespace_`
  // only fills in a namespace the manifest does not carry.
  ResourceIdentity resource;  // namespace_ empty for cluster-scoped resources
  bool namespaced = true;
  // Every ClusterOverridePolicy and every OverridePolicy of the fleet; the manager picks.
  const std::vector<OverridePolicy>* policies = nullptr;
  // Optional, from matching_override_rules for `cluster`: saves testing every rule's
  // targetCluster again for every manifest of a render.
  const MatchingRules* matching_rules = nullptr;
};

MatchingRules matching_override_rules(const std::vector<OverridePolicy>& policies, const Cluster& cluster);

// Applies the relevant policies to `manifest` in Karmada's order (ApplyOverridePolicies):
// 1. every ClusterOverridePolicy, then (namespaced resources only) the OverridePolicies of the
//    resource's namespace;
// 2. within each scope, policies without resourceSelectors or with a matching one, stably
//    sorted by implicit priority ascending (no selectors counts as match-all), then name;
// 3. each policy's rules in order, when targetCluster is absent or matches the cluster;
// 4. each rule's overriders in the fixed order of builtin_overriders().
// Returns, in application order, the policies with at least one applied rule
// ("ClusterOverridePolicy/x", "OverridePolicy/ns/y") - Karmada records these as applied
// whether or not they changed anything. On failure returns an InvalidInput error such as
// "OverridePolicy default/web: spec.overrideRules[0].overriders.plaintext[0]: replace
// /spec/foo: path does not exist"; `manifest` is then unusable (Karmada creates no Work).
Result<std::vector<std::string>> apply_overrides(Json& manifest, const OverrideContext& context);

}  // namespace fleetwave
