#include "interpret/lua_operations.h"

#include <cmath>
#include <limits>

#include "interpret/lua_json.h"
#include "interpret/lua_vm.h"
#include "model/json_fields.h"
#include "model/quantity.h"

namespace fleetwave {
namespace {

Result<std::vector<LuaValue>> run_operation(const InterpreterScript& script, const std::string& function,
                                            std::vector<const Json*> args, int results) {
  LuaCall call;
  call.script = script.text;
  call.chunk_name = script.chunk;
  call.function = function;
  call.args = std::move(args);
  call.results = results;
  return call_lua(call);
}

// ConvertLuaResultInto: the encoded table after the empty-table repair.
Result<Json> table_result(const LuaValue& v, bool into_struct, const std::vector<const Json*>& references) {
  if (!v.table_error.empty()) return fail(invalid_input("encode lua result to json failed: " + v.table_error));
  return repair_empty_tables(v.table, into_struct, references);
}

Error not_a_table(const std::string& function, const LuaValue& v) {
  return invalid_input(function + " must return a table, got " + v.type_name +
                       " (Karmada: expect the returned requires type is table but got " + v.type_name + ")");
}

Error unmarshal_error(const std::string& what) { return invalid_input("json unmarshal obj failed: " + what); }

// workv1alpha2.ReplicaRequirements from JSON, in the units the scheduler's estimator uses.
Result<ReplicaRequirements> requirements_from(const Json& value) {
  if (!value.is_object()) return fail(unmarshal_error("replica requirements must be an object"));
  ReplicaRequirements r;
  const Json* claim = find_member(value, "nodeClaim");
  if (claim != nullptr && !claim->is_null() && !claim->is_object())
    return fail(unmarshal_error("nodeClaim must be an object, got " + json_type_name(*claim)));
  r.has_node_claim = claim != nullptr && claim->is_object();
  const Json* requests = find_member(value, "resourceRequest");
  if (requests == nullptr || requests->is_null()) return r;
  if (!requests->is_object())
    return fail(unmarshal_error("resourceRequest must be an object, got " + json_type_name(*requests)));
  for (auto it = requests->begin(); it != requests->end(); ++it) {
    auto q = Quantity::from_json(it.value());
    if (!q.ok()) return fail(unmarshal_error("resourceRequest." + it.key() + ": " + q.error().message));
    r.requests[it.key()] = it.key() == "cpu" ? q->milli_value() : q->value();
  }
  return r;
}

// Go's int32(float64): truncation toward zero (values out of range wrap like the amd64 conversion).
std::int64_t to_int32(double n) {
  if (!std::isfinite(n) || std::fabs(n) >= 9.2233720368547758e18) return std::numeric_limits<std::int32_t>::min();
  return static_cast<std::int32_t>(static_cast<std::uint32_t>(static_cast<std::int64_t>(std::trunc(n))));
}

Result<DependencyRef> dependency_from(const Json& item, std::size_t index) {
  const FieldPath at = FieldPath().key("dependencies").index(index);
  if (!item.is_object())
    return fail(unmarshal_error(at.to_string() + " must be an object, got " + json_type_name(item)));
  DependencyRef ref;
  for (auto [key, target] : {std::pair{"apiVersion", &ref.api_version}, std::pair{"kind", &ref.kind},
                             std::pair{"namespace", &ref.namespace_}, std::pair{"name", &ref.name}}) {
    const Json* v = find_member(item, key);
    if (v == nullptr || v->is_null()) continue;
    if (!v->is_string())
      return fail(unmarshal_error(at.key(key).to_string() + " must be a string, got " + json_type_name(*v)));
    *target = v->get<std::string>();
  }
  if (const Json* selector = find_member(item, "labelSelector"); selector != nullptr && !selector->is_null()) {
    Problems problems;
    ref.label_selector = parse_label_selector(*selector, at.key("labelSelector"), problems);
    if (!problems.empty()) return fail(problems.take().front());
  }
  // VerifyDependencies.
  if (ref.api_version.empty())
    return fail(invalid_input(at.key("apiVersion").to_string() + ": missing required apiVersion"));
  if (ref.kind.empty()) return fail(invalid_input(at.key("kind").to_string() + ": missing required kind"));
  if (ref.name.empty() && !ref.label_selector)
    return fail(invalid_input(at.to_string() + ": dependency can not leave name and labelSelector all empty"));
  return ref;
}

}  // namespace

Result<LuaReplicas> lua_get_replicas_json(const InterpreterScript& script, const Json& object) {
  FW_TRY(results, run_operation(script, "GetReplicas", {&object}, 2));
  const LuaValue& count = results[0];
  if (count.type != LuaType::Number) {
    return fail(invalid_input("GetReplicas must return a number as its first result, got " + count.type_name));
  }
  LuaReplicas out;
  out.replicas = to_int32(count.number);
  const LuaValue& requires_value = results[1];
  if (requires_value.type == LuaType::Nil) return out;
  if (requires_value.type != LuaType::Table) {
    return fail(
        invalid_input("GetReplicas must return a table or nil as its second result, got " + requires_value.type_name));
  }
  FW_TRY(json, table_result(requires_value, true, {}));
  out.requirements = std::move(json);
  return out;
}

Result<WorkloadReplicas> lua_get_replicas(const InterpreterScript& script, const Json& object) {
  FW_TRY(raw, lua_get_replicas_json(script, object));
  WorkloadReplicas out;
  out.replicas = raw.replicas;
  if (raw.requirements.is_null()) return out;
  FW_TRY(requirements, requirements_from(raw.requirements));
  out.requirements = std::move(requirements);
  return out;
}

Result<Json> lua_revise_replica(const InterpreterScript& script, const Json& object, std::int64_t replicas) {
  const Json count = replicas;
  FW_TRY(results, run_operation(script, "ReviseReplica", {&object, &count}, 1));
  if (results[0].type != LuaType::Table) return fail(not_a_table("ReviseReplica", results[0]));
  FW_TRY(revised, table_result(results[0], true, {&object}));
  if (!revised.is_object()) return fail(unmarshal_error("ReviseReplica must return an object, got a list"));
  const Json* kind = find_member(revised, "kind");
  if (kind == nullptr || !kind->is_string() || kind->get_ref<const std::string&>().empty())
    return fail(unmarshal_error("Object 'Kind' is missing in the object ReviseReplica returned"));
  return revised;
}

Result<std::vector<DependencyRef>> lua_get_dependencies(const InterpreterScript& script, const Json& object) {
  FW_TRY(results, run_operation(script, "GetDependencies", {&object}, 1));
  if (results[0].type != LuaType::Table) return fail(not_a_table("GetDependencies", results[0]));
  FW_TRY(list, table_result(results[0], false, {}));
  if (!list.is_array()) return fail(unmarshal_error("GetDependencies must return a list, got an object"));
  std::vector<DependencyRef> out;
  for (std::size_t i = 0; i < list.size(); ++i) {
    FW_TRY(ref, dependency_from(list[i], i));
    out.push_back(std::move(ref));
  }
  return out;
}

}  // namespace fleetwave
