#include "match/policy_selection.h"

#include <algorithm>

namespace fleetwave {

ImplicitPriority policy_implicit_priority(const ResourceIdentity& resource,
                                          const std::vector<ResourceSelector>& selectors) {
  ImplicitPriority best = ImplicitPriority::Mismatch;
  for (const ResourceSelector& s : selectors) best = std::max(best, resource_selector_priority(resource, s));
  return best;
}

namespace {

const PropagationPolicy* best_of(const ResourceIdentity& resource, const std::vector<PropagationPolicy>& policies,
                                 bool cluster_scoped) {
  const PropagationPolicy* best = nullptr;
  ImplicitPriority best_implicit = ImplicitPriority::Mismatch;
  for (const PropagationPolicy& p : policies) {
    if (p.cluster_scoped != cluster_scoped) continue;
    if (!cluster_scoped && p.namespace_ != resource.namespace_) continue;
    ImplicitPriority implicit = policy_implicit_priority(resource, p.resource_selectors);
    if (implicit == ImplicitPriority::Mismatch) continue;
    bool better = best == nullptr || p.priority > best->priority ||
                  (p.priority == best->priority &&
                   (implicit > best_implicit || (implicit == best_implicit && p.name < best->name)));
    if (better) {
      best = &p;
      best_implicit = implicit;
    }
  }
  return best;
}

}  // namespace

const PropagationPolicy* select_propagation_policy(const ResourceIdentity& resource, bool namespaced,
                                                   const std::vector<PropagationPolicy>& policies) {
  if (namespaced) {
    if (const PropagationPolicy* pp = best_of(resource, policies, false)) return pp;
  }
  return best_of(resource, policies, true);
}

}  // namespace fleetwave
