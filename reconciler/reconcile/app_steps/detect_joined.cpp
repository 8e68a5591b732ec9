// detect-joined: while a release is in flight, a head whose only change is clusters added to the
// inventory makes the release continue at the head (rollout_engine.h, EngineInput::joined)
// instead of restarting every app's rollout from its first wave.
#include "reconcile/app_steps/app_step.h"

namespace fleetwave {

StepOutcome detect_joined_step(AppContext& ctx) {
  EngineInput& in = ctx.in;
  const std::optional<ReleaseState>& r = in.state.release;
  if (!r || r->phase != ReleasePhase::Progressing || !only_inventory_changed(r->inputs, in.head_inputs)) {
    return StepOutcome::Continue;
  }
  RepoSnapshot release(ctx.repo, ctx.blobs, r->revision);
  auto added = ctx.snapshot.clusters_added_since(release);
  if (added.ok() && *added) in.joined = std::move(**added);
  return StepOutcome::Continue;
}

}  // namespace fleetwave
