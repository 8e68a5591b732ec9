// Which PropagationPolicy or ClusterPropagationPolicy claims a resource template
// (pkg/detector/policy.go and detector.go: LookForMatchedPolicy, LookForMatchedClusterPolicy).
#pragma once

#include <vector>

#include "match/selector_match.h"
#include "model/propagation_policy.h"

namespace fleetwave {

// A matching PP in the resource's namespace always wins over every CPP. Among candidates:
// highest explicit priority, then highest implicit priority (name > labelSelector > match
// all), then the smaller name. nullptr when nothing matches.
const PropagationPolicy* select_propagation_policy(const ResourceIdentity& resource, bool namespaced,
                                                   const std::vector<PropagationPolicy>& policies);

// The policy's implicit priority for a resource: the best over its selectors.
ImplicitPriority policy_implicit_priority(const ResourceIdentity& resource,
                                          const std::vector<ResourceSelector>& selectors);

}  // namespace fleetwave
