#include "override/labels_annotations_overrider.h"

#include "base/escape_chars.h"

namespace fleetwave {
namespace {

// unstructured.NestedStringMap(obj, "metadata", field): the map when it exists and holds only
// strings; nullptr when it is missing or unreadable (Karmada ignores the error).
const Json* string_map_at(const Json& manifest, std::string_view field) {
  const Json* meta = find_member(manifest, "metadata");
  if (meta == nullptr || !meta->is_object()) return nullptr;
  const Json* map = find_member(*meta, field);
  if (map == nullptr || !map->is_object()) return nullptr;
  for (const auto& item : map->items()) {
    if (!item.value().is_string()) return nullptr;
  }
  return map;
}

// unstructured.SetNestedStringMap(obj, {}, "metadata", field); false when metadata exists but
// is not a map.
bool reset_string_map(Json& manifest, std::string_view field) {
  Json* meta = find_member(manifest, "metadata");
  if (meta == nullptr) {
    manifest["metadata"] = Json::object();
    meta = find_member(manifest, "metadata");
  }
  if (!meta->is_object()) return false;
  (*meta)[std::string(field)] = Json::object();
  return true;
}

// Karmada escapes only '/' (a '~' cannot pass label/annotation key validation).
std::string key_token(const std::string& key) { return escape_chars(key, {{'/', "~1"}}); }

}  // namespace

std::vector<PatchOperation> labels_annotations_patch(Json& manifest, const LabelAnnotationOverrider& o,
                                                     std::string_view field) {
  std::vector<PatchOperation> ops;
  for (const auto& [key, value] : o.value) {
    if (o.op == "remove" || o.op == "replace") {
      const Json* map = string_map_at(manifest, field);
      if (map == nullptr || !map->contains(key)) continue;
    } else if (o.op == "add") {
      if (string_map_at(manifest, field) == nullptr && !reset_string_map(manifest, field)) continue;
    }
    ops.push_back({o.op, "/metadata/" + std::string(field) + "/" + key_token(key), Json(value)});
  }
  return ops;
}

namespace {

// The patch of labels_annotations_patch applied straight to the map: each operation is on its
// own key of a map that exists (created first for add), so applying them one by one as they
// are decided is what the patch does. Needs a kind (else the patch fails, see json_patch.h)
// and keys without '~' (the patch would decode "~0" and "~1" in them).
bool apply_directly(Json& manifest, const LabelAnnotationOverrider& o, std::string_view field) {
  const Json* kind = find_member(manifest, "kind");
  if (kind == nullptr || !kind->is_string() || kind->get_ref<const std::string&>().empty()) return false;
  for (const auto& [key, value] : o.value) {
    if (key.find('~') != std::string::npos) return false;
  }
  const bool add = o.op == "add", remove = o.op == "remove", replace = o.op == "replace";
  if (!add && !remove && !replace) return false;  // validation refuses them; the patch says why
  if (o.value.empty()) return true;
  // Looked up once: every operation below leaves a map of strings, and a map node never moves.
  Json* map = const_cast<Json*>(string_map_at(manifest, field));
  if (map == nullptr && add && reset_string_map(manifest, field))
    map = const_cast<Json*>(string_map_at(manifest, field));
  if (map == nullptr) return true;  // remove or replace on no map, or add under a metadata that is no map
  for (const auto& [key, value] : o.value) {
    auto it = map->find(key);
    if (add) {
      (*map)[key] = value;
    } else if (it != map->end() && remove) {
      map->erase(it);
    } else if (it != map->end() && replace) {
      it.value() = value;
    }
  }
  return true;
}

}  // namespace

Status<> apply_labels_annotations_overrider(Json& manifest, const LabelAnnotationOverrider& o, std::string_view field) {
  if (apply_directly(manifest, o, field)) return ok_status();
  return apply_labels_annotations_patch(manifest, o, field);
}

Status<> apply_labels_annotations_patch(Json& manifest, const LabelAnnotationOverrider& o, std::string_view field) {
  std::vector<PatchOperation> ops = labels_annotations_patch(manifest, o, field);
  if (ops.empty()) return ok_status();
  auto applied = apply_json_patch(manifest, ops);
  if (!applied.ok()) return invalid_input(applied.error().message);
  return ok_status();
}

}  // namespace fleetwave
