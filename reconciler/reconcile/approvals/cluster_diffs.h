// The per-cluster rendered diff of an app between two revisions, from Git objects (no
// checkout), with the same renderer and line diff as `fleetwave diff`.
#pragma once

#include <string>
#include <vector>

#include "reconcile/approvals/request_body.h"
#include "reconcile/repo_snapshot.h"

namespace fleetwave {

// One entry per cluster in `clusters` (kept in order). `from` may be "" (nothing before: every
// object is new). A side that does not render, or whose inventory lacks the cluster, renders as
// empty or reports its error in ClusterDiff::error; never fails as a whole.
std::vector<ClusterDiff> render_cluster_diffs(git::GitRepository& repo, BlobCache& blobs, const std::string& app,
                                              const std::string& app_path, const std::string& from,
                                              const std::string& to, const std::vector<std::string>& clusters);

}  // namespace fleetwave
