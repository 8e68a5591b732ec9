#include "reconcile/render_cache.h"

#include "render/renderer.h"

namespace fleetwave {

std::string destination_of(const Cluster& cluster) {
  return cluster.api_endpoint.empty() ? cluster.name : cluster.api_endpoint;
}

// {{namespace}} of analysis checks: the namespace every namespaced template of the app shares.
static std::string single_namespace(const std::vector<ResourceTemplate>& templates) {
  std::string found;
  for (const ResourceTemplate& t : templates) {
    if (!t.namespaced || t.id.namespace_.empty() || t.id.namespace_ == found) continue;
    if (!found.empty()) return "";
    found = t.id.namespace_;
  }
  return found;
}

Result<std::shared_ptr<const AppReach>, ErrorList> RenderCache::reach(RepoSnapshot& snapshot,
                                                                      const std::string& app_path) {
  auto digest = snapshot.input_digest(app_path);
  if (!digest.ok()) return ErrorList{digest.error()};
  const std::string key = *digest + " path=" + app_path;
  if (auto it = entries_.find(key); it != entries_.end()) return it->second;
  auto bundle = snapshot.bundle(app_path);
  if (!bundle.ok()) return std::move(bundle).error();
  auto render = FleetRender::prepare(*bundle);
  if (!render.ok()) return std::move(render).error();
  auto reach = std::make_shared<AppReach>();
  reach->clusters = render->reached_clusters();
  reach->inventory = render->fleet().clusters;
  reach->warnings = render->warnings();
  for (const Cluster& c : reach->inventory) reach->servers[c.name] = destination_of(c);
  reach->workload_namespace = single_namespace(render->fleet().templates);
  if (entries_.size() >= max_entries_) entries_.clear();
  entries_.emplace(key, reach);
  return std::shared_ptr<const AppReach>(reach);
}

}  // namespace fleetwave
