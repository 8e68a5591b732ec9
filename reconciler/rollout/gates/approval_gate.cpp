// approval: a wave with `approval: required` starts only once the release carries an approval of
// it (an approve step: `fleetwave approve`, a merged approval branch, or a reviewed pull/merge
// request). The wait is recorded in Git (a wait-approval step) so people see what to do.
#include <algorithm>

#include "rollout/gates/wave_gate.h"

namespace fleetwave {

GateVerdict approval_gate(const GateContext& ctx) {
  if (fast_forwarded(*ctx.in.plan, ctx.release, ctx.index))
    return GateVerdict::pass("promoted to wave " + ctx.release.promoted_to + " by a person");
  if (!ctx.wave.approval_required) return GateVerdict::pass();
  const std::vector<std::string>& approvals = ctx.release.approvals;
  if (std::find(approvals.begin(), approvals.end(), ctx.wave.name) != approvals.end()) {
    return GateVerdict::pass("approved");
  }
  const std::string& app = ctx.in.state.app;
  const std::string how = "merge branch " + approval_branch_name(app, ctx.release.revision, ctx.wave.name) +
                          " or run `fleetwave approve " + app + " --wave " + ctx.wave.name + "`";
  return GateVerdict::wait_for_approval("waiting for approval of wave " + ctx.label + ": " + how,
                                        "needs an approval: " + how);
}

}  // namespace fleetwave
