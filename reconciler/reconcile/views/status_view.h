// The status document of `fleetwave status --output json`, and later of `GET /api/v1/apps`:
// pure (no I/O), built from what AppPlanner reports. Keys are sorted (Json is std::map based)
// and every key is always present, so the shape is stable:
//
// {
//   "branch": "main",                 tracked branch ("HEAD" in a checkout without --branch)
//   "head": "<40-hex>",               the commit the status was computed at
//   "apps": [ {                       sorted by app
//     "app": "shop", "path": "apps/shop",
//     "phase": "New|Stable|Progressing|WaitingApproval|Held|Paused|Frozen|Unknown",
//     "paused": false, "pauseReason": "",
//     "stable": "<40-hex>|\"\"",      last fully rolled-out release
//     "release": "<40-hex>|\"\"",     release in flight
//     "releaseWave": "europe|\"\"", "releaseStartedAt": "RFC 3339|\"\"",
//     "approvals": ["europe"], "heldReason": "",
//     "blocked": "why nothing moves (\"\" when it can move or is up to date)",
//     "next": {"action": "advance", "subject": "fleetwave(shop): ..."} | null,   the step a
//                                     reconcile would take now
//     "errors": ["file:line:col: field: message", ...],
//     "warnings": ["file:line:col: field: message", ...],   valid input that is almost certainly
//                                     a mistake (a label selector that matches nothing)
//     "ignored": ["approve in 1a2b3c4 by ...: not signed by a key in approvals.allowedSigners
//                 (unsigned)"],      steps that do not count (docs/operations.md)
//     "argocd": {"configured": bool, "reachable": bool, "error": ""},
//     "waves": [ {
//       "index": 1, "name": "canary", "current": bool,     current = the release's wave
//       "maxConcurrency": "25%", "maxFailures": "1", "minSuccessTime": "10m",
//       "progressDeadline": "30m|\"\"", "approval": "required|none", "approved": bool,
//       "clusters": [ {"cluster": "eu-1", "revision": "<40-hex>|\"\"", "server": "...",
//                      "pinnedAt": "RFC 3339|\"\"",
//                      "verdict": "done|pending|failed|unknown|\"\"", "detail": "",
//                      "held": "reason|\"\"", "cordoned": "cordoned by ... since ...|\"\"",
//                      "healthySince": "RFC 3339|\"\""} ]   verdict, detail and healthySince (when
//                                     the sync of the pin finished, for done) only with Argo CD
//                                     configured and a pin
//     } ],
//     "otherClusters": [ ...same cluster shape... ]  pinned clusters no wave holds any more
//   } ],
//   "warnings": ["branch main is 2 commit(s) behind origin/main ..."],   about the checkout
//                                     (`fleetwave status` without --repo); [] otherwise
//   "cordons": [ {"cluster": "eu-2", "taint": "key[=value]:Effect", "reason": "", "by": "",
//                 "since": "RFC 3339", "automatic": bool} ],
//   "approvalRules": {"allowedReviewers": ["alice"], "signedCommitsOnly": bool}   whose approval
//                                     counts (approvals.allowedReviewers, approvals.allowedSigners)
// }
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "base/json.h"
#include "reconcile/app_planner.h"

namespace fleetwave {

struct AppStatusInput {
  AppReport report;                     // AppPlanner's report at the head (state, waves, blocked, errors, step)
  const WavePlan* plan = nullptr;       // nullptr when the WavePlan is invalid
  std::optional<WaveAssignment> waves;  // clusters per wave (report.waves, or computed for an idle app)
  bool argocd_configured = false;
  Observations observations;                     // what Argo CD reported (with argocd_configured)
  const std::vector<Cordon>* cordons = nullptr;  // at the head (.fleetwave/cordons.yaml)
  bool frozen = false;                           // a freeze in force stops the app (.fleetwave/freezes.yaml)
};

Json app_status_json(const AppStatusInput& input);

// Whose approval of a gated wave counts (docs/approvals.md), so a status can say whom it waits for.
struct ApprovalRules {
  std::vector<std::string> reviewers;  // approvals.allowedReviewers; empty: any reviewer's
  bool signed_only = false;            // approvals.allowedSigners: approve and merge commits must be signed
};

Json status_document(const std::string& branch, const std::string& head, const std::vector<AppStatusInput>& apps,
                     const std::vector<Cordon>& cordons = {}, const ApprovalRules& rules = {});

}  // namespace fleetwave
