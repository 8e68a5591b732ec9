#include "workload/dependencies.h"

#include <algorithm>
#include <set>
#include <tuple>

namespace fleetwave {
namespace {

struct NameSets {
  std::set<std::string> config_maps, secrets, service_accounts, claims;
};

void add(std::set<std::string>& set, const Json* name) {
  if (name != nullptr && name->is_string() && !name->get_ref<const std::string&>().empty()) {
    set.insert(name->get<std::string>());
  }
}

void visit_container(const Json& c, NameSets& names) {
  if (const Json* env_from = find_member(c, "envFrom"); env_from && env_from->is_array()) {
    for (const Json& e : *env_from) {
      add(names.config_maps, find_path(e, {"configMapRef", "name"}));
      add(names.secrets, find_path(e, {"secretRef", "name"}));
    }
  }
  if (const Json* env = find_member(c, "env"); env && env->is_array()) {
    for (const Json& e : *env) {
      add(names.config_maps, find_path(e, {"valueFrom", "configMapKeyRef", "name"}));
      add(names.secrets, find_path(e, {"valueFrom", "secretKeyRef", "name"}));
    }
  }
}

// Volume sources that name a Secret via secretRef.name (VisitPodSecretNames).
constexpr const char* kSecretRefVolumes[] = {"cephfs", "cinder", "flexVolume", "rbd", "scaleIO", "iscsi", "storageos"};

void visit_volume(const Json& v, NameSets& names) {
  add(names.secrets, find_path(v, {"azureFile", "secretName"}));
  for (const char* source : kSecretRefVolumes) add(names.secrets, find_path(v, {source, "secretRef", "name"}));
  add(names.secrets, find_path(v, {"csi", "nodePublishSecretRef", "name"}));
  add(names.secrets, find_path(v, {"secret", "secretName"}));
  add(names.config_maps, find_path(v, {"configMap", "name"}));
  add(names.claims, find_path(v, {"persistentVolumeClaim", "claimName"}));
  if (const Json* sources = find_path(v, {"projected", "sources"}); sources && sources->is_array()) {
    for (const Json& s : *sources) {
      add(names.secrets, find_path(s, {"secret", "name"}));
      add(names.config_maps, find_path(s, {"configMap", "name"}));
    }
  }
}

void visit_pod_spec(const Json& spec, NameSets& names) {
  if (const Json* pull = find_member(spec, "imagePullSecrets"); pull && pull->is_array()) {
    for (const Json& p : *pull) add(names.secrets, find_member(p, "name"));
  }
  for (const char* list : {"initContainers", "containers", "ephemeralContainers"}) {
    if (const Json* containers = find_member(spec, list); containers && containers->is_array()) {
      for (const Json& c : *containers) visit_container(c, names);
    }
  }
  if (const Json* volumes = find_member(spec, "volumes"); volumes && volumes->is_array()) {
    for (const Json& v : *volumes) visit_volume(v, names);
  }
  const Json* sa = find_member(spec, "serviceAccountName");
  if (sa != nullptr && sa->is_string() && sa->get_ref<const std::string&>() != "default")
    add(names.service_accounts, sa);
}

const Json* dependency_pod_spec(const Json& object, const std::string& kind) {
  if (kind == "Pod") return find_member(object, "spec");
  if (kind == "CronJob") return find_path(object, {"spec", "jobTemplate", "spec", "template", "spec"});
  return find_path(object, {"spec", "template", "spec"});
}

bool has_pod_dependencies(const std::string& api_version, const std::string& kind) {
  if (api_version == "apps/v1")
    return kind == "Deployment" || kind == "ReplicaSet" || kind == "DaemonSet" || kind == "StatefulSet";
  if (api_version == "batch/v1") return kind == "Job" || kind == "CronJob";
  return api_version == "v1" && kind == "Pod";
}

}  // namespace

std::vector<DependencyRef> pod_spec_dependencies(const Json& pod_spec, const std::string& ns) {
  std::vector<DependencyRef> out;
  if (!pod_spec.is_object()) return out;
  NameSets names;
  visit_pod_spec(pod_spec, names);
  for (const std::string& n : names.config_maps) out.push_back({"v1", "ConfigMap", ns, n});
  for (const std::string& n : names.secrets) out.push_back({"v1", "Secret", ns, n});
  for (const std::string& n : names.service_accounts) out.push_back({"v1", "ServiceAccount", ns, n});
  for (const std::string& n : names.claims) out.push_back({"v1", "PersistentVolumeClaim", ns, n});
  return out;
}

std::vector<DependencyRef> workload_dependencies(const Json& object, const std::string& ns) {
  std::string api_version = string_at(object, {"apiVersion"});
  std::string kind = string_at(object, {"kind"});
  std::vector<DependencyRef> out;
  if (api_version == "networking.k8s.io/v1" && kind == "Ingress") {
    std::set<std::string> secrets;
    if (const Json* tls = find_path(object, {"spec", "tls"}); tls && tls->is_array()) {
      for (const Json& t : *tls) add(secrets, find_member(t, "secretName"));
    }
    for (const std::string& s : secrets) out.push_back({"v1", "Secret", ns, s});
    return out;
  }
  if (!has_pod_dependencies(api_version, kind)) return out;
  const Json* spec = dependency_pod_spec(object, kind);
  if (spec == nullptr || !spec->is_object()) return out;
  NameSets names;
  visit_pod_spec(*spec, names);
  if (kind == "StatefulSet") {
    // PVCs created from volumeClaimTemplates are managed in the member cluster, not propagated.
    if (const Json* templates = find_path(object, {"spec", "volumeClaimTemplates"});
        templates && templates->is_array()) {
      for (const Json& t : *templates) {
        if (const Json* name = find_path(t, {"metadata", "name"}); name && name->is_string())
          names.claims.erase(name->get<std::string>());
      }
    }
  }
  for (const std::string& n : names.config_maps) out.push_back({"v1", "ConfigMap", ns, n});
  for (const std::string& n : names.secrets) out.push_back({"v1", "Secret", ns, n});
  for (const std::string& n : names.service_accounts) out.push_back({"v1", "ServiceAccount", ns, n});
  for (const std::string& n : names.claims) out.push_back({"v1", "PersistentVolumeClaim", ns, n});
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace fleetwave
