#include "render/binding_planner.h"

#include <algorithm>
#include <tuple>

#include "base/text.h"
#include "interpret/resource_interpreter.h"
#include "match/policy_selection.h"
#include "render/propagation_filter.h"
#include "schedule/schedule_memo.h"
#include "workload/dependencies.h"

namespace fleetwave {
namespace {

// namespace_sync_controller.go: every Namespace but default, reserved and skipped ones goes to
// every cluster unless it opts out.
bool namespace_auto_propagates(const ResourceTemplate& t) {
  if (t.id.api_version != "v1" || t.id.kind != "Namespace") return false;
  const std::string& name = t.id.name;
  if (name == "default" || is_reserved_namespace(name) || is_skipped_namespace(name)) return false;
  auto it = t.id.labels.find("namespace.karmada.io/skip-auto-propagation");
  return it == t.id.labels.end() || ascii_lower(it->second) != "true";
}

// Appends; finish_targets then drops the later duplicates, so a cluster keeps the entry (and
// replicas) it was first added with.
void add_targets(std::vector<TargetCluster>& into, const std::vector<TargetCluster>& more) {
  into.insert(into.end(), more.begin(), more.end());
}

// Sorted by name, one entry per cluster (the first added). Schedules come sorted, so most
// bindings only pay for the check.
void finish_targets(std::vector<TargetCluster>& targets) {
  auto by_name = [](const TargetCluster& a, const TargetCluster& b) { return a.name < b.name; };
  if (!std::is_sorted(targets.begin(), targets.end(), by_name))
    std::stable_sort(targets.begin(), targets.end(), by_name);
  targets.erase(std::unique(targets.begin(), targets.end(),
                            [](const TargetCluster& a, const TargetCluster& b) { return a.name == b.name; }),
                targets.end());
}

// The first of the policy's dependentOverrides that does not exist ("" when all do): a PP
// names OverridePolicies of its namespace, a CPP names ClusterOverridePolicies.
std::string missing_dependent_override(const PropagationPolicy& policy, const std::vector<OverridePolicy>& overrides) {
  for (const std::string& name : policy.dependent_overrides) {
    bool present = std::any_of(overrides.begin(), overrides.end(), [&](const OverridePolicy& o) {
      return o.name == name && o.cluster_scoped == policy.cluster_scoped &&
             (policy.cluster_scoped || o.namespace_ == policy.namespace_);
    });
    if (!present) return name;
  }
  return {};
}

// The templates a dependency names: one by name (found by binary search: Fleet::templates is
// sorted by apiVersion, kind, namespace and name), or every template of that apiVersion, kind and
// namespace its label selector matches. Missing ones are skipped, as Karmada does.
std::vector<std::size_t> dependency_targets(const Fleet& fleet, const DependencyRef& dep) {
  std::vector<std::size_t> out;
  if (!dep.name.empty()) {
    const auto key = std::tie(dep.api_version, dep.kind, dep.namespace_, dep.name);
    auto key_of = [](const ResourceTemplate& t) {
      return std::tie(t.id.api_version, t.id.kind, t.id.namespace_, t.id.name);
    };
    auto it = std::lower_bound(fleet.templates.begin(), fleet.templates.end(), key,
                               [&](const ResourceTemplate& t, const auto& k) { return key_of(t) < k; });
    if (it != fleet.templates.end() && key_of(*it) == key)
      out.push_back(static_cast<std::size_t>(it - fleet.templates.begin()));
    return out;
  }
  if (!dep.label_selector) return out;
  for (std::size_t i = 0; i < fleet.templates.size(); ++i) {
    const ResourceIdentity& id = fleet.templates[i].id;
    if (id.api_version == dep.api_version && id.kind == dep.kind && id.namespace_ == dep.namespace_ &&
        label_selector_matches(*dep.label_selector, id.labels))
      out.push_back(i);
  }
  return out;
}

}  // namespace

bool Binding::suspended_on(const std::string& cluster) const {
  if (policy == nullptr) return false;
  if (policy->suspend_dispatching) return true;
  return std::find(policy->suspend_on_clusters.begin(), policy->suspend_on_clusters.end(), cluster) !=
         policy->suspend_on_clusters.end();
}

const TargetCluster* Binding::target(const std::string& cluster) const {
  const std::vector<TargetCluster>& all = targets();
  auto it = std::lower_bound(all.begin(), all.end(), cluster,
                             [](const TargetCluster& t, const std::string& name) { return t.name < name; });
  return it != all.end() && it->name == cluster ? &*it : nullptr;
}

const std::vector<TargetCluster>& Binding::targets() const {
  static const std::vector<TargetCluster> kNone;
  return targets_ != nullptr ? *targets_ : kNone;
}

void Binding::reach_scheduled() {
  owned_targets_.reset();
  targets_ =
      schedule != nullptr ? std::shared_ptr<const std::vector<TargetCluster>>(schedule, &schedule->targets) : nullptr;
}

std::vector<TargetCluster>& Binding::own_targets() {
  // Owned means held by this binding alone: a copied Binding shares the list (count above 2,
  // this binding's two pointers), and must not change the original's.
  if (owned_targets_ == nullptr || owned_targets_.use_count() > 2) {
    owned_targets_ = std::make_shared<std::vector<TargetCluster>>(targets());
    targets_ = owned_targets_;
  }
  return *owned_targets_;
}

Result<std::vector<Binding>, ErrorList> plan_bindings(const Fleet& fleet) {
  std::vector<Binding> bindings(fleet.templates.size());
  std::vector<bool> merged(fleet.templates.size(), false);  // targets added beyond the schedule
  ErrorList errors;
  ScheduleMemo schedules;

  // Own bindings: the claiming policy's schedule, and Namespace auto-propagation.
  for (std::size_t i = 0; i < fleet.templates.size(); ++i) {
    const ResourceTemplate& t = fleet.templates[i];
    Binding& b = bindings[i];
    b.template_index = i;
    b.uid = string_at(t.object, {"metadata", "uid"});
    if (std::string blocked = propagation_block_reason(t); !blocked.empty()) {
      b.note = blocked;
      continue;
    }
    b.policy = select_propagation_policy(t.id, t.namespaced, fleet.propagation_policies);
    if (b.policy != nullptr) {
      auto replicas = fleet.interpreter->get_replicas(t.object);
      if (!replicas.ok()) {
        Error e = std::move(replicas).error();
        e.pos = t.source.position();
        errors.push_back(
            e.with_context(t.id.kind + " " + (t.id.namespace_.empty() ? "" : t.id.namespace_ + "/") + t.id.name));
        continue;
      }
      b.replicas = std::move(replicas).value();
      b.divided = b.policy->placement.divided();
      if (std::string missing = missing_dependent_override(*b.policy, fleet.override_policies); !missing.empty()) {
        b.note = "waiting for dependent override policy " + missing;
      } else if (b.policy->scheduler_name != "default-scheduler") {
        b.note = "policy uses scheduler \"" + printable(b.policy->scheduler_name) +
                 "\", which the default scheduler ignores";
      } else {
        ScheduleRequest request;
        request.placement = &b.policy->placement;
        request.clusters = &fleet.clusters;
        request.api_version = t.id.api_version;
        request.kind = t.id.kind;
        request.replicas = b.replicas;
        request.uid = b.uid;
        b.schedule = schedules.schedule(request);
        if (b.schedule->error) {
          Error e = *b.schedule->error;
          if (e.pos.file.empty()) e.pos = t.source.position();
          errors.push_back(e.with_context("scheduling " + t.id.kind + " " + t.id.name));
          continue;
        }
        b.reach_scheduled();
        if (b.targets().empty()) b.note = b.schedule->reason;
      }
    }
    if (namespace_auto_propagates(t)) {
      b.namespace_sync = true;
      std::vector<TargetCluster> all;
      for (const Cluster& c : fleet.clusters) all.push_back({c.name, 0});
      add_targets(b.own_targets(), all);
      merged[i] = true;
    }
    if (b.policy == nullptr && !b.namespace_sync)
      b.note = "no PropagationPolicy or ClusterPropagationPolicy selects it";
  }

  // propagateDeps: dependencies follow their workload's scheduled clusters (requiredBy). Only
  // namespaced templates have a ResourceBinding the dependencies distributor watches.
  for (std::size_t i = 0; i < fleet.templates.size(); ++i) {
    Binding& parent = bindings[i];
    const ResourceTemplate& t = fleet.templates[i];
    if (parent.policy == nullptr || !parent.policy->propagate_deps || parent.schedule == nullptr ||
        parent.schedule->targets.empty() || !t.namespaced)
      continue;
    auto deps = fleet.interpreter->get_dependencies(t.object, t.id.namespace_);
    if (!deps.ok()) {
      parent.dependencies_error = deps.error().message;
      continue;
    }
    for (const DependencyRef& dep : *deps) {
      for (std::size_t child_index : dependency_targets(fleet, dep)) {
        Binding& child = bindings[child_index];
        if (!propagation_block_reason(fleet.templates[child_index]).empty()) continue;
        add_targets(child.own_targets(), parent.schedule->targets);
        merged[child_index] = true;
        child.required_by.push_back(t.id.kind + "/" + (t.id.namespace_.empty() ? "" : t.id.namespace_ + "/") +
                                    t.id.name);
        child.note.clear();
      }
    }
  }
  if (!errors.empty()) return errors;
  // A schedule's targets are sorted and unique already (ScheduleResult).
  for (std::size_t i = 0; i < bindings.size(); ++i) {
    if (merged[i]) finish_targets(bindings[i].own_targets());
  }
  return bindings;
}

}  // namespace fleetwave
