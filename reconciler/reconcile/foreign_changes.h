// Detects changes to .fleetwave/<app>/ that fleetwave did not make (a `git revert` of an
// advance, a hand edit), so the reconciler pauses instead of undoing a human decision.
//
// fleetwave's own commits carry a Fleetwave-App trailer. Above the newest of them on the
// branch's first-parent history, any commit that changed the app's directory is foreign, except
// an approval arriving by merge or squash: a change that only adds one wave to the approvals of
// the release waiting for it (what the approval branch holds).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "adapters/git/git_repository.h"
#include "base/result.h"
#include "rollout/rollout_engine.h"

namespace fleetwave {

struct HistoryEntry {
  std::string oid;
  std::string first_parent;  // "" for a root commit
  std::string subject;
  std::string app;     // Fleetwave-App trailer
  std::string action;  // Fleetwave-Action trailer
  std::string author;  // "Name <email>"
};

// The newest `max_commits` first-parent commits of the branch, read once per cycle.
class History {
 public:
  static Result<History> load(git::GitRepository& repo, const std::string& head, std::size_t max_commits);
  const std::vector<HistoryEntry>& entries() const { return entries_; }
  bool complete() const { return complete_; }  // reached the root commit

 private:
  std::vector<HistoryEntry> entries_;
  bool complete_ = false;
};

Result<std::optional<ForeignChange>> find_foreign_change(git::GitRepository& repo, const History& history,
                                                         const std::string& app);

// True when `after` is `before` with exactly one more approved wave and nothing else changed.
bool is_approval_of(const RolloutState& before, const RolloutState& after);

// Whether the commit changed .fleetwave/<app>/ compared with its first parent.
Result<bool> changes_app(git::GitRepository& repo, const HistoryEntry& entry, const std::string& app);

// A commit whose change to the app's directory is an approval arriving by merge or squash of
// the approval branch (no Fleetwave-App trailer of its own).
bool approval_commit(git::GitRepository& repo, const HistoryEntry& entry, const std::string& app);

}  // namespace fleetwave
