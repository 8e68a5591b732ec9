// Unfreezes with approvals.allowedSigners: an unfreeze commit above the reconciler's newest
// signed commit (step_trust.h) that no allowed key signed does not count. The reconciler writes
// the freezes it lifted back into .fleetwave/freezes.yaml in one `reject` commit (the freezes at
// the head stay, so a later freeze is kept), before it plans any app: no app moves on an ignored
// unfreeze, and nothing falls silently out of the history window later.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "reconcile/step_trust.h"
#include "rollout/commit_message.h"
#include "rollout/freezes.h"

namespace fleetwave {

struct FreezeReject {
  std::vector<std::string> lines;  // newest first: "unfreeze in 1a2b3c4 by ...: not signed by ..."
  std::vector<Freeze> restored;    // the head's freezes, then those the ignored unfreezes lifted
  CommitMessage message;
};

// nullopt when every unfreeze above the boundary counts.
Result<std::optional<FreezeReject>> check_unfreezes(StepTrust& trust, git::GitRepository& repo, const History& history);

}  // namespace fleetwave
