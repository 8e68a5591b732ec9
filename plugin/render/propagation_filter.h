// Templates Karmada never propagates, whatever the policies say: the detector's EventFilter
// (reserved and skipped namespaces, kube-system/extension-apiserver-authentication), its
// disabled API groups (Karmada's own, events, coordination.k8s.io/v1) and templates already
// claimed by another controller (resourcetemplate.karmada.io/claimed-by).
#pragma once

#include <string>

#include "render/fleet.h"

namespace fleetwave {

// "" when the template may be propagated, otherwise why not (for the render report).
std::string propagation_block_reason(const ResourceTemplate& t);

// names.IsReservedNamespace: karmada-system, karmada-cluster, karmada-es-*.
bool is_reserved_namespace(const std::string& ns);

// Karmada's default --skipped-propagating-namespaces: ^kube-.*$.
bool is_skipped_namespace(const std::string& ns);

}  // namespace fleetwave
