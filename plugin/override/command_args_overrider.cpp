#include "override/command_args_overrider.h"

#include <algorithm>

#include "codec/go_format.h"
#include "model/json_fields.h"
#include "override/json_pointer.h"

namespace fleetwave {
namespace {

std::vector<std::string> containers_fields(const std::string& kind) {
  if (kind == "Pod") return {"spec", "containers"};
  if (kind == "ReplicaSet" || kind == "Deployment" || kind == "DaemonSet" || kind == "Job" || kind == "StatefulSet") {
    return {"spec", "template", "spec", "containers"};
  }
  return {};
}

// The Go type a number has in an unstructured object. Karmada's objects come from JSON that
// Go wrote, where a whole float64 such as 2.0 is written "2" and read back as int64.
bool is_go_int64(const Json& value) {
  if (value.is_number_unsigned()) return value.get<std::uint64_t>() <= static_cast<std::uint64_t>(INT64_MAX);
  if (value.is_number_integer()) return true;
  return value.is_number_float() && go_atoi(format_go_json_float(value.get<double>())).has_value();
}

std::string go_type_name(const Json& value) {
  switch (value.type()) {
    case Json::value_t::boolean:
      return "bool";
    case Json::value_t::number_integer:
    case Json::value_t::number_unsigned:
    case Json::value_t::number_float:
      return is_go_int64(value) ? "int64" : "float64";
    case Json::value_t::array:
      return "[]interface {}";
    case Json::value_t::object:
      return "map[string]interface {}";
    case Json::value_t::null:
      return "<nil>";
    default:
      return "string";
  }
}

// %v of a scalar as the unstructured decoder would hold it (int64 or float64).
std::string go_scalar_v(const Json& value) {
  if (value.is_boolean()) return value.get<bool>() ? "true" : "false";
  if (is_go_int64(value)) {
    if (value.is_number_float()) return format_go_json_float(value.get<double>());
    return value.is_number_unsigned() ? std::to_string(value.get<std::uint64_t>())
                                      : std::to_string(value.get<std::int64_t>());
  }
  return format_go_float_g(value.get<double>());
}

// unstructured.NestedSlice: not found (nullopt value), the list, or an accessor error.
Result<std::optional<Json>> nested_slice(const Json& manifest, const std::vector<std::string>& fields) {
  const Json* node = &manifest;
  std::string path;
  for (const std::string& f : fields) {
    path += "." + f;
    if (node->is_null()) return std::optional<Json>();
    if (!node->is_object()) return invalid_input(path + " accessor error: expected map[string]interface{}");
    node = find_member(*node, f);
    if (node == nullptr) return std::optional<Json>();
  }
  if (!node->is_array()) {
    return invalid_input(path + " accessor error: value is of the type " + go_type_name(*node) +
                         ", expected []interface{}");
  }
  return std::optional<Json>(*node);
}

}  // namespace

std::string go_sprint_s(const Json& value) {
  switch (value.type()) {
    case Json::value_t::string:
      return value.get<std::string>();
    case Json::value_t::null:
      return "%!s(<nil>)";
    case Json::value_t::array: {
      std::string out = "[";
      for (std::size_t i = 0; i < value.size(); ++i) out += (i ? " " : "") + go_sprint_s(value[i]);
      return out + "]";
    }
    case Json::value_t::object: {
      std::string out = "map[";
      bool first = true;
      for (auto it = value.begin(); it != value.end(); ++it, first = false) {
        out += (first ? "" : " ") + it.key() + ":" + go_sprint_s(it.value());
      }
      return out + "]";
    }
    default:
      return "%!s(" + go_type_name(value) + "=" + go_scalar_v(value) + ")";
  }
}

Result<std::vector<PatchOperation>> command_args_patch(const Json& manifest, const CommandArgsOverrider& o,
                                                       std::string_view target) {
  std::vector<PatchOperation> ops;
  std::vector<std::string> fields = containers_fields(string_at(manifest, {"kind"}));
  if (fields.empty()) return ops;
  std::string containers_path;
  for (const std::string& f : fields) containers_path += (containers_path.empty() ? "" : "/") + f;
  auto containers = nested_slice(manifest, fields);
  if (!containers.ok()) {
    return invalid_input("failed to retrieve path(" + containers_path + "): " + containers.error().message);
  }
  if (!containers->has_value()) return ops;
  const Json& list = **containers;
  for (std::size_t i = 0; i < list.size(); ++i) {
    const Json& c = list[i];
    if (!c.is_object()) return invalid_input(containers_path + "[" + std::to_string(i) + "] is not a map");
    const Json* name = find_member(c, "name");
    if (name == nullptr || !name->is_string() || name->get_ref<const std::string&>() != o.container_name) continue;
    std::string path = "/" + containers_path + "/" + std::to_string(i) + "/" + std::string(target);
    const Json* current = find_member(c, target);
    std::vector<std::string> values;
    std::string op = "add";
    if (current != nullptr && !current->is_null()) {
      if (!current->is_array())
        return invalid_input(containers_path + "[" + std::to_string(i) + "]." + std::string(target) + " is not a list");
      for (const Json& v : *current) values.push_back(go_sprint_s(v));
      op = "replace";
    }
    if (o.op == "add") {
      values.insert(values.end(), o.value.begin(), o.value.end());
    } else if (o.op == "remove") {
      std::erase_if(
          values, [&](const std::string& v) { return std::find(o.value.begin(), o.value.end(), v) != o.value.end(); });
    }
    ops.push_back({op, path, Json(values)});
  }
  return ops;
}

Status<> apply_command_args_overrider(Json& manifest, const CommandArgsOverrider& o, std::string_view target) {
  FW_TRY(ops, command_args_patch(manifest, o, target));
  if (ops.empty()) return ok_status();
  auto applied = apply_json_patch(manifest, ops);
  if (!applied.ok()) return invalid_input(applied.error().message);
  return ok_status();
}

}  // namespace fleetwave
