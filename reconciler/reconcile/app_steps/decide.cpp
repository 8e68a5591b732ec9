// decide: the wave engine's next step (rollout/rollout_engine.h), or why nothing moves.
#include "reconcile/app_steps/app_step.h"

namespace fleetwave {

StepOutcome decide_step(AppContext& ctx) {
  Decision decision = decide(ctx.in);
  AppReport& report = ctx.out.report;
  report.blocked = decision.blocked;
  report.blocked_by = decision.blocked_by;
  if (decision.step) {
    report.action = decision.step->action;
    report.subject = decision.step->message.subject;
    ctx.out.step = std::move(decision.step);
  }
  return StepOutcome::Stop;
}

}  // namespace fleetwave
