// Which people's steps count when approvals.allowedSigners is set: an approve, resume, promote
// or release-hold commit of an app (Fleetwave-Action), or a merge or squash bringing an approval
// (foreign_changes.h), counts only when it is signed by a key of the allowed-signers file. The
// reconciler's own commits bound the search: above an app's newest commit signed with the
// reconciler's own key (before its first one, or without its key: the newest reconciler-only step,
// start, advance, wait-*, complete, hold, reject) every such step is checked; the others are
// IgnoredSteps for the engine (rollout/ignored_steps.h). Unfreezes: freeze_trust.h, same verdicts.
//
// The allowed-signers file is a path in the repository, read at each cycle's head, or a mounted
// file given as an absolute path and read once at start.
//
// Single-threaded (one per Reconciler); verdicts are cached per commit and allowed-signers text.
#pragma once

#include <map>
#include <optional>
#include <string>

#include "adapters/git/git_repository.h"
#include "adapters/signing/allowed_signers.h"
#include "adapters/signing/signature_checker.h"
#include "reconcile/foreign_changes.h"
#include "rollout/ignored_steps.h"

namespace fleetwave {

struct TrustSettings {
  std::string allowed_signers;                         // the setting as given: a repository path or an absolute path
  std::optional<signing::AllowedSigners> mounted;      // set for an absolute path (read at start)
  signing::AllowedSigners own;                         // the reconciler's own public key, as an allowed-signers file
  const signing::SignatureChecker* checker = nullptr;  // not owned
};

class StepTrust {
 public:
  explicit StepTrust(TrustSettings settings) : settings_(std::move(settings)) {}

  // Reads the allowed signers for a cycle at `head`. A file in the repository that is missing
  // or does not parse is an InvalidInput error naming it, which every app then reports.
  Status<> start_cycle(git::GitRepository& repo, const std::string& head);

  // The steps of `app` that do not count; nullopt when every one does.
  Result<std::optional<IgnoredSteps>> check(git::GitRepository& repo, const History& history, const std::string& app);

  // Why the commit does not count ("not signed by a key in approvals.allowedSigners (unsigned)",
  // ...), or nullopt when an allowed key signed it.
  Result<std::optional<std::string>> why_untrusted(git::GitRepository& repo, const std::string& oid);

  // The index in history of the app's newest commit the reconciler made (see above; app "": of
  // any app); entries.size() when none.
  Result<std::size_t> boundary(git::GitRepository& repo, const History& history, const std::string& app);

 private:
  Result<signing::SignatureVerdict> verdict(git::GitRepository& repo, const std::string& oid,
                                            const signing::AllowedSigners& signers);

  TrustSettings settings_;
  std::optional<signing::AllowedSigners> allowed_;  // this cycle's
  std::optional<Error> load_error_;
  std::map<std::string, signing::SignatureVerdict> cache_;  // oid + hash of the signers' text -> verdict
};

// The actions that count only when signed: "approve", "resume", "promote", "release-hold",
// "unfreeze".
bool needs_signature(const std::string& action);

}  // namespace fleetwave
