// The functions of Karmada's Lua `kube` module (luavm/kube.go in Karmada), on JSON values:
// lua_vm converts the script's arguments and results. Each fails with the reason Karmada's Go
// code would raise as a Lua error.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "base/json.h"
#include "base/result.h"

namespace fleetwave {

// kube.accuratePodRequirements(podTemplate): helper.GenerateReplicaRequirements as a
// ReplicaRequirements object ({nodeClaim, resourceRequest}), or null when the pod asks for
// nothing. Quantities are canonical strings ("500m", "128Mi").
Result<Json> kube_pod_requirements(const Json& pod_template);

// kube.getPodDependencies(podTemplate, namespace): GetDependenciesFromPodTemplate as a list of
// {apiVersion, kind, namespace, name}, or null when there are none (Go's nil slice).
Json kube_pod_dependencies(const Json& pod_template, const std::string& namespace_);

// kube.resourceAdd(q1, q2, ...): the canonical string of the sum; nullopt arguments are nil.
Result<std::string> kube_resource_add(const std::vector<std::optional<std::string>>& quantities);

// kube.getResourceQuantity(q): Quantity.AsApproximateFloat64, refusing negative values.
Result<double> kube_resource_quantity(const std::optional<std::string>& quantity);

}  // namespace fleetwave
