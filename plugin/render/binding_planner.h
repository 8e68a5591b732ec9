// Cluster-independent half of a render: for every template, the policy that claims it, the
// scheduler's decision, and the clusters it reaches through propagateDeps and namespace
// auto-propagation. Rendering one cluster then only builds the manifests bound to it.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "base/result.h"
#include "render/fleet.h"
#include "schedule/scheduler.h"

namespace fleetwave {

struct Binding {
  std::size_t template_index = 0;
  const PropagationPolicy* policy = nullptr;  // the claiming policy, if any
  WorkloadReplicas replicas;
  bool divided = false;
  // The policy's own schedule (shared: templates with the same placement and replicas share it);
  // null when the template was not scheduled.
  std::shared_ptr<const ScheduleResult> schedule;
  std::vector<std::string> required_by;  // workloads that pulled this object in (propagateDeps)
  bool namespace_sync = false;           // delivered to every cluster as a Namespace
  std::string uid;                       // metadata.uid, for the Webster tie-break
  std::string note;                      // why it reaches no cluster, when it does not
  // Why GetDependencies failed for this workload (Karmada retries and propagates no
  // dependency; the workload itself is still delivered).
  std::string dependencies_error;
  // ReviseReplica's results by replica share, when the render cache stored them (see
  // lua_revised_template): the Lua call they replace would return exactly these objects. A
  // render that builds each binding once moves them out (FleetRender::render_once). With
  // them, the template's object may hold only apiVersion, kind and metadata.
  std::shared_ptr<std::map<std::int64_t, Json>> lua_revisions;

  bool claimed() const { return policy != nullptr; }
  bool suspended_on(const std::string& cluster) const;
  const TargetCluster* target(const std::string& cluster) const;

  // The clusters it reaches, by name: schedule ∪ required-by ∪ namespace sync.
  const std::vector<TargetCluster>& targets() const;
  // Its schedule's own list, shared rather than copied: templates with one placement share one
  // schedule, and at 10,000 clusters a copy per template was most of a render's memory.
  void reach_scheduled();
  // A list of its own to add to (a copy of the shared one, made once).
  std::vector<TargetCluster>& own_targets();

 private:
  std::shared_ptr<const std::vector<TargetCluster>> targets_;
  std::shared_ptr<std::vector<TargetCluster>> owned_targets_;  // what targets_ points to, once owned
};

// One entry per template, in template order (templates with no binding have empty targets).
// Fails when a claimed workload cannot be interpreted (e.g. an unparsable resource quantity).
Result<std::vector<Binding>, ErrorList> plan_bindings(const Fleet& fleet);

}  // namespace fleetwave
