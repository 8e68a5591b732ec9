// Which changes count when approvals.allowedSigners is set. Trust comes from signatures, never
// from what a commit's message or trailers say: a commit that changes an app's rollout state
// (.fleetwave/<app>/) or the fleet's controls (freezes, cordons) counts only when an allowed key
// or the reconciler's own key signed it, or when its diff only stops things (a pause, a new
// freeze; rollout/guarded_change.h classifies diffs).
//
// The chain is verified commit by commit (first parents) back to the last commit the reconciler
// signed -- for an app, its newest own signed commit of that app; for the controls, its newest
// own signed commit of any kind -- with no fixed window, so no number of commits on top hides a
// change. Before the reconciler's first signed commit of an app, verification starts at that
// app's newest reconciler step (start, advance, wait-*, complete, hold, reject): verification was
// off until then. A head whose chain verified clean is remembered, so a later cycle reads only the
// commits above it.
//
// The allowed-signers file is a path in the repository, read at each cycle's head, or a mounted
// file given as an absolute path and read once at start.
//
// Single-threaded (one per Reconciler); verdicts and commits read are cached.
#pragma once

#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "adapters/git/git_repository.h"
#include "adapters/signing/allowed_signers.h"
#include "adapters/signing/signature_checker.h"
#include "rollout/guarded_change.h"
#include "rollout/ignored_steps.h"

namespace fleetwave {

struct TrustSettings {
  std::string allowed_signers;                         // the setting as given: a repository path or an absolute path
  std::optional<signing::AllowedSigners> mounted;      // set for an absolute path (read at start)
  signing::AllowedSigners own;                         // the reconciler's own public key, as an allowed-signers file
  const signing::SignatureChecker* checker = nullptr;  // not owned
};

// An ignored change of the fleet's controls: one commit's freezes or cordons before and after.
struct IgnoredControl {
  std::string line;  // "unfreeze in 1a2b3c4 by Eve <eve@x>: not signed by ..."
  std::string oid;
  std::string what;  // "unfreeze", "cordon", "uncordon"
  std::optional<ControlDiff<Freeze>> freezes;
  std::optional<ControlDiff<Cordon>> cordons;
};

// The fleet's controls as `commit` holds them ("" commit: none). A missing file, or one that does
// not parse, holds none: it stops nothing, and whoever lifts it is judged by what it held before.
Result<std::vector<Freeze>> freezes_at(git::GitRepository& repo, const std::string& commit);
Result<std::vector<Cordon>> cordons_at(git::GitRepository& repo, const std::string& commit);

class StepTrust {
 public:
  explicit StepTrust(TrustSettings settings) : settings_(std::move(settings)) {}

  // Reads the allowed signers for a cycle at `head`. A file in the repository that is missing
  // or does not parse is an InvalidInput error naming it, which every app then reports.
  Status<> start_cycle(git::GitRepository& repo, const std::string& head);
  bool started() const { return allowed_.has_value() && !load_error_; }

  // The app's changes that do not count; nullopt when every one does.
  Result<std::optional<IgnoredSteps>> check(git::GitRepository& repo, const std::string& head, const std::string& app);

  // The changes of the fleet's controls that do not count, newest first.
  Result<std::vector<IgnoredControl>> check_controls(git::GitRepository& repo, const std::string& head);

  // Why the commit does not count ("not signed by a key in approvals.allowedSigners (unsigned)",
  // ...), or nullopt when an allowed key or the reconciler's own key signed it.
  Result<std::optional<std::string>> why_untrusted(git::GitRepository& repo, const std::string& oid);

 private:
  struct Commit {
    std::string oid;
    std::string first_parent;  // "" for a root commit
    std::string app;           // Fleetwave-App trailer (claimed, not trusted)
    std::string action;        // Fleetwave-Action trailer (claimed, not trusted)
    std::string author;        // "Name <email>"
    std::string state_tree;    // tree id of .fleetwave ("" when missing)
  };
  struct Found {
    const Commit* commit;
    GuardedChange change;
  };

  Result<const Commit*> read_commit(git::GitRepository& repo, const std::string& oid);
  Result<signing::SignatureVerdict> verdict(git::GitRepository& repo, const std::string& oid,
                                            const signing::AllowedSigners& signers);
  Result<bool> signed_by_reconciler(git::GitRepository& repo, const std::string& oid);
  // The guarded changes of the app above its anchor, newest first.
  Result<std::vector<Found>> app_changes(git::GitRepository& repo, const std::string& head, const std::string& app);
  Result<std::optional<GuardedChange>> app_change(git::GitRepository& repo, const Commit& c, const std::string& app);
  Result<std::vector<IgnoredControl>> control_changes(git::GitRepository& repo, const Commit& c);
  std::string signers_key() const;

  TrustSettings settings_;
  std::optional<signing::AllowedSigners> allowed_;  // this cycle's
  std::optional<Error> load_error_;
  std::map<std::string, signing::SignatureVerdict> verdicts_;  // oid + hash of the signers' text -> verdict
  std::map<std::string, Commit> commits_;
  std::map<std::string, std::string> verified_;  // app ("" for the controls) + signers' hash -> head verified clean
};

}  // namespace fleetwave
