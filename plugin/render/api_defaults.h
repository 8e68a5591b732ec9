// The Kubernetes API server's defaulting of replica fields. Karmada stores every template in
// its own API server, which fills these before the detector and scheduler see them; without
// them a Deployment that omits spec.replicas would look like a non-workload (0 replicas) and be
// duplicated where Karmada divides it.
#pragma once

#include "base/json.h"

namespace fleetwave {

// apps/v1 Deployment, ReplicaSet and StatefulSet: spec.replicas = 1 when absent. batch/v1 Job:
// completions and parallelism = 1 when both are absent, parallelism = 1 when absent.
void apply_replica_defaults(Json& object);

}  // namespace fleetwave
