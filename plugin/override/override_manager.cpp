#include "override/override_manager.h"

#include <algorithm>

#include "override/overriders.h"

namespace fleetwave {
namespace {

ImplicitPriority policy_priority(const OverridePolicy& policy, const ResourceIdentity& resource) {
  if (policy.resource_selectors.empty()) return ImplicitPriority::MatchAll;
  ImplicitPriority best = ImplicitPriority::Mismatch;
  for (const ResourceSelector& s : policy.resource_selectors)
    best = std::max(best, resource_selector_priority(resource, s));
  return best;
}

std::string applied_name(const OverridePolicy& p) {
  return p.cluster_scoped ? "ClusterOverridePolicy/" + p.name : "OverridePolicy/" + p.namespace_ + "/" + p.name;
}

// rawObj.GetNamespace(): the manifest's own namespace ("" for cluster-scoped resources).
std::string resource_namespace(const Json& manifest, const OverrideContext& context) {
  if (!context.namespaced) return "";
  std::string ns = string_at(manifest, {"metadata", "namespace"});
  return ns.empty() ? context.resource.namespace_ : ns;
}

// getOverridersFromOverridePolicies then applyPolicyOverriders for one scope: the cluster
// scope (namespace == nullptr) or the OverridePolicies of one namespace. Selectors see the
// manifest as the previous scope left it.
Status<> apply_scope(Json& manifest, const OverrideContext& context, const std::string* namespace_,
                     std::vector<std::string>& applied) {
  auto in_scope = [namespace_](const OverridePolicy& p) {
    return namespace_ == nullptr ? p.cluster_scoped : (!p.cluster_scoped && p.namespace_ == *namespace_);
  };
  // The labels are copied only when a selector of the scope reads them (once per object).
  const bool labels_read = std::any_of(context.policies->begin(), context.policies->end(), [&](const auto& p) {
    return in_scope(p) && std::any_of(p.resource_selectors.begin(), p.resource_selectors.end(),
                                      [](const ResourceSelector& s) { return s.label_selector.has_value(); });
  });
  const ResourceIdentity resource = identity_of(manifest, resource_namespace(manifest, context), labels_read);
  std::vector<std::pair<ImplicitPriority, const OverridePolicy*>> relevant;
  for (const OverridePolicy& p : *context.policies) {
    if (!in_scope(p)) continue;
    ImplicitPriority priority = policy_priority(p, resource);
    if (priority != ImplicitPriority::Mismatch) relevant.emplace_back(priority, &p);
  }
  std::stable_sort(relevant.begin(), relevant.end(), [](const auto& a, const auto& b) {
    if (a.first != b.first) return a.first < b.first;
    return a.second->name < b.second->name;
  });
  for (const auto& entry : relevant) {
    const OverridePolicy* policy = entry.second;  // a named variable: clang 14 cannot capture a binding
    bool any = false;
    auto apply_rule = [&](const OverrideRule& rule) -> Status<> {
      any = true;
      auto outcome = apply_overriders(manifest, rule.overriders);
      if (outcome.ok()) return ok_status();
      // The error is in the policy's overrider (the template is named by the caller).
      Error e = invalid_input(describe_policy(*policy) + ": " + outcome.error().message,
                              rule.field + ".overriders." + outcome.error().field);
      e.pos = policy->source;
      return e;
    };
    if (context.matching_rules != nullptr) {
      auto index = static_cast<std::size_t>(policy - context.policies->data());
      for (std::uint32_t r : context.matching_rules->by_policy[index]) FW_CHECK(apply_rule(policy->rules[r]));
    } else {
      for (const OverrideRule& rule : policy->rules) {
        if (rule.target_cluster && !cluster_matches(*context.cluster, *rule.target_cluster)) continue;
        FW_CHECK(apply_rule(rule));
      }
    }
    if (any) applied.push_back(applied_name(*policy));
  }
  return ok_status();
}

}  // namespace

MatchingRules matching_override_rules(const std::vector<OverridePolicy>& policies, const Cluster& cluster) {
  MatchingRules out;
  out.by_policy.resize(policies.size());
  for (std::size_t p = 0; p < policies.size(); ++p) {
    const std::vector<OverrideRule>& rules = policies[p].rules;
    for (std::size_t r = 0; r < rules.size(); ++r) {
      if (!rules[r].target_cluster || cluster_matches(cluster, *rules[r].target_cluster))
        out.by_policy[p].push_back(static_cast<std::uint32_t>(r));
    }
  }
  return out;
}

Result<std::vector<std::string>> apply_overrides(Json& manifest, const OverrideContext& context) {
  if (context.cluster == nullptr || context.policies == nullptr) {
    return internal_error("apply_overrides needs a cluster and the policy list");
  }
  std::vector<std::string> applied;
  FW_CHECK(apply_scope(manifest, context, nullptr, applied));
  // Karmada lists the OverridePolicies of the namespace the manifest has after the
  // ClusterOverridePolicies ran; cluster-scoped resources get none.
  std::string ns = resource_namespace(manifest, context);
  if (!ns.empty()) FW_CHECK(apply_scope(manifest, context, &ns, applied));
  return applied;
}

}  // namespace fleetwave
