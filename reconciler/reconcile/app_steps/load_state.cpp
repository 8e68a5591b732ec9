// load-state: the app's rollout state, input digest, any foreign change and the freezes at the
// head. Every problem is reported (not only the first) before the app stops.
#include "reconcile/app_steps/app_step.h"

namespace fleetwave {

StepOutcome load_state_step(AppContext& ctx) {
  AppReport& report = ctx.out.report;
  auto state = load_state(ctx.snapshot, ctx.app.name, ctx.app.path);
  auto digest = ctx.snapshot.input_digest(ctx.app.path);
  auto foreign = find_foreign_change(ctx.repo, ctx.history, ctx.app.name);
  auto freezes = load_freezes(ctx.snapshot);
  for (const Error* e : {state.ok() ? nullptr : &state.error(), digest.ok() ? nullptr : &digest.error(),
                         foreign.ok() ? nullptr : &foreign.error(), freezes.ok() ? nullptr : &freezes.error()}) {
    if (e != nullptr) report.errors.push_back(*e);
  }
  if (!report.errors.empty()) return StepOutcome::Stop;
  report.state = *state;
  ctx.in.plan = &*ctx.app.plan;
  ctx.in.state = *state;
  ctx.in.head_revision = ctx.head;
  ctx.in.head_inputs = *digest;
  ctx.in.foreign_change = *foreign;
  ctx.in.freezes = std::move(freezes).value();
  return StepOutcome::Continue;
}

}  // namespace fleetwave
