// observe: what the observers (Argo CD today) report about the app's clusters, asked once per
// app per cycle. A rejected token or an untrusted certificate will not fix itself: it is an
// error of the app, not just "unreachable". In hydrated mode the revisions Argo CD reports are
// hydrated commits, read back to the pins they hold (hydration/hydrated_revisions.h).
#include "reconcile/app_steps/app_step.h"
#include "reconcile/hydration/hydrated_revisions.h"

namespace fleetwave {

StepOutcome observe_step(AppContext& ctx) {
  auto cached = ctx.observation_cache.find(ctx.app.name);
  if (cached == ctx.observation_cache.end()) {
    Observations fresh;
    ctx.observer.observe(ctx.app.name, fresh);
    cached = ctx.observation_cache.emplace(ctx.app.name, std::move(fresh)).first;
  }
  // Hydrated mode: Applications report hydrated commits; read back the pins they hold (also of
  // answers read before planning, and again on a retry's head: the pins may have moved).
  // The report gets these when planning ends (AppPlanner::plan): one copy of the answers per app.
  ctx.in.observations = cached->second;
  read_hydrated_revisions(ctx.repo, ctx.app.name, ctx.in.state.pins, ctx.in.observations);
  // Several Applications on one cluster: the verdict follows one of them, and the app says which.
  for (const std::string& duplicate : ctx.in.observations.duplicates) {
    ctx.out.report.warnings.push_back(invalid_input(duplicate + " (give each cluster one Application of the app)"));
  }
  if (!ctx.in.observations.reachable && ctx.in.observations.error_kind == ErrorKind::InvalidInput) {
    ctx.out.report.errors.push_back(invalid_input("cannot observe Argo CD: " + ctx.in.observations.error));
  }
  return StepOutcome::Continue;
}

}  // namespace fleetwave
