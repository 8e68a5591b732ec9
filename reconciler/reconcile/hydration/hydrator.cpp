#include "reconcile/hydration/hydrator.h"

#include <algorithm>
#include <map>
#include <set>

#include "rollout/commit_message.h"
#include "rollout/rollout_state.h"

namespace fleetwave {
namespace {

// The files of each cluster directory of `app` on the hydrated commit `commit`.
struct HydratedFiles {
  std::string manifest;  // blob ids, "" when missing
  std::string metadata;
  std::vector<std::string> paths;
};

Result<std::map<std::string, HydratedFiles>> hydrated_clusters_of(git::GitRepository& repo, const std::string& commit,
                                                                  const std::string& app) {
  std::map<std::string, HydratedFiles> out;
  if (commit.empty()) return out;
  auto entries = repo.list_tree(commit, app, true);
  if (!entries.ok() && entries.error().kind == ErrorKind::NotFound) return out;
  if (!entries.ok()) return std::move(entries).error();
  for (const git::TreeEntry& e : *entries) {
    const std::string rest = e.path.substr(app.size() + 1);  // <cluster>/<file>
    const std::size_t slash = rest.find('/');
    if (slash == std::string::npos) continue;  // a file beside the cluster directories: not ours
    HydratedFiles& files = out[rest.substr(0, slash)];
    const std::string file = rest.substr(slash + 1);
    if (file == kHydratedManifestFile) files.manifest = e.oid;
    if (file == kHydratorMetadataFile) files.metadata = e.oid;
    files.paths.push_back(e.path);
  }
  return out;
}

// The blob id of `path` in `commit`, "" when it is missing.
Result<std::string> hydration_blob_at(git::GitRepository& repo, const std::string& commit, const std::string& path) {
  const std::size_t slash = path.rfind('/');
  auto entries = repo.list_tree(commit, path.substr(0, slash), false);
  if (!entries.ok() && entries.error().kind == ErrorKind::NotFound) return std::string();
  if (!entries.ok()) return std::move(entries).error();
  for (const git::TreeEntry& e : *entries) {
    if (e.path == path) return e.oid;
  }
  return std::string();
}

}  // namespace

Result<Hydrator::Plan> Hydrator::plan(const std::string& tracked_tip, const std::vector<AppDefinition>& apps) {
  auto located = read_fleet_settings(repo_, blobs_, tracked_tip);
  if (!located.ok()) return located.error().front().with_context("hydrated mode (nothing hydrated)");
  const HydrationSettings& settings = located->settings.hydration;
  Plan out;
  if (!settings.on()) return out;
  if (settings.target_branch == options_.tracked_branch) {
    Error e = invalid_input("is the branch fleetwave tracks (" + options_.tracked_branch +
                                "); name a branch of its own, e.g. fleetwave/hydrated",
                            "spec.hydration.targetBranch");
    e.pos.file = located->file;
    return e;
  }
  out.branch = settings.target_branch;
  out.apps = hydrated_apps(settings, apps);
  out.argocd_writes = settings.hydrated_by == HydratedBy::ArgoCd;
  return out;
}

Result<bool> Hydrator::targets_moved(const std::string& commit, const std::vector<HydratedApp>& apps) {
  FW_TRY(info, repo_.commit_info(commit));
  if (info.parents.empty()) return true;
  for (const HydratedApp& app : apps) {
    FW_TRY(now, hydration_blob_at(repo_, commit, targets_path(app.name)));
    FW_TRY(before, hydration_blob_at(repo_, info.parents.front(), targets_path(app.name)));
    if (now != before) return true;
  }
  return false;
}

// The tracked commits to hydrate, oldest first: those after the step the hydrated tip names that
// move a hydrated app's targets.json, and the tracked tip itself (a change of the settings).
// None when the hydrated branch is already at or past the tracked tip (another reconciler).
Result<std::vector<std::string>> Hydrator::steps_to_hydrate(const std::string& hydrated, const std::string& tracked,
                                                            const std::vector<HydratedApp>& apps) {
  if (hydrated.empty()) return std::vector<std::string>{tracked};
  FW_TRY(tip, repo_.commit_info(hydrated));
  const std::string step = find_trailer(tip.message, kStepTrailer);
  if (step == tracked) return std::vector<std::string>{};
  const std::string stop = hydrated == synced_hydrated_ && !synced_tracked_.empty() ? synced_tracked_ : step;
  if (stop == tracked) return std::vector<std::string>{};
  FW_TRY(log, repo_.first_parent_log(tracked, stop, options_.history_window));
  bool reached = false;
  if (!log.empty() && !stop.empty()) {
    FW_TRY(oldest, repo_.commit_info(log.back()));
    reached = !oldest.parents.empty() && oldest.parents.front() == stop;
  }
  if (!reached) {
    if (!step.empty()) {  // is the tracked tip behind the step already hydrated?
      FW_TRY(ahead, repo_.first_parent_log(step, tracked, options_.history_window));
      if (!ahead.empty()) {
        FW_TRY(first, repo_.commit_info(ahead.back()));
        if (!first.parents.empty() && first.parents.front() == tracked) return std::vector<std::string>{};
      }
    }
    return std::vector<std::string>{tracked};  // too far back, or not on this history: hydrate the tip
  }
  std::vector<std::string> out;
  for (auto it = log.rbegin(); it != log.rend(); ++it) {
    FW_TRY(moved, targets_moved(*it, apps));
    if (moved || *it == tracked) out.push_back(*it);
  }
  return out;
}

Status<> Hydrator::app_changes(const std::string& parent, const std::string& step, const HydratedApp& app,
                               std::vector<git::FileChange>& changes, std::size_t& clusters, HydrationReport& report) {
  auto text = repo_.read_file(step, targets_path(app.name));
  if (!text.ok() && text.error().kind == ErrorKind::NotFound) return Ok{};  // not started: no Applications
  if (!text.ok()) return std::move(text).error();
  FW_TRY(targets, parse_hydrated_targets(*text, targets_path(app.name)));
  FW_TRY(existing, hydrated_clusters_of(repo_, parent, app.name));
  std::set<std::string> wanted;
  for (const HydratedTarget& t : targets) {
    wanted.insert(t.cluster);
    const std::string dir = hydrated_dir(app.name, t.cluster);
    const std::string metadata = cluster_metadata(options_.repo_url, t);
    auto have = existing.find(t.cluster);
    if (have != existing.end() && !have->second.manifest.empty() && !have->second.metadata.empty()) {
      FW_TRY(old, blobs_.read(repo_, have->second.metadata));
      if (old == metadata) continue;  // same pin, same overlay: the same bytes
    }
    auto manifest = renders_.manifest(repo_, blobs_, t);
    if (!manifest.ok()) {
      return manifest.error().front().with_context("hydrating " + app.name + " for " + t.cluster + " at " +
                                                   t.revision.substr(0, 7) + " (the hydrated branch waits)");
    }
    ++report.rendered;
    ++clusters;
    changes.push_back({dir + "/" + kHydratedManifestFile, std::move(manifest).value(), std::nullopt});
    changes.push_back({dir + "/" + kHydratorMetadataFile, metadata, std::nullopt});
  }
  for (const auto& [cluster, files] : existing) {  // no longer pinned: its Application goes too
    if (wanted.count(cluster) != 0) continue;
    ++clusters;
    for (const std::string& path : files.paths) changes.push_back({path, std::nullopt, std::nullopt});
  }
  return Ok{};
}

// One hydrated commit on `parent` for the tracked commit `step`; `parent` itself when no cluster
// directory changes. Every directory of the step or none: an error writes nothing.
Result<std::string> Hydrator::hydrate_step(const std::string& parent, const std::string& step,
                                           const std::vector<HydratedApp>& apps, HydrationReport& report) {
  std::vector<git::FileChange> changes;
  std::size_t clusters = 0;
  for (const HydratedApp& app : apps) FW_CHECK(app_changes(parent, step, app, changes, clusters, report));
  if (changes.empty()) return parent;
  FW_TRY(info, repo_.commit_info(step));
  changes.push_back({kHydratorMetadataFile, root_metadata(options_.repo_url, info), std::nullopt});
  FW_TRY(oid, writer_.commit_changes(parent, hydrated_message(info, clusters), options_.actor, options_.author,
                                     std::move(changes)));
  report.commits.push_back(oid);
  report.steps.push_back(step);
  return oid;
}

Result<HydrationReport> Hydrator::sync(const std::string& tracked_tip, const std::vector<AppDefinition>& apps) {
  FW_TRY(plan, this->plan(tracked_tip, apps));
  HydrationReport report;
  if (plan.branch.empty()) return report;
  report.branch = plan.branch;
  if (plan.argocd_writes) {  // Argo CD writes it ("" until its first hydration)
    auto tip = repo_.fetch(plan.branch);
    if (!tip.ok()) return tip.error().with_context("hydrated branch " + plan.branch);
    report.tip = *tip;
    return report;
  }
  auto build = [&](const std::string& head, int) -> Result<std::string> {
    report = HydrationReport{plan.branch, "", {}, {}, 0};
    FW_TRY(steps, steps_to_hydrate(head, tracked_tip, plan.apps));
    std::string tip = head;
    for (const std::string& step : steps) {
      FW_TRY(next, hydrate_step(tip, step, plan.apps, report));
      tip = next;
    }
    return tip;
  };
  // The hydrated branch may not exist yet: its first commit creates it.
  auto fetch = [&](const std::string& branch) { return repo_.fetch(branch); };
  auto published = writer_.publish(plan.branch, build, fetch);
  if (!published.ok()) return published.error().error.with_context("hydrated branch " + plan.branch);
  report.tip = published->tip;
  synced_tracked_ = tracked_tip;
  synced_hydrated_ = published->tip;
  return report;
}

}  // namespace fleetwave
