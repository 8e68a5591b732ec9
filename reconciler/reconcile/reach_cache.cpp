#include "reconcile/reach_cache.h"

#include <algorithm>

#include "reconcile/app_render.h"

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

Result<std::shared_ptr<const AppReach>, ErrorList> ReachCache::reach(RepoSnapshot& snapshot,
                                                                     const std::string& app_path) {
  auto digest = snapshot.input_digest(app_path);
  if (!digest.ok()) return ErrorList{digest.error()};
  const std::string key = *digest + " path=" + app_path;
  if (auto it = entries_.find(key); it != entries_.end()) return it->second;
  const AppRender app = AppRender::at(snapshot, app_path);
  if (!app.errors().empty()) return app.errors();
  const FleetRender* render = app.render();
  auto reach = std::make_shared<AppReach>();
  reach->clusters = render->application_clusters();
  reach->inventory = render->fleet().clusters;
  reach->warnings = render->warnings();
  for (const Cluster& c : reach->inventory) reach->servers[c.name] = destination_of(c);
  reach->workload_namespace = single_namespace(render->fleet().templates);
  if (entries_.size() >= max_entries_) entries_.clear();
  entries_.emplace(key, reach);
  return std::shared_ptr<const AppReach>(reach);
}

static std::vector<ClusterDeletions> compare_renders(const FleetRender& stable, const FleetRender& candidate,
                                                     const DeletionGuardPolicy& policy) {
  std::vector<ClusterDeletions> out;
  const std::vector<std::string> kept = candidate.application_clusters();
  for (const std::string& cluster : stable.application_clusters()) {
    auto before = stable.render(cluster);
    if (!before.ok()) continue;
    std::vector<ObjectRef> after;
    // A cluster the candidate gives no Application (out of the inventory, or namespace-only under
    // FleetSettings namespaceOnlyClusters: skip) loses everything its Application held.
    if (std::binary_search(kept.begin(), kept.end(), cluster)) {
      auto rendered = candidate.render(cluster);
      if (!rendered.ok()) continue;
      after = object_refs(rendered->objects);
    }
    if (auto d = judge_deletions(cluster, object_refs(before->objects), after, policy)) out.push_back(std::move(*d));
  }
  return out;
}

std::shared_ptr<const std::vector<ClusterDeletions>> ReachCache::deletions(RepoSnapshot& stable,
                                                                           RepoSnapshot& candidate,
                                                                           const std::string& app_path,
                                                                           const DeletionGuardPolicy& policy) {
  auto from = stable.input_digest(app_path);
  auto to = candidate.input_digest(app_path);
  if (!from.ok() || !to.ok()) return std::make_shared<const std::vector<ClusterDeletions>>();
  const std::string key = *from + " to " + *to + " path=" + app_path +
                          " max=" + (policy.max_deleted_objects ? std::to_string(*policy.max_deleted_objects) : "-");
  if (auto it = deletions_.find(key); it != deletions_.end()) return it->second;
  const AppRender before = AppRender::at(stable, app_path), after = AppRender::at(candidate, app_path);
  auto found = std::make_shared<const std::vector<ClusterDeletions>>(
      before.render() && after.render() ? compare_renders(*before.render(), *after.render(), policy)
                                        : std::vector<ClusterDeletions>{});
  if (deletions_.size() >= max_entries_) deletions_.clear();
  deletions_.emplace(key, found);
  return found;
}

}  // namespace fleetwave
