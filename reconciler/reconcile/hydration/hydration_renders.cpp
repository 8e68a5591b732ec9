#include "reconcile/hydration/hydration_renders.h"

namespace fleetwave {

Result<std::string, ErrorList> HydrationRenders::manifest(git::GitRepository& repo, BlobCache& blobs,
                                                          const HydratedTarget& target) {
  RepoSnapshot snapshot(repo, blobs, target.revision);
  auto digest = snapshot.input_digest(target.path);
  if (!digest.ok()) return ErrorList{digest.error().with_context("reading " + target.path + " at " + target.revision)};
  const std::string key = *digest + " " + target.path + " " + target.cordons;
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
