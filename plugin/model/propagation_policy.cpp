#include "model/propagation_policy.h"

#include "base/text.h"

namespace fleetwave {
namespace {

void parse_suspension(const Json& spec, const FieldPath& spec_at, PropagationPolicy& p, Problems& problems) {
  const Json* s = get_object(spec, "suspension", spec_at, problems);
  if (s == nullptr) return;
  FieldPath at = spec_at.key("suspension");
  reject_unknown_fields(*s, {"dispatching", "dispatchingOnClusters"}, at, problems);
  p.suspend_dispatching = get_bool(*s, "dispatching", at, problems);
  if (const Json* on = get_object(*s, "dispatchingOnClusters", at, problems)) {
    reject_unknown_fields(*on, {"clusterNames"}, at.key("dispatchingOnClusters"), problems);
    p.suspend_on_clusters = get_string_list(*on, "clusterNames", at.key("dispatchingOnClusters"), problems);
  }
  if (p.suspend_dispatching && !p.suspend_on_clusters.empty()) {
    problems.add(at, "suspension dispatching cannot co-exist with dispatchingOnClusters.clusterNames");
  }
}

void check_enum(const Json& spec, std::string_view key, std::initializer_list<std::string_view> allowed,
                const FieldPath& spec_at, Problems& problems) {
  std::string value = get_string(spec, key, spec_at, problems);
  if (value.empty()) return;
  for (std::string_view a : allowed) {
    if (value == a) return;
  }
  std::string list;
  for (std::string_view a : allowed) list += (list.empty() ? "" : ", ") + std::string(a);
  problems.add(spec_at.key(key), "unsupported value \"" + printable(value) + "\", must be one of: " + list);
}

}  // namespace

PropagationPolicy parse_propagation_policy(const Json& object, bool cluster_scoped,
                                           const std::string& default_namespace, Problems& problems) {
  PropagationPolicy p;
  p.cluster_scoped = cluster_scoped;
  const FieldPath root;
  if (const Json* meta = get_object(object, "metadata", root, problems, true)) {
    p.name = get_string(*meta, "name", root.key("metadata"), problems, true);
    p.namespace_ = get_string(*meta, "namespace", root.key("metadata"), problems);
  }
  if (!cluster_scoped && p.namespace_.empty()) p.namespace_ = default_namespace;
  if (cluster_scoped) p.namespace_.clear();

  const Json* spec = get_object(object, "spec", root, problems, true);
  if (spec == nullptr) return p;
  const FieldPath spec_at = root.key("spec");
  reject_unknown_fields(*spec,
                        {"resourceSelectors", "association", "propagateDeps", "placement", "priority", "preemption",
                         "dependentOverrides", "schedulerName", "failover", "conflictResolution",
                         "activationPreference", "suspension", "preserveResourcesOnDeletion", "schedulePriority"},
                        spec_at, problems);

  const Json* selectors = get_array(*spec, "resourceSelectors", spec_at, problems, true);
  if (selectors != nullptr && selectors->empty()) {
    problems.add(spec_at.key("resourceSelectors"), "must have at least 1 item");
  }
  if (selectors != nullptr) {
    for (std::size_t i = 0; i < selectors->size(); ++i) {
      FieldPath at = spec_at.key("resourceSelectors").index(i);
      ResourceSelector s = parse_resource_selector((*selectors)[i], at, problems);
      if (!cluster_scoped) {
        if (s.namespace_.empty()) s.namespace_ = p.namespace_;  // mutating webhook default
        if (s.namespace_ != p.namespace_) {
          problems.add(at.key("namespace"),
                       "namespace of resource selector must be the same as the namespace of the policy (\"" +
                           p.namespace_ + "\")");
        }
      }
      // Forced by the mutating webhook (helper.ContainsServiceImport).
      if (s.api_version == "multicluster.x-k8s.io/v1alpha1" && s.kind == "ServiceImport") p.propagate_deps = true;
      p.resource_selectors.push_back(std::move(s));
    }
  }
  p.propagate_deps = get_bool(*spec, "propagateDeps", spec_at, problems) || p.propagate_deps;
  if (auto priority = get_int(*spec, "priority", spec_at, problems)) {
    if (*priority < INT32_MIN || *priority > INT32_MAX) {
      problems.add(spec_at.key("priority"), "must fit in a 32-bit integer");
    } else {
      p.priority = static_cast<std::int32_t>(*priority);
    }
  }
  std::string scheduler = get_string(*spec, "schedulerName", spec_at, problems);
  if (!scheduler.empty()) p.scheduler_name = scheduler;
  check_enum(*spec, "preemption", {"Always", "Never"}, spec_at, problems);
  check_enum(*spec, "conflictResolution", {"Abort", "Overwrite"}, spec_at, problems);
  check_enum(*spec, "activationPreference", {"Lazy"}, spec_at, problems);
  if (get_string(*spec, "preemption", spec_at, problems) == "Always") {
    for (std::size_t i = 0; i < p.resource_selectors.size(); ++i) {
      if (p.resource_selectors[i].name.empty()) {
        problems.add(
            spec_at.key("resourceSelectors").index(i).key("name"),
            "name cannot be empty if preemption is Always, the empty name may cause unexpected resources preemption");
      }
    }
  }
  p.dependent_overrides = get_string_list(*spec, "dependentOverrides", spec_at, problems);
  (void)get_object(*spec, "failover", spec_at, problems);
  (void)get_bool(*spec, "association", spec_at, problems);
  (void)get_bool(*spec, "preserveResourcesOnDeletion", spec_at, problems);
  parse_suspension(*spec, spec_at, p, problems);
  if (const Json* placement = get_object(*spec, "placement", spec_at, problems)) {
    p.placement = parse_placement(*placement, spec_at.key("placement"), problems);
  }
  return p;
}

}  // namespace fleetwave
