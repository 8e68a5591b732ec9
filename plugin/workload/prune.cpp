#include "workload/prune.h"

#include <algorithm>
#include <iterator>

#include "base/text.h"
#include "model/json_fields.h"

namespace fleetwave {
namespace {

// unstructured.RemoveNestedField: walks maps only; anything else ends the walk silently.
void remove_nested(Json& object, std::initializer_list<std::string_view> path) {
  Json* node = &object;
  auto last = path.end() - 1;
  for (auto it = path.begin(); it != last; ++it) {
    node = find_member(*node, *it);
    if (node == nullptr || !node->is_object()) return;
  }
  if (!node->is_object()) return;
  auto it = node->find(*last);  // by string_view: no key string is built for the ~20 lookups per object
  if (it != node->end()) node->erase(it);
}

// The metadata fields the API server sets, which Karmada removes before a Work is written.
bool is_server_set_metadata(std::string_view key) {
  constexpr std::string_view kFields[] = {"creationTimestamp",
                                          "deletionTimestamp",
                                          "deletionGracePeriodSeconds",
                                          "generation",
                                          "managedFields",
                                          "resourceVersion",
                                          "selfLink",
                                          "uid",
                                          "ownerReferences",
                                          "finalizers"};
  return std::find(std::begin(kFields), std::end(kFields), key) != std::end(kFields);
}

// unstructured.NestedString: the string at `path`, or nullptr (missing, or not a string).
const Json* nested_string(const Json& object, std::initializer_list<std::string_view> path) {
  const Json* node = &object;
  for (std::string_view key : path) {
    if (!node->is_object()) return nullptr;
    node = find_member(*node, key);
    if (node == nullptr) return nullptr;
  }
  return node->is_string() ? node : nullptr;
}

// The field an error is about, so it can be located in the template's file.
std::string dotted(std::initializer_list<std::string_view> path) {
  std::string out;
  for (std::string_view key : path) out += (out.empty() ? "" : ".") + std::string(key);
  return out;
}

// removeGenerateSelectorOfJob for one map: NestedStringMap (errors included) and delete.
Status<> remove_job_labels(Json& job, std::initializer_list<std::string_view> path,
                           std::initializer_list<std::string_view> keys) {
  Json* node = &job;
  for (std::string_view key : path) {
    if (node->is_null()) return ok_status();  // a null parent: not found
    if (!node->is_object()) return invalid_input("accessor error: expected map[string]interface{}", dotted(path));
    node = find_member(*node, key);
    if (node == nullptr) return ok_status();
  }
  if (!node->is_object())
    return invalid_input("accessor error: expected map[string]interface{}, got a " + json_type_name(*node),
                         dotted(path));
  for (const auto& item : node->items()) {
    if (!item.value().is_string())
      return invalid_input(
          "accessor error: contains non-string value in the map under key \"" + printable(item.key()) + "\"",
          dotted(path));
  }
  for (std::string_view key : keys) node->erase(std::string(key));
  return ok_status();
}

Status<> prune_job(Json& job) {
  remove_nested(job, {"spec", "ttlSecondsAfterFinished"});  // the RemoveJobTTLSeconds hook
  const Json* spec = find_member(job, "spec");
  if (spec != nullptr && !spec->is_null() && !spec->is_object())
    return invalid_input("expected a map, got a " + json_type_name(*spec), "spec");
  const Json* manual = spec != nullptr && spec->is_object() ? find_member(*spec, "manualSelector") : nullptr;
  if (manual != nullptr && !manual->is_null() && !manual->is_boolean()) {
    return invalid_input("expected true or false, got a " + json_type_name(*manual), "spec.manualSelector");
  }
  if (manual != nullptr && manual->is_boolean() && manual->get<bool>()) return ok_status();
  FW_CHECK(remove_job_labels(job, {"spec", "selector", "matchLabels"},
                             {"controller-uid", "batch.kubernetes.io/controller-uid"}));
  return remove_job_labels(
      job, {"spec", "template", "metadata", "labels"},
      {"controller-uid", "job-name", "batch.kubernetes.io/controller-uid", "batch.kubernetes.io/job-name"});
}

// removeServiceAccountIrrelevantField, including its loop that skips the entry after each
// removal (secrets = append(secrets[:idx], secrets[idx+1:]...) without idx--).
Status<> prune_service_account(Json& sa) {
  Json* secrets = find_member(sa, "secrets");
  if (secrets == nullptr || !secrets->is_array() || secrets->empty()) return ok_status();
  const std::string prefix = string_at(sa, {"metadata", "name"}) + "-token-";
  for (std::size_t i = 0; i < secrets->size(); ++i) {
    const Json& entry = (*secrets)[i];
    const Json* name = entry.is_object() ? find_member(entry, "name") : nullptr;
    if (name == nullptr || !name->is_string()) {
      return invalid_input("expected a map with a string name (Karmada fails on this entry)",
                           "secrets[" + std::to_string(i) + "]");
    }
    if (name->get_ref<const std::string&>().rfind(prefix, 0) == 0) secrets->erase(i);
  }
  return ok_status();
}

Status<> prune_kind(Json& manifest, const std::string& kind) {
  if (kind == "Deployment") {
    remove_nested(manifest, {"metadata", "annotations", "deployment.kubernetes.io/revision"});
    remove_nested(manifest, {"metadata", "annotations", "deployment.kubernetes.io/revision-history"});
  } else if (kind == "Job") {
    return prune_job(manifest);
  } else if (kind == "ServiceAccount") {
    return prune_service_account(manifest);
  } else if (kind == "Secret") {
    const Json* type = nested_string(manifest, {"type"});
    if (type != nullptr && *type == "kubernetes.io/service-account-token") {
      remove_nested(manifest, {"metadata", "annotations", "kubernetes.io/service-account.uid"});
      manifest["data"] = nullptr;
    }
  } else if (kind == "Service") {
    const Json* ip = nested_string(manifest, {"spec", "clusterIP"});
    if (ip != nullptr && *ip != "None") {
      remove_nested(manifest, {"spec", "clusterIP"});
      remove_nested(manifest, {"spec", "clusterIPs"});
    }
  } else if (kind == "PersistentVolumeClaim") {
    const Json* node = nested_string(manifest, {"metadata", "annotations", "volume.kubernetes.io/selected-node"});
    if (node != nullptr && !node->get_ref<const std::string&>().empty()) {
      remove_nested(manifest, {"metadata", "annotations", "volume.kubernetes.io/selected-node"});
    }
  }
  return ok_status();
}

}  // namespace

Status<> remove_irrelevant_fields(Json& manifest) {
  // unstructured.RemoveNestedField(metadata.<field>) for each field, in one walk of metadata.
  Json* metadata = manifest.is_object() ? find_member(manifest, "metadata") : nullptr;
  if (metadata != nullptr && metadata->is_object()) {
    for (auto it = metadata->begin(); it != metadata->end();) {
      if (is_server_set_metadata(it.key())) it = metadata->erase(it);
      else ++it;
    }
  }
  if (manifest.is_object()) manifest.erase("status");
  return prune_kind(manifest, string_at(manifest, {"kind"}));
}

Status<> prune_irrelevant_fields(Json& manifest) {
  FW_CHECK(remove_irrelevant_fields(manifest));  // CreateOrUpdateWork
  return remove_irrelevant_fields(manifest);     // the Work mutating webhook
}

}  // namespace fleetwave
