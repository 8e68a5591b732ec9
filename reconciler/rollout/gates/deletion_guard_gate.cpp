// deletion-guard: a wave whose clusters would lose workloads (or more objects than the plan's
// deletionGuard.maxDeletedObjects) at the release starts only once a person approved it, the
// same approval as `approval: required` (a merged approval branch, `fleetwave approve`, a
// reviewed request). The wait is recorded in Git and lists what would be deleted where.
#include <algorithm>

#include "rollout/gates/wave_gate.h"

namespace fleetwave {

GateVerdict deletion_guard_gate(const GateContext& ctx) {
  std::vector<const ClusterDeletions*> guarded;
  const std::vector<std::string>& wave_clusters = ctx.in.waves.clusters[ctx.index];
  for (const ClusterDeletions& d : ctx.in.deletions) {
    if (d.guard.empty() || !std::binary_search(wave_clusters.begin(), wave_clusters.end(), d.cluster)) continue;
    guarded.push_back(&d);
  }
  if (guarded.empty()) return GateVerdict::pass();
  const std::vector<std::string>& approvals = ctx.release.approvals;
  if (std::find(approvals.begin(), approvals.end(), ctx.wave.name) != approvals.end()) {
    return GateVerdict::pass("deletions approved");
  }
  const std::string& app = ctx.in.state.app;
  const std::string what = describe_deletions(guarded);
  const std::string how = "merge branch " + approval_branch_name(app, ctx.release.revision, ctx.wave.name) +
                          " or run `fleetwave approve " + app + " --wave " + ctx.wave.name + "`";
  return GateVerdict::wait_for_approval(
      "wave " + ctx.label + " would delete objects: " + what + "; to allow it, " + how,
      "needs an approval because the release deletes objects.\nWould delete: " + what + ".\nTo allow it, " + how);
}

}  // namespace fleetwave
