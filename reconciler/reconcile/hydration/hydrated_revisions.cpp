#include "reconcile/hydration/hydrated_revisions.h"

#include "codec/json_reader.h"
#include "reconcile/hydration/hydrated_layout.h"

namespace fleetwave {
namespace {

bool full_commit_id(const std::string& text) {
  if (text.size() != 40) return false;
  for (char c : text) {
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
  }
  return true;
}

// The pin `revision` holds for the cluster's directory, "" when it is no hydrated commit of it.
std::string pin_held_by(git::GitRepository& repo, const std::string& revision, const std::string& dir) {
  auto text = repo.read_file(revision, dir + "/" + kHydratorMetadataFile);
  if (!text.ok()) return {};
  auto doc = parse_json(*text, dir + "/" + kHydratorMetadataFile);
  if (!doc.ok()) return {};
  const std::string dry = string_at(*doc, {"drySha"});
  return full_commit_id(dry) ? dry : std::string();
}

// The blob id of the directory's manifest.yaml in `revision`, "" when there is none.
std::string manifest_blob_of(git::GitRepository& repo, const std::string& revision, const std::string& dir) {
  auto entries = repo.list_tree(revision, dir, false);
  if (!entries.ok()) return {};
  for (const git::TreeEntry& e : *entries) {
    if (e.path == dir + "/" + kHydratedManifestFile) return e.oid;
  }
  return {};
}

// Argo CD syncs a directory source only when it is OutOfSync: a new pin whose manifests are the
// same bytes (a release that changes other clusters) is compared, Synced, and never applied
// again, so the last sync's commit still names the old pin. The cluster runs the pin's exact
// bytes all the same: count the applied revision as the pin when both commits hold one blob.
void carry_unchanged_bytes(git::GitRepository& repo, const std::string& dir, const std::string& compared_raw,
                           const std::string& applied_raw, const std::string& pin, AppObservation& seen) {
  if (seen.sync_status != "Synced" || seen.sync_revision != pin || seen.sync_result_revision == pin) return;
  if (compared_raw == applied_raw || !full_commit_id(applied_raw)) return;
  const std::string now = manifest_blob_of(repo, compared_raw, dir);
  if (now.empty() || now != manifest_blob_of(repo, applied_raw, dir)) return;
  if (seen.operation_revision == seen.sync_result_revision) seen.operation_revision = pin;
  seen.sync_result_revision = pin;
}

}  // namespace

std::size_t read_hydrated_revisions(git::GitRepository& repo, const std::string& app,
                                    const std::map<std::string, Pin>& pins, Observations& observations) {
  std::size_t rewritten = 0;
  std::map<std::string, std::string> known;  // revision -> pin, per cluster directory
  std::map<std::string, bool> holds_app;     // revision -> has an <app> directory (one lookup each)
  for (auto& [cluster, seen] : observations.by_cluster) {
    auto pin = pins.find(cluster);
    const std::string dir = hydrated_dir(app, cluster);
    const std::string compared_raw = seen.sync_revision, applied_raw = seen.sync_result_revision;
    for (std::string* revision : {&seen.sync_revision, &seen.operation_revision, &seen.sync_result_revision}) {
      if (revision->empty() || (pin != pins.end() && *revision == pin->second.revision)) continue;
      if (!full_commit_id(*revision)) continue;  // a branch name: nothing to read
      auto app_dir = holds_app.find(*revision);
      if (app_dir == holds_app.end()) app_dir = holds_app.emplace(*revision, repo.tree_id(*revision, app).ok()).first;
      if (!app_dir->second) continue;  // a commit of the tracked branch (plugin mode)
      const std::string key = *revision + " " + dir;
      auto found = known.find(key);
      if (found == known.end()) found = known.emplace(key, pin_held_by(repo, *revision, dir)).first;
      if (found->second.empty()) continue;
      *revision = found->second;
      ++rewritten;
    }
    if (pin != pins.end()) carry_unchanged_bytes(repo, dir, compared_raw, applied_raw, pin->second.revision, seen);
  }
  return rewritten;
}

}  // namespace fleetwave
