#include "render/api_defaults.h"

namespace fleetwave {

static bool absent(const Json& spec, const char* key) {
  const Json* v = find_member(spec, key);
  return v == nullptr || v->is_null();
}

void apply_replica_defaults(Json& object) {
  const std::string api_version = string_at(object, {"apiVersion"});
  const std::string kind = string_at(object, {"kind"});
  Json* spec = find_member(object, "spec");
  if (spec == nullptr || !spec->is_object()) return;
  if (api_version == "apps/v1" && (kind == "Deployment" || kind == "ReplicaSet" || kind == "StatefulSet")) {
    if (absent(*spec, "replicas")) (*spec)["replicas"] = 1;
    return;
  }
  if (api_version == "batch/v1" && kind == "Job") {
    if (absent(*spec, "completions") && absent(*spec, "parallelism")) (*spec)["completions"] = 1;
    if (absent(*spec, "parallelism")) (*spec)["parallelism"] = 1;
  }
}

}  // namespace fleetwave
