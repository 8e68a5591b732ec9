#include "reconcile/approvals/approval_outcome.h"

#include <algorithm>

namespace fleetwave {

std::optional<ApprovalOutcome> approval_outcome(const WavePlan& plan, const RolloutState& before, const Step& step) {
  if (step.action == "approve" || !before.release) return std::nullopt;
  const ReleaseState& r = *before.release;
  if (r.wave >= plan.waves.size()) return std::nullopt;
  const std::string& wave = plan.waves[r.wave].name;
  const bool approved = std::find(r.approvals.begin(), r.approvals.end(), wave) != r.approvals.end();
  // Asked for: by the plan, or by a gate that waited for a person (the deletion guard).
  const bool asked = plan.waves[r.wave].approval_required || approved || r.phase == ReleasePhase::WaitingApproval;
  if (!asked) return std::nullopt;
  if (step.action == "reject") {  // approvals.allowedSigners: the request stays open for a signed approval
    return ApprovalOutcome{wave, step.message.trailer("Fleetwave-Evidence") + "; it is rejected and the wave waits",
                           false};
  }
  const ReleaseState* after = step.next.release ? &*step.next.release : nullptr;
  const bool same_release = after != nullptr && after->revision == r.revision;
  const bool moves = step.action == "advance" || step.action.rfind("wait-", 0) == 0;
  std::string happened = step.action;
  if (after != nullptr && !same_release) happened = "superseded by release " + short_sha(after->revision);

  if (r.phase == ReleasePhase::WaitingApproval && !approved) {
    if (step.action == "pause" || step.action == "resume") return ApprovalOutcome{wave, step.action + "d", false};
    return ApprovalOutcome{wave, "no longer needed: " + happened, true};
  }
  if (r.phase == ReleasePhase::WaitingApproval && same_release && moves) {
    return ApprovalOutcome{wave, "wave " + wave + " started", false};
  }
  if (same_release && moves && after->wave == r.wave) return std::nullopt;  // another batch of the wave
  if (same_release && moves) return ApprovalOutcome{wave, "wave " + wave + " is done; the rollout moved on", false};
  return ApprovalOutcome{wave, "wave " + wave + ": " + happened, false};
}

}  // namespace fleetwave
