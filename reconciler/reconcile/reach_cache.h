// What the reconciler needs from a render of an app at one input digest: which clusters the
// app reaches and where their Argo CD Applications point. Cached by digest (a digest names the
// exact inputs, so a cached entry never goes stale). Not thread-safe.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "base/result.h"
#include "model/cluster.h"
#include "reconcile/repo_snapshot.h"
#include "rollout/deletion_guard.h"

namespace fleetwave {

struct AppReach {
  std::vector<std::string> clusters;           // reached clusters, sorted
  std::map<std::string, std::string> servers;  // every inventory cluster -> Argo CD destination
  std::vector<Cluster> inventory;              // for wave selectors
  ErrorList warnings;                          // the render's warnings (FleetRender::warnings)
  std::string workload_namespace;              // the one namespace of the app's templates ("" when several)
};

class ReachCache {
 public:
  explicit ReachCache(std::size_t max_entries = 512) : max_entries_(max_entries) {}

  // The reach of `app_path` in `snapshot`. Render errors come back as the render's errors.
  Result<std::shared_ptr<const AppReach>, ErrorList> reach(RepoSnapshot& snapshot, const std::string& app_path);

  // What `candidate` deletes from each cluster `stable` reaches (the deletion guard), by cluster
  // name; cached by the pair of digests. A side that does not render, or a cluster that does not
  // render on one side, deletes nothing: Argo CD syncs nothing it cannot render (the render
  // error is reported where the app is reached).
  std::shared_ptr<const std::vector<ClusterDeletions>> deletions(RepoSnapshot& stable, RepoSnapshot& candidate,
                                                                 const std::string& app_path,
                                                                 const DeletionGuardPolicy& policy);

 private:
  std::size_t max_entries_;
  std::map<std::string, std::shared_ptr<const AppReach>> entries_;  // digest + app path -> reach
  // stable digest + candidate digest + app path + policy -> deletions
  std::map<std::string, std::shared_ptr<const std::vector<ClusterDeletions>>> deletions_;
};

// The Argo CD destination of a cluster: spec.apiEndpoint when set, else its name (an Argo CD
// cluster secret of that name).
std::string destination_of(const Cluster& cluster);

}  // namespace fleetwave
