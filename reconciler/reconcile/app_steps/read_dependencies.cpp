// read-dependencies: where each app of spec.dependsOn stands at the head, for the dependencies
// gate. Read from the same commit as the app itself, so one cycle sees one consistent fleet.
#include "reconcile/app_steps/app_step.h"
#include "rollout/messages.h"

namespace fleetwave {
namespace {

DependencyStatus dependency_status(AppContext& ctx, const std::string& name) {
  DependencyStatus status;
  status.app = name;
  const AppDefinition* dep = nullptr;
  for (const AppDefinition& a : ctx.apps) {
    if (a.name == name) dep = &a;
  }
  if (dep == nullptr || !dep->plan) {
    status.detail = dep == nullptr ? "no such app" : "its WavePlan is invalid";
    return status;
  }
  auto state = load_state(ctx.snapshot, dep->name, dep->path);
  auto digest = ctx.snapshot.input_digest(dep->path);
  if (!state.ok() || !digest.ok()) {
    status.detail = "its state cannot be read: " + (state.ok() ? digest.error() : state.error()).message;
    return status;
  }
  if (const std::optional<ReleaseState>& r = state->release) {
    status.release = r->revision;
    if (r->phase == ReleasePhase::Held) {
      status.detail = "release " + short_sha(r->revision) + " is held: " + r->reason;
    } else if (r->inputs != *digest) {
      status.detail = "a newer release is about to replace " + short_sha(r->revision);
    } else {
      const WavePlan& plan = *dep->plan;
      for (std::size_t i = 0; i < r->wave && i < plan.waves.size(); ++i)
        status.completed_waves.push_back(plan.waves[i].name);
      status.detail = "release " + short_sha(r->revision) +
                      (r->wave < plan.waves.size() ? " is at wave " + wave_label(plan, r->wave) : " is completing");
    }
    if (state->paused) status.detail += ", paused";
    return status;
  }
  if (*digest != state->stable_inputs) {
    status.detail = "its release of " + short_sha(ctx.head) + " has not started" + (state->paused ? " (paused)" : "");
    return status;
  }
  status.stable = true;
  return status;
}

}  // namespace

StepOutcome read_dependencies_step(AppContext& ctx) {
  for (const std::string& name : ctx.app.plan->depends_on) ctx.in.dependencies.push_back(dependency_status(ctx, name));
  return StepOutcome::Continue;
}

}  // namespace fleetwave
