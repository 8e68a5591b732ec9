// load-state: the app's rollout state, input digest, any foreign change and the freezes at the
// head. Every problem is reported (not only the first) before the app stops. With
// approvals.allowedSigners, changes no allowed key signed do not count: the state is read from
// before them, and the engine answers them right away (reconcile/step_trust.h,
// rollout/ignored_steps.h).
#include "reconcile/app_steps/app_step.h"

namespace fleetwave {

StepOutcome decide_step(AppContext& ctx);  // decide.cpp

namespace {

// The ignored changes of the app, and the state that counts instead of the head's: the one
// before the oldest of them.
Status<> apply_trust(AppContext& ctx, RolloutState& state) {
  if (ctx.trust == nullptr) return ok_status();
  FW_TRY(ignored, ctx.trust->check(ctx.repo, ctx.head, ctx.app.name));
  if (!ignored) return ok_status();
  ctx.out.report.ignored = ignored->lines;
  if (ignored->oldest_parent.empty()) {  // the repository's first commit: nothing counted before it
    state = RolloutState{};
    state.app = ctx.app.name;
    state.path = ctx.app.path;
  } else {
    RepoSnapshot before(ctx.repo, ctx.blobs, ignored->oldest_parent);
    FW_TRY(trusted, load_state(before, ctx.app.name, ctx.app.path));
    state = std::move(trusted);
  }
  ctx.in.ignored = std::move(ignored);
  return ok_status();
}

// How far back the commit that changed the inputs is looked for; past it the oldest commit
// looked at (whose inputs are still the head's) names the release.
constexpr std::size_t kInputWalk = 256;

// A release is named by the last commit that changed the app's inputs (issue 25, 9), not by
// whatever commit is the head when it starts (a hold or an approval pushed after the change):
// the first parents of the head, as long as the input digest stays the head's. Both render the
// same, so the pins are the same objects; only the name, its subject and author differ.
std::string release_commit(AppContext& ctx, const std::string& digest) {
  auto log = ctx.repo.first_parent_log(ctx.head, "", kInputWalk);
  if (!log.ok()) return ctx.head;
  std::string named = ctx.head;
  for (std::size_t i = 1; i < log->size(); ++i) {
    RepoSnapshot at(ctx.repo, ctx.blobs, (*log)[i]);
    auto inputs = at.input_digest(ctx.app.path);
    if (!inputs.ok() || *inputs != digest) break;
    named = (*log)[i];
  }
  return named;
}

// Whether the head's inputs would make a new release (the walk is paid only then).
bool inputs_are_new(const RolloutState& state, const std::string& digest) {
  if (state.release) return state.release->inputs != digest;
  return state.stable_inputs != digest;
}

}  // namespace

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
  if (auto trusted = apply_trust(ctx, *state); !trusted.ok()) {
    report.errors.push_back(trusted.error());
    return StepOutcome::Stop;
  }
  ctx.in.plan = &*ctx.app.plan;
  ctx.in.state = *state;
  ctx.in.head_revision = inputs_are_new(*state, *digest) ? release_commit(ctx, *digest) : ctx.head;
  ctx.in.head_inputs = *digest;
  ctx.in.foreign_change = *foreign;
  ctx.in.freezes = std::move(freezes).value();
  // Ignored steps are answered at once (reject or pause): that needs no render and no Argo CD.
  return ctx.in.ignored ? decide_step(ctx) : StepOutcome::Continue;
}

}  // namespace fleetwave
