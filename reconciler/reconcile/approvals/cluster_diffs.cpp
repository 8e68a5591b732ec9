#include "reconcile/approvals/cluster_diffs.h"

#include <optional>

#include "adapters/git/text_diff.h"
#include "reconcile/app_render.h"

namespace fleetwave {
namespace {

struct Side {
  std::string revision;
  AppRender app;
};

std::string first_error(const ErrorList& errors) {
  return errors.empty() ? "unknown error" : errors.front().to_string();
}

Side prepare(git::GitRepository& repo, BlobCache& blobs, const std::string& revision, const std::string& app_path) {
  if (revision.empty()) return Side{revision, AppRender::absent()};
  RepoSnapshot snapshot(repo, blobs, revision);
  return Side{revision, AppRender::at(snapshot, app_path)};
}

// What `cluster` receives at this side; "" when nothing.
Result<std::string> stream(const Side& side, const std::string& cluster) {
  auto failed = [&](const ErrorList& errors) {
    return invalid_input("at " + side.revision.substr(0, 7) + ": " + first_error(errors));
  };
  if (!side.app.errors().empty()) return failed(side.app.errors());
  auto out = side.app.cluster_stream(cluster);
  if (!out.ok()) return failed(out.error());
  return std::move(out).value();
}

}  // namespace

std::vector<ClusterDiff> render_cluster_diffs(git::GitRepository& repo, BlobCache& blobs, const std::string& app,
                                              const std::string& app_path, const std::string& from,
                                              const std::string& to, const std::vector<std::string>& clusters) {
  Side sides[2] = {prepare(repo, blobs, from, app_path), prepare(repo, blobs, to, app_path)};
  const std::string from_label = from.empty() ? "(none)" : "(" + from.substr(0, 7) + ")";
  std::vector<ClusterDiff> out;
  for (const std::string& cluster : clusters) {
    ClusterDiff d{cluster, {}, {}};
    auto a = stream(sides[0], cluster);
    auto b = stream(sides[1], cluster);
    if (!a.ok() || !b.ok()) {
      d.error = (!a.ok() ? a.error() : b.error()).message;
    } else {
      const std::string label = app + "/" + cluster;
      d.diff = git::unified_diff(*a, *b, "a/" + label + " " + from_label, "b/" + label + " (" + to.substr(0, 7) + ")");
    }
    out.push_back(std::move(d));
  }
  return out;
}

}  // namespace fleetwave
