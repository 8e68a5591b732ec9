// The fleet's controls with approvals.allowedSigners: a change of .fleetwave/freezes.yaml or
// .fleetwave/cordons.yaml that neither an allowed key nor the reconciler's own key signed (an
// unfreeze, a cordon, an uncordon -- judged by the diff; a new freeze counts unsigned) is undone
// in one `reject` commit before any app is planned: the freezes it lifted are written back, the
// cordons it added are removed and those it removed restored, on top of the head's files (later
// changes stay). No app moves on an ignored change, and no number of commits hides one
// (reconcile/step_trust.h walks back to the reconciler's newest signed commit).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "reconcile/step_trust.h"
#include "rollout/commit_message.h"

namespace fleetwave {

struct ControlsReject {
  std::vector<std::string> lines;              // newest first: "unfreeze in 1a2b3c4 by ...: not signed by ..."
  std::optional<std::vector<Freeze>> freezes;  // the freezes file to write (nullopt: unchanged)
  std::optional<std::vector<Cordon>> cordons;  // the cordons file to write (nullopt: unchanged)
  CommitMessage message;
};

// nullopt when every change of the controls above the reconciler's newest signed commit counts.
Result<std::optional<ControlsReject>> check_controls(StepTrust& trust, git::GitRepository& repo,
                                                     const std::string& head);

}  // namespace fleetwave
