// read-windows: the RolloutWindows of policies/ at the head, the Cluster objects their cluster
// selectors match against and the app's namespace (the one its templates name at the release
// being moved, "" when they name several) their namespaces match, for the window gate. A broken
// RolloutWindows file is an error of every app with a release to move: no release moves on a
// schedule nobody can read.
#include "reconcile/app_steps/app_step.h"

namespace fleetwave {

StepOutcome read_windows_step(AppContext& ctx) {
  auto windows = ctx.snapshot.rollout_windows();
  if (!windows.ok()) {
    for (const Error& e : windows.error()) ctx.out.report.errors.push_back(e);
    return StepOutcome::Stop;
  }
  ctx.in.windows = std::move(windows).value();
  ctx.in.inventory = ctx.inventory;
  ctx.in.app_namespace = ctx.head_reach ? ctx.head_reach->workload_namespace : "";
  return StepOutcome::Continue;
}

}  // namespace fleetwave
