#include "reconcile/foreign_changes.h"

#include <algorithm>

#include "rollout/commit_message.h"

namespace fleetwave {
namespace {

Result<std::string> tree_or_empty(git::GitRepository& repo, const std::string& commit, const std::string& path) {
  if (commit.empty()) return std::string();
  auto id = repo.tree_id(commit, path);
  if (!id.ok() && id.error().kind == ErrorKind::NotFound) return std::string();
  return id;
}

std::optional<RolloutState> state_at(git::GitRepository& repo, const std::string& commit, const std::string& app) {
  auto text = repo.read_file(commit, state_path(app));
  if (!text.ok()) return std::nullopt;
  auto state = parse_state(*text, state_path(app));
  if (!state.ok()) return std::nullopt;
  return std::move(state).value();
}

}  // namespace

bool approval_commit(git::GitRepository& repo, const HistoryEntry& e, const std::string& app) {
  if (e.first_parent.empty()) return false;
  auto before = state_at(repo, e.first_parent, app);
  auto after = state_at(repo, e.oid, app);
  if (!before || !after || !is_approval_of(*before, *after)) return false;
  auto targets_before = repo.read_file(e.first_parent, targets_path(app));
  auto targets_after = repo.read_file(e.oid, targets_path(app));
  return targets_before.ok() && targets_after.ok() && *targets_before == *targets_after;
}

Result<bool> changes_app(git::GitRepository& repo, const HistoryEntry& entry, const std::string& app) {
  const std::string dir = ".fleetwave/" + app;
  FW_TRY(after, tree_or_empty(repo, entry.oid, dir));
  FW_TRY(before, tree_or_empty(repo, entry.first_parent, dir));
  return after != before;
}

Result<History> History::load(git::GitRepository& repo, const std::string& head, std::size_t max_commits) {
  History h;
  FW_TRY(oids, repo.first_parent_log(head, "", max_commits));
  for (const std::string& oid : oids) {
    FW_TRY(info, repo.commit_info(oid));
    HistoryEntry e;
    e.oid = oid;
    e.first_parent = info.parents.empty() ? "" : info.parents.front();
    e.subject = info.message.substr(0, info.message.find('\n'));
    e.author = info.author.name + " <" + info.author.email + ">";
    for (const auto& [k, v] : parse_trailers(info.message)) {
      if (k == "Fleetwave-App") e.app = v;
      if (k == "Fleetwave-Action") e.action = v;
    }
    h.entries_.push_back(std::move(e));
  }
  h.complete_ = !h.entries_.empty() && h.entries_.back().first_parent.empty();
  return h;
}

bool is_approval_of(const RolloutState& before, const RolloutState& after) {
  if (!before.release || !after.release) return false;
  const auto& a = before.release->approvals;
  const auto& b = after.release->approvals;
  if (b.size() != a.size() + 1 || !std::includes(b.begin(), b.end(), a.begin(), a.end())) return false;
  RolloutState expected = before;
  expected.release->approvals = b;
  return expected == after;
}

Result<std::optional<ForeignChange>> find_foreign_change(git::GitRepository& repo, const History& history,
                                                         const std::string& app) {
  const auto& entries = history.entries();
  if (entries.empty()) return std::optional<ForeignChange>();
  const std::string dir = ".fleetwave/" + app;
  auto boundary = std::find_if(entries.begin(), entries.end(), [&](const HistoryEntry& e) { return e.app == app; });
  // Compare the head with fleetwave's last write (or the oldest commit we looked at).
  std::string base = boundary != entries.end() ? boundary->oid : history.complete() ? "" : entries.back().oid;
  FW_TRY(head_tree, tree_or_empty(repo, entries.front().oid, dir));
  FW_TRY(base_tree, tree_or_empty(repo, base, dir));
  if (head_tree == base_tree) return std::optional<ForeignChange>();
  for (auto it = entries.begin(); it != boundary && it != entries.end(); ++it) {
    if (it->oid == base) break;
    FW_TRY(after, tree_or_empty(repo, it->oid, dir));
    FW_TRY(before, tree_or_empty(repo, it->first_parent, dir));
    if (after == before) continue;
    if (approval_commit(repo, *it, app)) continue;
    return std::optional<ForeignChange>(ForeignChange{it->oid, it->subject});
  }
  return std::optional<ForeignChange>();
}

}  // namespace fleetwave
