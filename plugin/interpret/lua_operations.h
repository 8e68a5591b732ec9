// The three operations a render runs through Lua, with Karmada's result checks and conversions
// (luavm/lua.go GetReplicas, ReviseReplica, GetDependencies and
// pkg/util/interpreter/validation/validation.go VerifyDependencies in Karmada).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "base/json.h"
#include "base/result.h"
#include "workload/dependencies.h"
#include "workload/replica_interpreter.h"

namespace fleetwave {

// A script the interpreter may run and who wrote it, for messages:
// `ResourceInterpreterCustomization "argo-rollouts" (apps/shop/ric.yaml:1)`.
struct InterpreterScript {
  std::string_view text;
  std::string owner;
  std::string chunk;  // chunk name in Lua positions, the RIC field ("replicaResource")
};

// GetReplicas as Karmada's luavm returns it: the count and the requirements object (null
// when the script returned nil).
struct LuaReplicas {
  std::int64_t replicas = 0;
  Json requirements;
};
Result<LuaReplicas> lua_get_replicas_json(const InterpreterScript& script, const Json& object);

// GetReplicas(obj) -> number, table|nil. The number is truncated to int32 as Go converts it;
// the table is a ReplicaRequirements ({nodeClaim, resourceRequest, ...}).
Result<WorkloadReplicas> lua_get_replicas(const InterpreterScript& script, const Json& object);

// ReviseReplica(obj, replicas) -> table: the whole object Karmada delivers, after the
// empty-table repair against `object` and with integral numbers as integers.
Result<Json> lua_revise_replica(const InterpreterScript& script, const Json& object, std::int64_t replicas);

// GetDependencies(obj) -> table: a list of {apiVersion, kind, namespace, name, labelSelector},
// each checked like VerifyDependencies.
Result<std::vector<DependencyRef>> lua_get_dependencies(const InterpreterScript& script, const Json& object);

}  // namespace fleetwave
