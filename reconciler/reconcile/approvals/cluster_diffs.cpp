#include "reconcile/approvals/cluster_diffs.h"

#include <optional>

#include "adapters/git/text_diff.h"
#include "render/renderer.h"
#include "render/source_locator.h"

namespace fleetwave {
namespace {

struct Side {
  std::string revision;
  std::optional<FleetRender> render;  // absent: nothing at this revision
  std::string error;
  InputBundle bundle;  // to locate render errors in
};

std::string first_error(const ErrorList& errors) {
  return errors.empty() ? "unknown error" : errors.front().to_string();
}

Side prepare(git::GitRepository& repo, BlobCache& blobs, const std::string& revision, const std::string& app_path) {
  Side side{revision, std::nullopt, {}, {}};
  if (revision.empty()) return side;
  RepoSnapshot snapshot(repo, blobs, revision);
  auto bundle = snapshot.bundle(app_path);
  if (!bundle.ok()) {
    side.error = first_error(bundle.error());
    return side;
  }
  auto render = FleetRender::prepare(*bundle);
  if (!render.ok()) side.error = first_error(render.error());
  else side.render.emplace(std::move(render).value());
  side.bundle = std::move(bundle).value();
  return side;
}

// What `cluster` receives at this side; "" when nothing.
Result<std::string> stream(const Side& side, const std::string& cluster) {
  if (!side.error.empty()) return invalid_input("at " + side.revision.substr(0, 7) + ": " + side.error);
  if (!side.render || side.render->fleet().find_cluster(cluster) == nullptr) return std::string();
  auto out = side.render->render(cluster);
  if (!out.ok()) {
    ErrorList errors = std::move(out).error();
    locate_errors(side.bundle, errors);
    return invalid_input("at " + side.revision.substr(0, 7) + ": " + first_error(errors));
  }
  return format_objects(out->objects, OutputFormat::YamlStream);
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
