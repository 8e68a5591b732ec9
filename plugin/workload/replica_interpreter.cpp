// Ports pkg/resourceinterpreter/default/native/{replica.go,revisereplica.go},
// helper.GenerateReplicaRequirements and util.Resource.AddPodTemplateRequest
// (pkg/util/helper/binding.go, pkg/util/resource.go), and the Job completions division of
// pkg/controllers/binding/common.go.
#include "workload/replica_interpreter.h"

#include <algorithm>
#include <cstdint>

#include "model/compute_resource.h"
#include "model/json_fields.h"
#include "model/quantity.h"
#include "workload/webster.h"

namespace fleetwave {
namespace {

enum class WorkloadKind { None, ReplicasField, Job, Pod };

// getAllDefaultReplicaInterpreter: matched on the exact group/version/kind.
WorkloadKind workload_kind(const Json& object) {
  std::string api_version = string_at(object, {"apiVersion"});
  std::string kind = string_at(object, {"kind"});
  if (api_version == "apps/v1" && (kind == "Deployment" || kind == "ReplicaSet" || kind == "StatefulSet")) {
    return WorkloadKind::ReplicasField;
  }
  if (api_version == "batch/v1" && kind == "Job") return WorkloadKind::Job;
  if (api_version == "v1" && kind == "Pod") return WorkloadKind::Pod;
  return WorkloadKind::None;
}

Error error_at(const FieldPath& at, const std::string& message) { return invalid_input(message, at.to_string()); }

// A member that must be an object when present; nullptr when absent or null.
Result<const Json*> optional_object(const Json& parent, std::string_view key, const FieldPath& at) {
  const Json* v = find_member(parent, key);
  if (v == nullptr || v->is_null()) return static_cast<const Json*>(nullptr);
  if (!v->is_object()) return fail(error_at(at.key(key), "expected a map, got a " + json_type_name(*v)));
  return v;
}

// An *int32 field of the typed object: nullopt when absent, an error when it could not be
// converted, or when the API server would have refused a negative count.
Result<std::optional<std::int64_t>> count_field(const Json& spec, std::string_view key, const FieldPath& at) {
  const Json* v = find_member(spec, key);
  if (v == nullptr || v->is_null()) return std::optional<std::int64_t>();
  if (!v->is_number_integer()) return fail(error_at(at.key(key), "expected an integer, got a " + json_type_name(*v)));
  bool too_large = v->is_number_unsigned() ? v->get<std::uint64_t>() > static_cast<std::uint64_t>(INT32_MAX)
                                           : v->get<std::int64_t>() > INT32_MAX;
  if (too_large) return fail(error_at(at.key(key), "integer is out of the int32 range"));
  std::int64_t n = v->get<std::int64_t>();
  if (n < 0) return fail(error_at(at.key(key), "must be greater than or equal to 0"));
  return std::optional<std::int64_t>(n);
}

Result<std::map<std::string, Quantity>> quantities(const Json& parent, std::string_view key, const FieldPath& at) {
  std::map<std::string, Quantity> out;
  FW_TRY(list, optional_object(parent, key, at));
  if (list == nullptr) return out;
  for (auto it = list->begin(); it != list->end(); ++it) {
    auto q = Quantity::from_json(it.value());
    if (!q.ok()) return fail(error_at(at.key(key).key(it.key()), q.error().message));
    out.emplace(it.key(), *q);
  }
  return out;
}

// A container's effective requests: limits stand in for requests that are not set.
Result<std::map<std::string, Quantity>> container_requests(const Json& container, const FieldPath& at) {
  if (!container.is_object()) return fail(error_at(at, "expected a map, got a " + json_type_name(container)));
  FW_TRY(resources, optional_object(container, "resources", at));
  if (resources == nullptr) return std::map<std::string, Quantity>();
  FW_TRY(requests, quantities(*resources, "requests", at.key("resources")));
  FW_TRY(limits, quantities(*resources, "limits", at.key("resources")));
  for (const auto& [name, q] : limits) requests.emplace(name, q);  // keeps existing requests
  return requests;
}

// AddPodTemplateRequest: containers add up, each init container raises the total to at least its
// own requests, the overhead is added on top.
Result<ComputeResource> pod_requests(const Json& pod_spec, const FieldPath& at) {
  ComputeResource total;
  for (bool init : {false, true}) {
    const char* key = init ? "initContainers" : "containers";
    const Json* list = find_member(pod_spec, key);
    if (list == nullptr || list->is_null()) continue;
    if (!list->is_array()) return fail(error_at(at.key(key), "expected a list, got a " + json_type_name(*list)));
    for (std::size_t i = 0; i < list->size(); ++i) {
      FW_TRY(requests, container_requests((*list)[i], at.key(key).index(i)));
      for (const auto& [name, q] : requests) {
        if (init) total.set_max(name, q);
        else total.add(name, q);
      }
    }
  }
  FW_TRY(overhead, quantities(pod_spec, "overhead", at));
  for (const auto& [name, q] : overhead) total.add(name, q);
  return total;
}

// GenerateNodeClaimByPodSpec != nil. Empty maps and lists are dropped when the API server stores
// the template, so they do not count.
bool has_node_claim(const Json& pod_spec) {
  const Json* selector = find_member(pod_spec, "nodeSelector");
  const Json* tolerations = find_member(pod_spec, "tolerations");
  const Json* required =
      find_path(pod_spec, {"affinity", "nodeAffinity", "requiredDuringSchedulingIgnoredDuringExecution"});
  return (selector != nullptr && selector->is_object() && !selector->empty()) ||
         (tolerations != nullptr && tolerations->is_array() && !tolerations->empty()) ||
         (required != nullptr && !required->is_null());
}

// GenerateReplicaRequirements over a pod spec (nullptr when the template has none).
Result<std::optional<ReplicaRequirements>> requirements_of(const Json* pod_spec, const FieldPath& at) {
  if (pod_spec == nullptr) return std::optional<ReplicaRequirements>();
  FW_TRY(total, pod_requests(*pod_spec, at));
  ReplicaRequirements r;
  r.requests = total.requests();
  r.has_node_claim = has_node_claim(*pod_spec);
  if (r.requests.empty() && !r.has_node_claim) return std::optional<ReplicaRequirements>();
  return std::optional<ReplicaRequirements>(std::move(r));
}

Result<WorkloadReplicas> interpret(const Json& object, WorkloadKind kind) {
  const FieldPath spec_at = FieldPath().key("spec");
  FW_TRY(spec, optional_object(object, "spec", FieldPath()));
  static const Json kEmpty = Json::object();
  const Json& s = spec ? *spec : kEmpty;
  WorkloadReplicas out;
  FieldPath pod_at = spec_at;
  const Json* pod_spec = &s;
  if (kind == WorkloadKind::Pod) {
    out.replicas = 1;
  } else {
    FW_TRY(tmpl, optional_object(s, "template", spec_at));
    pod_at = spec_at.key("template").key("spec");
    pod_spec = nullptr;
    if (tmpl != nullptr) {
      FW_TRY(inner, optional_object(*tmpl, "spec", spec_at.key("template")));
      pod_spec = inner;
    }
  }
  if (kind == WorkloadKind::ReplicasField) {
    FW_TRY(replicas, count_field(s, "replicas", spec_at));
    out.replicas = replicas.value_or(0);
  } else if (kind == WorkloadKind::Job) {
    // Running pods never exceed the remaining completions, so the smaller count is the replicas.
    FW_TRY(parallelism, count_field(s, "parallelism", spec_at));
    FW_TRY(completions, count_field(s, "completions", spec_at));
    std::int64_t p = parallelism.value_or(0);
    out.replicas = std::min(p, completions.value_or(p));
  }
  FW_TRY(requirements, requirements_of(pod_spec, pod_at));
  out.requirements = std::move(requirements);
  return out;
}

// unstructured.NestedInt64(object, "spec", field): nullopt when absent, an error when spec is not
// a map or the value is not an integer (a float or null included).
Result<std::optional<std::int64_t>> nested_int64(const Json& object, std::string_view field) {
  const Json* spec = find_member(object, "spec");
  if (spec == nullptr) return std::optional<std::int64_t>();
  const FieldPath at = FieldPath().key("spec");
  if (!spec->is_object()) return fail(error_at(at, "expected a map, got a " + json_type_name(*spec)));
  const Json* v = find_member(*spec, field);
  if (v == nullptr) return std::optional<std::int64_t>();
  if (!v->is_number_integer()) return fail(error_at(at.key(field), "expected an integer, got a " + json_type_name(*v)));
  return std::optional<std::int64_t>(v->get<std::int64_t>());
}

// helper.ApplyReplica: rewrites spec.<field> only when the template already has it.
Status<> apply_replica(Json& object, std::string_view field, std::int64_t value) {
  FW_TRY(current, nested_int64(object, field));
  if (current) object["spec"][std::string(field)] = value;
  return ok_status();
}

// divideReplicasByJobCompletions + applyJobCompletions for one cluster.
Status<> apply_job_completions(Json& object, const std::vector<TargetCluster>& targets, const std::string& cluster,
                               const std::string& uid) {
  FW_TRY(completions, nested_int64(object, "completions"));
  if (!completions) return ok_status();  // work-queue Jobs leave completions unset
  std::vector<ClusterWeight> weights;
  for (const TargetCluster& t : targets) weights.push_back({t.name, t.replicas});
  std::vector<TargetCluster> shares =
      divide_by_weight(static_cast<std::int32_t>(*completions), weights, tie_break_for_uid(uid));
  if (shares.empty()) return ok_status();
  for (const TargetCluster& share : shares) {
    if (share.name == cluster) return apply_replica(object, "completions", share.replicas);
  }
  return fail(internal_error("no completions found for cluster " + cluster));
}

}  // namespace

Result<std::optional<ReplicaRequirements>> pod_spec_requirements(const Json& pod_spec) {
  return requirements_of(&pod_spec, FieldPath().key("spec"));
}

Result<WorkloadReplicas> interpret_replicas(const Json& object) {
  WorkloadKind kind = workload_kind(object);
  if (kind == WorkloadKind::None) return WorkloadReplicas{};
  return interpret(object, kind);
}

const TargetCluster* find_target(const std::vector<TargetCluster>& targets, std::string_view cluster) {
  auto at = std::lower_bound(targets.begin(), targets.end(), cluster,
                             [](const TargetCluster& t, std::string_view name) { return t.name < name; });
  if (at != targets.end() && at->name == cluster) return &*at;
  for (const TargetCluster& t : targets) {
    if (t.name == cluster) return &t;
  }
  return nullptr;
}

Status<> revise_replicas_for_cluster(Json& object, const WorkloadReplicas& replicas, bool divided,
                                     const std::vector<TargetCluster>& targets, const std::string& cluster,
                                     const std::string& uid, bool native_revise) {
  const TargetCluster* target = find_target(targets, cluster);
  if (target == nullptr) return fail(internal_error("cluster \"" + cluster + "\" is not a target of the schedule"));
  WorkloadKind kind = workload_kind(object);
  if (native_revise && replicas.is_workload() && (kind == WorkloadKind::ReplicasField || kind == WorkloadKind::Job)) {
    FW_CHECK(apply_replica(object, kind == WorkloadKind::Job ? "parallelism" : "replicas", target->replicas));
  }
  // ensureWork checks the kind only, whatever the group.
  if (string_at(object, {"kind"}) == "Job" && replicas.replicas > 0 && divided) {
    FW_CHECK(apply_job_completions(object, targets, cluster, uid));
  }
  return ok_status();
}

}  // namespace fleetwave
