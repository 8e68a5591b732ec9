// check-deletions: what the candidate release deletes from each cluster the stable release
// reached, for the deletion-guard gate. Only while a release is due or in flight after a stable
// one; the renders are cached by the pair of digests, so this costs once per release. Clusters
// cordoned at the candidate are left out.
#include "reconcile/app_steps/app_step.h"

namespace fleetwave {

StepOutcome check_deletions_step(AppContext& ctx) {
  EngineInput& in = ctx.in;
  const RolloutState& s = in.state;
  if (s.stable_revision.empty() || in.head_inputs == s.stable_inputs || ctx.candidate_revision.empty() ||
      !ctx.app.plan) {
    return StepOutcome::Continue;
  }
  RepoSnapshot stable(ctx.repo, ctx.blobs, s.stable_revision);
  RepoSnapshot other(ctx.repo, ctx.blobs, ctx.candidate_revision);
  RepoSnapshot& candidate = ctx.candidate_revision == ctx.head ? ctx.snapshot : other;
  in.deletions = *ctx.renders.deletions(stable, candidate, ctx.app.path, ctx.app.plan->deletion_guard);
  // What leaves a cordoned cluster is the cordon's purpose (its replicas move to the others), not
  // a mistake the guard is for. An unreadable overlay fails the render, so the wave waits anyway.
  auto cordons = load_cordons(candidate);
  if (cordons.ok() && !cordons->empty()) {
    std::erase_if(in.deletions, [&](const ClusterDeletions& d) { return find_cordon(*cordons, d.cluster) != nullptr; });
  }
  return StepOutcome::Continue;
}

}  // namespace fleetwave
