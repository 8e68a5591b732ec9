// Which approval request a step of the wave engine concerns, and what to tell its reviewers
// (pure). The reconciler comments only for steps it pushed itself, so each transition is
// commented once even with several reconcilers racing.
#pragma once

#include <optional>
#include <string>

#include "rollout/rollout_engine.h"

namespace fleetwave {

struct ApprovalOutcome {
  std::string wave;    // whose request: fleetwave/approve/<app>/<release7>/<wave>
  std::string what;    // a sentence for the comment, e.g. "wave europe started"
  bool close = false;  // the request is moot (release superseded or rolled back while waiting)
};

// For a step taken from `before` (the state at the head):
//   waiting for an unapproved gated wave W, then pause/resume     -> "paused" / "resumed"
//   ... then anything else (rollback, a newer release, ...)       -> "no longer needed: ...", close
//   waiting for an approved W, then advance                       -> "wave W started"
//   in W, then another batch of W                                 -> nothing
//   in W, then the next wave starts (or waits for approval)       -> "wave W is done; ..."
//   in W, then complete / rollback / hold / pause / newer release -> "wave W: <what happened>"
// nullopt for approve steps (commented where they are made) and for waves without approval.
std::optional<ApprovalOutcome> approval_outcome(const WavePlan& plan, const RolloutState& before, const Step& step);

}  // namespace fleetwave
