#include "reconcile/hydration/hydration_renders.h"

namespace fleetwave {

Result<std::string, ErrorList> HydrationRenders::manifest(git::GitRepository& repo, BlobCache& blobs,
                                                          const HydratedTarget& target) {
  RepoSnapshot snapshot(repo, blobs, target.revision);
  // A commit's input digest never changes: read its trees once per step, not once per cluster
  // (the inventory's tree alone is an entry per cluster).
  const std::string at = target.revision + " " + target.path;
  auto digest = digests_.find(at);
  if (digest == digests_.end()) {
    auto read = snapshot.input_digest(target.path);
    if (!read.ok()) return ErrorList{read.error().with_context("reading " + target.path + " at " + target.revision)};
    if (digests_.size() >= max_apps_) digests_.clear();
    digest = digests_.emplace(at, *read).first;
  }
  const std::string key = digest->second + " " + target.path + " " + target.cordons;
  auto found = apps_.find(key);
  if (found == apps_.end()) {
    if (apps_.size() >= max_apps_) apps_.clear();  // simple and bounded: a step pins one or two releases
    auto render = std::make_shared<const AppRender>(AppRender::at(snapshot, target.path, target.cordons));
    ++prepared_;
    found = apps_.emplace(key, std::move(render)).first;
  }
  const AppRender& app = *found->second;
  if (!app.errors().empty()) return app.errors();
  if (app.render() == nullptr || app.render()->fleet().find_cluster(target.cluster) == nullptr) {
    // fleetwave-render fails here too: an empty manifest.yaml would make Argo CD prune everything
    return ErrorList{invalid_input(target.path + " at " + target.revision.substr(0, 7) + " does not know cluster \"" +
                                   target.cluster + "\": its inventory (clusters/) has no such Cluster")};
  }
  return app.cluster_stream(target.cluster);
}

}  // namespace fleetwave
