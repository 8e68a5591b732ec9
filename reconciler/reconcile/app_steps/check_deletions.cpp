// check-deletions: what the candidate release deletes from each cluster the stable release
// reached, for the deletion-guard gate. Only while a release is due or in flight after a stable
// one; the renders are cached by the pair of digests, so this costs once per release.
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
  return StepOutcome::Continue;
}

}  // namespace fleetwave
