// config.karmada.io/v1alpha1 ResourceInterpreterCustomization (RIC): Lua scripts that tell
// Karmada how to read a kind (pkg/apis/config/v1alpha1/resourceinterpretercustomization_types.go
// in Karmada). They configure the renderer and are never rendered themselves.
#pragma once

#include <array>
#include <cstddef>
#include <string>
#include <string_view>

#include "base/json.h"
#include "model/problems.h"

namespace fleetwave {

inline constexpr std::string_view kCustomizationApi = "config.karmada.io/v1alpha1";
inline constexpr std::string_view kCustomizationKind = "ResourceInterpreterCustomization";

// Karmada's InterpreterOperation names, in the order of its AllResourceInterpreterCustomizationRules.
enum class Operation {
  Retain,
  InterpretReplica,
  InterpretComponent,
  ReviseReplica,
  InterpretStatus,
  AggregateStatus,
  InterpretHealth,
  InterpretDependency,
};
inline constexpr std::size_t kOperationCount = 8;

struct OperationInfo {
  Operation operation;
  std::string_view name;      // "InterpretReplica"
  std::string_view field;     // spec.customizations.<field>: "replicaResource"
  std::string_view function;  // the global the script defines: "GetReplicas"
};

const OperationInfo& operation_info(Operation op);

struct Customization {
  std::string name;  // metadata.name (cluster-scoped)
  std::string target_api_version;
  std::string target_kind;
  std::array<std::string, kOperationCount> scripts;  // "" when the operation is not customised

  const std::string& script(Operation op) const { return scripts[static_cast<std::size_t>(op)]; }
};

// Parses and validates one RIC as its CRD schema does (target apiVersion and kind, a luaScript
// in every rule given, no unknown fields), and compiles every script as Karmada's validating
// webhook does. Problems name the field: spec.customizations.replicaResource.luaScript.
Customization parse_customization(const Json& object, Problems& problems);

}  // namespace fleetwave
