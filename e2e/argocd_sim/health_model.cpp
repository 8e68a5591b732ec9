#include "argocd_sim/health_model.h"

#include "override/image_reference.h"

namespace fleetwave::sim {

std::string image_tag(const std::string& image) {
  Result<ImageReference> ref = parse_image_reference(image);
  if (ref.ok()) return ref->tag;
  std::string name = image.substr(0, image.find('@'));
  std::size_t slash = name.rfind('/');
  std::size_t colon = name.rfind(':');
  if (colon == std::string::npos || (slash != std::string::npos && colon < slash)) return "";
  return name.substr(colon + 1);
}

namespace {

bool has_broken_image(const Json& pod_spec, const char* list) {
  const Json* containers = find_member(pod_spec, list);
  if (containers == nullptr || !containers->is_array()) return false;
  for (const Json& c : *containers) {
    if (image_tag(string_at(c, {"image"})).find("broken") != std::string::npos) return true;
  }
  return false;
}

}  // namespace

std::optional<std::string> degraded_reason(const std::vector<Json>& objects) {
  for (const Json& obj : objects) {
    if (string_at(obj, {"kind"}) != "Deployment") continue;
    const Json* pod_spec = find_path(obj, {"spec", "template", "spec"});
    if (pod_spec == nullptr) continue;
    if (has_broken_image(*pod_spec, "containers") || has_broken_image(*pod_spec, "initContainers")) {
      return "Deployment \"" + string_at(obj, {"metadata", "name"}) + "\" exceeded its progress deadline";
    }
  }
  return std::nullopt;
}

HealthStatus evaluate_health(const HealthInputs& in, std::int64_t now_ms) {
  if (!in.deployed) return {"Missing", ""};
  if (now_ms < in.progress_until_ms) return {"Progressing", "Waiting for rollout to finish"};
  if (in.degraded) return {"Degraded", *in.degraded};
  return {"Healthy", ""};
}

}  // namespace fleetwave::sim
