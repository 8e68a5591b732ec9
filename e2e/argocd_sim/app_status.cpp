#include "argocd_sim/app_status.h"

#include <set>

#include "base/timestamp.h"

namespace fleetwave::sim {
namespace {

Json& status_of(Json& app) {
  Json& status = app["status"];
  if (!status.is_object()) status = Json::object();
  return status;
}

Json source_of(const Json& app) {
  const Json* source = find_path(app, {"spec", "source"});
  return source == nullptr ? Json::object() : *source;
}

Json operation(const SyncStart& start) {
  Json initiated = start.automated ? Json{{"automated", true}} : Json{{"username", "admin"}};
  return {{"sync", {{"revision", start.revision}, {"syncStrategy", {{"hook", Json::object()}}}}},
          {"initiatedBy", std::move(initiated)},
          {"retry", {{"limit", 5}}}};
}

void set_sync(Json& app, const std::string& sync_status, const std::string& revision) {
  Json destination = find_path(app, {"spec", "destination"}) ? app["spec"]["destination"] : Json::object();
  status_of(app)["sync"] = {{"status", sync_status},
                            {"revision", revision},
                            {"comparedTo", {{"source", source_of(app)}, {"destination", destination}}}};
}

// group and version of an apiVersion ("apps/v1" -> apps, v1; "v1" -> "", v1).
std::pair<std::string, std::string> group_version(const std::string& api_version) {
  std::size_t slash = api_version.find('/');
  if (slash == std::string::npos) return {"", api_version};
  return {api_version.substr(0, slash), api_version.substr(slash + 1)};
}

Json resource_ref(const Json& obj) {
  auto [group, version] = group_version(string_at(obj, {"apiVersion"}));
  Json ref = {{"group", group},
              {"version", version},
              {"kind", string_at(obj, {"kind"})},
              {"name", string_at(obj, {"metadata", "name"})}};
  std::string ns = string_at(obj, {"metadata", "namespace"});
  if (!ns.empty()) ref["namespace"] = ns;
  return ref;
}

void collect_images(const Json& obj, std::set<std::string>& images) {
  const Json* pod_spec = find_path(obj, {"spec", "template", "spec"});
  if (pod_spec == nullptr) return;
  for (const char* list : {"initContainers", "containers"}) {
    const Json* containers = find_member(*pod_spec, list);
    if (containers == nullptr || !containers->is_array()) continue;
    for (const Json& c : *containers) {
      if (std::string image = string_at(c, {"image"}); !image.empty()) images.insert(image);
    }
  }
}

void drop_comparison_errors(Json& status) {
  Json* conditions = find_member(status, "conditions");
  if (conditions == nullptr || !conditions->is_array()) return;
  Json kept = Json::array();
  for (const Json& c : *conditions) {
    if (string_at(c, {"type"}) != "ComparisonError") kept.push_back(c);
  }
  if (kept.empty()) {
    status.erase("conditions");
  } else {
    *conditions = std::move(kept);
  }
}

}  // namespace

std::string comparison_error_message(const std::string& generator_error) {
  return "Failed to load target state: failed to generate manifest for source 1 of 1: rpc error: code = Unknown "
         "desc = plugin sidecar failed. error generating manifests in cmp: rpc error: code = Unknown desc = error "
         "generating manifests: " +
         generator_error;
}

void set_sync_running(Json& app, const SyncStart& start) {
  set_sync(app, "OutOfSync", start.revision);
  status_of(app)["operationState"] = {{"phase", "Running"},
                                      {"message", "one or more tasks are running"},
                                      {"operation", operation(start)},
                                      {"startedAt", format_rfc3339(start.started_ms)}};
}

void set_sync_succeeded(Json& app, const SyncStart& start, const std::vector<Json>& objects, std::int64_t finished_ms,
                        int history_id) {
  const std::string started = format_rfc3339(start.started_ms);
  const std::string finished = format_rfc3339(finished_ms);
  Json results = Json::array(), resources = Json::array();
  std::set<std::string> images;
  for (const Json& obj : objects) {
    Json ref = resource_ref(obj);
    Json result = ref;
    result.update(
        {{"status", "Synced"},
         {"syncPhase", "Sync"},
         {"hookPhase", "Running"},
         {"message", ref["kind"].get<std::string>() + "/" + ref["name"].get<std::string>() + " serverside-applied"}});
    results.push_back(std::move(result));
    ref["status"] = "Synced";
    resources.push_back(std::move(ref));
    collect_images(obj, images);
  }
  set_sync(app, "Synced", start.revision);
  Json& status = status_of(app);
  status["operationState"] = {
      {"phase", "Succeeded"},
      {"message", "successfully synced (all tasks run)"},
      {"operation", operation(start)},
      {"startedAt", started},
      {"finishedAt", finished},
      {"syncResult", {{"revision", start.revision}, {"source", source_of(app)}, {"resources", results}}}};
  status["reconciledAt"] = finished;
  status["resources"] = std::move(resources);
  status["summary"] = {{"images", Json(std::vector<std::string>(images.begin(), images.end()))}};
  Json& history = status["history"];
  if (!history.is_array()) history = Json::array();
  history.push_back({{"id", history_id},
                     {"revision", start.revision},
                     {"deployStartedAt", started},
                     {"deployedAt", finished},
                     {"source", source_of(app)}});
  while (history.size() > kHistoryLimit) history.erase(history.begin());
  drop_comparison_errors(status);
}

void set_comparison_error(Json& app, const SyncStart& start, const std::string& generator_error,
                          std::int64_t finished_ms) {
  const std::string message = comparison_error_message(generator_error);
  const std::string finished = format_rfc3339(finished_ms);
  set_sync(app, "Unknown", start.revision);
  Json& status = status_of(app);
  drop_comparison_errors(status);
  Json& conditions = status["conditions"];
  if (!conditions.is_array()) conditions = Json::array();
  conditions.push_back({{"type", "ComparisonError"}, {"message", message}, {"lastTransitionTime", finished}});
  status["operationState"] = {{"phase", "Error"},
                              {"message", message},
                              {"operation", operation(start)},
                              {"startedAt", format_rfc3339(start.started_ms)},
                              {"finishedAt", finished}};
  status["reconciledAt"] = finished;
}

void set_health(Json& app, const HealthStatus& health) {
  Json h = {{"status", health.status}};
  if (!health.message.empty()) h["message"] = health.message;
  status_of(app)["health"] = std::move(h);
}

}  // namespace fleetwave::sim
