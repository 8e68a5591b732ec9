#include "render/resource_scope.h"

#include <set>

namespace fleetwave {
namespace {

// Cluster-scoped kinds of Kubernetes itself, as "group/Kind" ("" group for the core API).
const std::set<std::string>& builtin_cluster_scoped() {
  static const std::set<std::string> kinds = {
      "/Namespace",
      "/Node",
      "/PersistentVolume",
      "/ComponentStatus",
      "rbac.authorization.k8s.io/ClusterRole",
      "rbac.authorization.k8s.io/ClusterRoleBinding",
      "apiextensions.k8s.io/CustomResourceDefinition",
      "apiregistration.k8s.io/APIService",
      "storage.k8s.io/StorageClass",
      "storage.k8s.io/CSIDriver",
      "storage.k8s.io/CSINode",
      "storage.k8s.io/VolumeAttachment",
      "storage.k8s.io/VolumeAttributesClass",
      "scheduling.k8s.io/PriorityClass",
      "node.k8s.io/RuntimeClass",
      "admissionregistration.k8s.io/MutatingWebhookConfiguration",
      "admissionregistration.k8s.io/ValidatingWebhookConfiguration",
      "admissionregistration.k8s.io/ValidatingAdmissionPolicy",
      "admissionregistration.k8s.io/ValidatingAdmissionPolicyBinding",
      "admissionregistration.k8s.io/MutatingAdmissionPolicy",
      "admissionregistration.k8s.io/MutatingAdmissionPolicyBinding",
      "networking.k8s.io/IngressClass",
      "networking.k8s.io/IPAddress",
      "networking.k8s.io/ServiceCIDR",
      "certificates.k8s.io/CertificateSigningRequest",
      "certificates.k8s.io/ClusterTrustBundle",
      "flowcontrol.apiserver.k8s.io/FlowSchema",
      "flowcontrol.apiserver.k8s.io/PriorityLevelConfiguration",
      "policy/PodSecurityPolicy",
      "resource.k8s.io/DeviceClass",
      "resource.k8s.io/ResourceSlice",
      "cluster.karmada.io/Cluster",
      "policy.karmada.io/ClusterPropagationPolicy",
      "policy.karmada.io/ClusterOverridePolicy",
      "work.karmada.io/ClusterResourceBinding",
  };
  return kinds;
}

// Namespaced kinds of Kubernetes itself whose names start with "Cluster" (none today), and the
// common ones, so the fallback heuristic never applies to them.
bool builtin_namespaced(const std::string& group, const std::string& kind) {
  static const std::set<std::string> groups = {"",
                                               "apps",
                                               "batch",
                                               "autoscaling",
                                               "networking.k8s.io",
                                               "policy",
                                               "rbac.authorization.k8s.io",
                                               "coordination.k8s.io",
                                               "discovery.k8s.io",
                                               "events.k8s.io",
                                               "storage.k8s.io",
                                               "resource.k8s.io"};
  (void)kind;
  return groups.count(group) > 0;
}

}  // namespace

std::string api_group_of(const std::string& api_version) {
  std::size_t slash = api_version.find('/');
  return slash == std::string::npos ? std::string() : api_version.substr(0, slash);
}

void ResourceScopes::learn_from(const std::vector<const Json*>& objects) {
  for (const Json* o : objects) {
    if (string_at(*o, {"kind"}) != "CustomResourceDefinition") continue;
    if (api_group_of(string_at(*o, {"apiVersion"})) != "apiextensions.k8s.io") continue;
    std::string group = string_at(*o, {"spec", "group"});
    std::string kind = string_at(*o, {"spec", "names", "kind"});
    std::string scope = string_at(*o, {"spec", "scope"});
    if (kind.empty()) continue;
    crd_namespaced_[group + "/" + kind] = scope != "Cluster";
  }
}

bool ResourceScopes::is_namespaced(const std::string& api_version, const std::string& kind, bool has_namespace) const {
  std::string group = api_group_of(api_version);
  std::string key = group + "/" + kind;
  if (builtin_cluster_scoped().count(key) > 0) return false;
  if (auto it = crd_namespaced_.find(key); it != crd_namespaced_.end()) return it->second;
  if (builtin_namespaced(group, kind)) return true;
  if (has_namespace) return true;
  return kind.rfind("Cluster", 0) != 0;
}

}  // namespace fleetwave
