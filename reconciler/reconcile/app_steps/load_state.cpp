// load-state: the app's rollout state, input digest and any foreign change at the head. Every
// problem is reported (not only the first) before the app stops.
#include "reconcile/app_steps/app_step.h"

namespace fleetwave {

StepOutcome load_state_step(AppContext& ctx) {
  AppReport& report = ctx.out.report;
  auto state = load_state(ctx.snapshot, ctx.app.name, ctx.app.path);
  auto digest = ctx.snapshot.input_digest(ctx.app.path);
  auto foreign = find_foreign_change(ctx.repo, ctx.history, ctx.app.name);
  for (const Error* e : {state.ok() ? nullptr : &state.error(), digest.ok() ? nullptr : &digest.error(),
                         foreign.ok() ? nullptr : &foreign.error()}) {
    if (e != nullptr) report.errors.push_back(*e);
  }
  if (!report.errors.empty()) return StepOutcome::Stop;
  report.state = *state;
  ctx.in.plan = &*ctx.app.plan;
  ctx.in.state = *state;
  ctx.in.head_revision = ctx.head;
  ctx.in.head_inputs = *digest;
  ctx.in.foreign_change = *foreign;
  return StepOutcome::Continue;
}

}  // namespace fleetwave
