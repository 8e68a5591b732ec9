#include "interpret/customization.h"

#include "interpret/lua_vm.h"
#include "model/json_fields.h"

namespace fleetwave {

const OperationInfo& operation_info(Operation op) {
  static constexpr OperationInfo kOperations[kOperationCount] = {
      {Operation::Retain, "Retain", "retention", "Retain"},
      {Operation::InterpretReplica, "InterpretReplica", "replicaResource", "GetReplicas"},
      {Operation::InterpretComponent, "InterpretComponent", "componentResource", "GetComponents"},
      {Operation::ReviseReplica, "ReviseReplica", "replicaRevision", "ReviseReplica"},
      {Operation::InterpretStatus, "InterpretStatus", "statusReflection", "ReflectStatus"},
      {Operation::AggregateStatus, "AggregateStatus", "statusAggregation", "AggregateStatus"},
      {Operation::InterpretHealth, "InterpretHealth", "healthInterpretation", "InterpretHealth"},
      {Operation::InterpretDependency, "InterpretDependency", "dependencyInterpretation", "GetDependencies"},
  };
  return kOperations[static_cast<std::size_t>(op)];
}

namespace {

void parse_customization_rules(const Json& customizations, const FieldPath& at, Customization& c, Problems& problems) {
  reject_unknown_fields(customizations,
                        {"retention", "replicaResource", "componentResource", "replicaRevision", "statusReflection",
                         "statusAggregation", "healthInterpretation", "dependencyInterpretation"},
                        at, problems);
  for (std::size_t i = 0; i < kOperationCount; ++i) {
    const OperationInfo& info = operation_info(static_cast<Operation>(i));
    const Json* rule = get_object(customizations, info.field, at, problems);
    if (rule == nullptr) continue;
    FieldPath rule_at = at.key(info.field);
    reject_unknown_fields(*rule, {"luaScript"}, rule_at, problems);
    if (find_member(*rule, "luaScript") == nullptr) problems.add(rule_at.key("luaScript"), "required field is missing");
    c.scripts[i] = get_string(*rule, "luaScript", rule_at, problems);  // "" counts as not customised
    if (c.scripts[i].empty()) continue;
    // The webhook's checkCustomizationsRule: compile only, the script is not run.
    auto compiled = check_lua_syntax(c.scripts[i], std::string(info.field));
    if (!compiled.ok()) {
      std::string message("for ");
      message.append(c.target_api_version).append(" ").append(c.target_kind);
      message.append(": InterpreterOperation(").append(info.name).append(") Lua script error: ");
      message.append(compiled.error().message);
      problems.add(rule_at.key("luaScript"), std::move(message));
    }
  }
}

}  // namespace

Customization parse_customization(const Json& object, Problems& problems) {
  Customization c;
  if (const Json* meta = get_object(object, "metadata", {}, problems, true)) {
    c.name = get_string(*meta, "name", FieldPath().key("metadata"), problems, true);
  }
  const FieldPath spec_at = FieldPath().key("spec");
  const Json* spec = get_object(object, "spec", {}, problems, true);
  if (spec == nullptr) return c;
  reject_unknown_fields(*spec, {"target", "customizations"}, spec_at, problems);
  if (const Json* target = get_object(*spec, "target", spec_at, problems, true)) {
    const FieldPath target_at = spec_at.key("target");
    reject_unknown_fields(*target, {"apiVersion", "kind"}, target_at, problems);
    c.target_api_version = get_string(*target, "apiVersion", target_at, problems, true);
    c.target_kind = get_string(*target, "kind", target_at, problems, true);
  }
  if (const Json* customizations = get_object(*spec, "customizations", spec_at, problems, true)) {
    parse_customization_rules(*customizations, spec_at.key("customizations"), c, problems);
  }
  return c;
}

}  // namespace fleetwave
