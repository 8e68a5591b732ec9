#include "render/propagation_filter.h"

#include <set>

#include "render/resource_scope.h"

namespace fleetwave {

bool is_reserved_namespace(const std::string& ns) {
  return ns == "karmada-system" || ns == "karmada-cluster" || ns.rfind("karmada-es-", 0) == 0;
}

bool is_skipped_namespace(const std::string& ns) { return ns.rfind("kube-", 0) == 0; }

std::string propagation_block_reason(const ResourceTemplate& t) {
  static const std::set<std::string> disabled_groups = {
      "cluster.karmada.io",     "policy.karmada.io", "work.karmada.io", "config.karmada.io", "networking.karmada.io",
      "autoscaling.karmada.io", "remedy.karmada.io", "apps.karmada.io", "events.k8s.io"};
  const std::string& ns = t.id.namespace_;
  if (is_reserved_namespace(ns)) return "namespace " + ns + " is reserved by Karmada";
  if (is_skipped_namespace(ns)) return "namespace " + ns + " matches Karmada's skipped namespaces (kube-*)";
  std::string group = api_group_of(t.id.api_version);
  if (disabled_groups.count(group) > 0) return "API group " + group + " is never propagated by Karmada";
  if (t.id.api_version == "v1" && t.id.kind == "Event") return "core Events are never propagated by Karmada";
  if (t.id.api_version == "coordination.k8s.io/v1")
    return "coordination.k8s.io/v1 objects are never propagated by Karmada";
  // ResourceDetector.Reconcile skips the template only when the label value is non-empty.
  if (auto it = t.id.labels.find("resourcetemplate.karmada.io/claimed-by");
      it != t.id.labels.end() && !it->second.empty()) {
    return "labelled resourcetemplate.karmada.io/claimed-by: managed by another Karmada controller";
  }
  return {};
}

}  // namespace fleetwave
