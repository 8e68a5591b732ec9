// Temporary: Deployment-only replicas. The full interpreter replaces it.
#include "workload/replica_interpreter.h"

namespace fleetwave {

WorkloadReplicas interpret_replicas(const Json& object) {
  WorkloadReplicas r;
  if (string_at(object, {"kind"}) == "Deployment") {
    const Json* n = find_path(object, {"spec", "replicas"});
    if (n != nullptr && n->is_number_integer()) r.replicas = n->get<std::int64_t>();
  }
  return r;
}

void revise_replicas_for_cluster(Json& object, const WorkloadReplicas& replicas, bool, const std::vector<TargetCluster>& targets,
                                 const std::string& cluster, const std::string&) {
  if (!replicas.is_workload()) return;
  for (const TargetCluster& t : targets) {
    if (t.name == cluster && object.contains("spec") && object["spec"].contains("replicas")) object["spec"]["replicas"] = t.replicas;
  }
}

}  // namespace fleetwave
