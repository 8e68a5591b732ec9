#include "override/image_overrider.h"

#include "base/text.h"
#include "model/json_fields.h"
#include "override/image_reference.h"
#include "override/json_pointer.h"

namespace fleetwave {
namespace {

// Where the pod spec sits for the kinds Karmada knows without a predicate.
std::vector<std::string> pod_spec_fields(const std::string& kind) {
  if (kind == "Pod") return {"spec"};
  if (kind == "ReplicaSet" || kind == "Deployment" || kind == "DaemonSet" || kind == "StatefulSet" || kind == "Job") {
    return {"spec", "template", "spec"};
  }
  return {};
}

// The container images, read the way Karmada's conversion to the typed object reads them:
// missing or null parts mean "no containers" or an empty image; wrongly typed parts fail.
Result<std::vector<std::string>> container_images(const Json& manifest, const std::vector<std::string>& fields) {
  const std::string kind = string_at(manifest, {"kind"});
  const Json* node = &manifest;
  std::string where;
  auto conversion_error = [&](const std::string& what) {
    return invalid_input("failed to convert " + kind + " from unstructured object: " + where + ": " + what);
  };
  for (const std::string& f : fields) {
    where += (where.empty() ? "" : ".") + f;
    node = find_member(*node, f);
    if (node == nullptr || node->is_null()) return std::vector<std::string>{};
    if (!node->is_object()) return conversion_error("expected a map, got a " + json_type_name(*node));
  }
  where += ".containers";
  const Json* containers = find_member(*node, "containers");
  std::vector<std::string> images;
  if (containers == nullptr || containers->is_null()) return images;
  if (!containers->is_array()) return conversion_error("expected a list, got a " + json_type_name(*containers));
  for (std::size_t i = 0; i < containers->size(); ++i) {
    const Json& c = (*containers)[i];
    const Json* image = c.is_object() ? find_member(c, "image") : nullptr;
    if (!c.is_null() && !c.is_object()) return conversion_error("[" + std::to_string(i) + "]: expected a map");
    if (image != nullptr && !image->is_null() && !image->is_string()) {
      return conversion_error("[" + std::to_string(i) + "].image: expected a string, got a " + json_type_name(*image));
    }
    images.push_back(image != nullptr && image->is_string() ? image->get<std::string>() : "");
  }
  return images;
}

// obtainImageValue: Karmada's own walk of predicate.path (not a JSON pointer lookup: it
// trims slashes, splits on '/', does not decode ~0/~1, and a list index consumes the next
// segment).
Result<std::string> image_at_predicate(const Json& manifest, const std::string& path) {
  std::size_t first = path.find_first_not_of('/');
  std::size_t last = path.find_last_not_of('/');
  std::string trimmed = first == std::string::npos ? "" : path.substr(first, last - first + 1);
  const std::vector<std::string> segments = split_at(trimmed, '/');
  const Json* current = &manifest;
  for (std::size_t i = 0; i + 1 < segments.size(); ++i) {
    const Json* next = find_member(*current, segments[i]);
    if (next != nullptr && next->is_object()) {
      current = next;
    } else if (next != nullptr && next->is_array()) {
      auto index = go_atoi(segments[i + 1]);
      if (!index || *index < INT32_MIN || *index > INT32_MAX)
        return invalid_input("\"" + printable(segments[i + 1]) + "\" is not a list index");
      if (*index < 0 || *index >= static_cast<std::int64_t>(next->size())) {
        return invalid_input("index " + printable(segments[i + 1]) + " is out of range for \"" +
                             printable(segments[i]) + "\"");
      }
      current = &(*next)[static_cast<std::size_t>(*index)];
      if (!current->is_object())
        return invalid_input("element " + printable(segments[i + 1]) + " of \"" + printable(segments[i]) +
                             "\" is not a map");
      ++i;
    } else {
      return invalid_input("\"" + printable(segments[i]) + "\" is not a map or a list");
    }
  }
  const Json* value = find_member(*current, segments.back());
  if (value == nullptr || !value->is_string())
    return invalid_input("\"" + printable(segments.back()) + "\" is not a string");
  return value->get<std::string>();
}

}  // namespace

Result<std::string> override_image(const std::string& image, const ImageOverrider& o) {
  auto parsed = parse_image_reference(image);
  if (!parsed.ok()) return invalid_input("image \"" + printable(image) + "\": " + parsed.error().message);
  ImageReference ref = std::move(parsed).value();
  if (o.component == "Registry") {
    if (o.op == "add") ref.hostname += o.value;  // plain concatenation, as Karmada does
    else if (o.op == "replace") ref.hostname = o.value;
    else if (o.op == "remove") ref.hostname.clear();
  } else if (o.component == "Repository") {
    if (o.op == "add") ref.repository += o.value;
    else if (o.op == "replace") ref.repository = o.value;
    else if (o.op == "remove") ref.repository.clear();
  } else if (o.component == "Tag") {
    if (o.op == "add") ref.set_tag_or_digest(ref.tag_or_digest() + o.value);
    else if (o.op == "replace") ref.set_tag_or_digest(o.value);
    else if (o.op == "remove") ref.remove_tag_or_digest();
  } else {
    return invalid_input("unsupported image component \"" + printable(o.component) + "\"");
  }
  return ref.to_string();
}

Result<std::vector<PatchOperation>> image_overrider_patch(const Json& manifest, const ImageOverrider& o) {
  std::vector<PatchOperation> ops;
  if (o.predicate_path) {
    const std::string& path = *o.predicate_path;
    auto image = image_at_predicate(manifest, path);
    if (!image.ok()) return invalid_input("predicate.path " + path + ": " + image.error().message);
    if (path.empty() || path.front() != '/') return invalid_input("predicate.path must start with \"/\"");
    FW_TRY(replaced, override_image(*image, o));
    ops.push_back({"replace", path, Json(replaced)});
    return ops;
  }
  std::vector<std::string> fields = pod_spec_fields(string_at(manifest, {"kind"}));
  if (fields.empty()) return ops;
  FW_TRY(images, container_images(manifest, fields));
  std::string prefix;
  for (const std::string& f : fields) prefix += "/" + f;
  for (std::size_t i = 0; i < images.size(); ++i) {
    FW_TRY(replaced, override_image(images[i], o));
    ops.push_back({"replace", prefix + "/containers/" + std::to_string(i) + "/image", Json(replaced)});
  }
  return ops;
}

Status<> apply_image_overrider(Json& manifest, const ImageOverrider& o) {
  FW_TRY(ops, image_overrider_patch(manifest, o));
  if (ops.empty()) return ok_status();
  auto applied = apply_json_patch(manifest, ops);
  if (!applied.ok()) return invalid_input(applied.error().message);
  return ok_status();
}

}  // namespace fleetwave
