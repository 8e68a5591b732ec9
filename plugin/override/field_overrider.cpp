#include "override/field_overrider.h"

#include "codec/yaml_codec.h"
#include "codec/yaml_writer.h"
#include "override/json_patch.h"
#include "override/json_pointer.h"

namespace fleetwave {
namespace {

std::vector<PatchOperation> to_patch(const std::vector<FieldPatchOperation>& ops) {
  std::vector<PatchOperation> out;
  for (const FieldPatchOperation& op : ops) out.push_back({op.op, op.sub_path, op.value.value_or(Json())});
  return out;
}

Error patch_error(const char* mode, const PatchFailure& failure) {
  Error e = invalid_input(failure.message);
  if (failure.op_index != std::string::npos) e.field = std::string(mode) + "[" + std::to_string(failure.op_index) + "]";
  else e.field = mode;
  return e;
}

Result<std::string> override_yaml(const std::string& text, const std::vector<FieldPatchOperation>& ops) {
  auto docs = parse_yaml_stream(text, "");
  if (!docs.ok()) {
    Error e = invalid_input("the value is not valid YAML: " + docs.error().to_string());
    e.field = "yaml";
    return e;
  }
  // YAMLToJSON reads only the first document; an empty text reads as null.
  Json document = docs->empty() ? Json() : std::move((*docs)[0].value);
  auto patched = apply_json_patch_value(std::move(document), to_patch(ops));
  if (!patched.ok()) return patch_error("yaml", patched.error());
  return write_yaml(*patched);
}

Result<std::string> override_json(const std::string& text, const std::vector<FieldPatchOperation>& ops) {
  auto patched = apply_json_patch_text(text, to_patch(ops));
  if (!patched.ok()) return patch_error("json", patched.error());
  return std::move(patched).value();
}

}  // namespace

Result<std::string> override_embedded_document(const std::string& text, const FieldOverrider& o) {
  if (!o.yaml.empty()) return override_yaml(text, o.yaml);
  if (!o.json.empty()) return override_json(text, o.json);
  return std::string();
}

Status<> apply_field_overrider(Json& manifest, const FieldOverrider& o) {
  auto target = json_pointer_get(manifest, o.field_path);
  if (!target.ok()) return invalid_input("fieldPath " + o.field_path + ": " + target.error().message);
  Json* value = *target;
  if (!value->is_string()) {
    return invalid_input("fieldPath " + (o.field_path.empty() ? std::string("\"\"") : o.field_path) +
                         ": the value is not a string");
  }
  FW_TRY(replaced, override_embedded_document(value->get<std::string>(), o));
  *value = std::move(replaced);
  return ok_status();
}

}  // namespace fleetwave
