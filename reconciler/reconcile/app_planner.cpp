#include "reconcile/app_planner.h"

#include "codec/yaml_codec.h"
#include "reconcile/app_steps/app_step.h"

namespace fleetwave {

Result<RolloutState> load_state(RepoSnapshot& snapshot, const std::string& app, const std::string& path) {
  FW_TRY(text, snapshot.read_optional(state_path(app)));
  if (!text) {
    RolloutState fresh;
    fresh.app = app;
    fresh.path = path;
    return fresh;
  }
  const std::string file = state_path(app);
  const RolloutState* known = snapshot.cache().parsed_state(file, *text);
  if (known == nullptr) {
    FW_TRY(parsed, parse_state(*text, file));
    auto shared = std::make_shared<const RolloutState>(std::move(parsed));
    known = shared.get();
    snapshot.cache().remember_state(file, std::move(*text), std::move(shared));
  }
  RolloutState state = *known;
  state.path = path;  // the app may have moved; its WavePlan's directory is authoritative
  return state;
}

Result<std::vector<Freeze>> load_freezes(RepoSnapshot& snapshot) {
  FW_TRY(text, snapshot.read_optional(freezes_path()));
  if (!text) return std::vector<Freeze>{};
  return parse_freezes(*text, freezes_path());
}

Result<std::vector<Cordon>> load_cordons(RepoSnapshot& snapshot) {
  // Asked per app per cycle: the blob id is already known from the input digest, so a fleet
  // without cordons costs no tree walk here.
  FW_TRY(blob, snapshot.cordons_blob());
  if (blob.empty()) return std::vector<Cordon>{};
  FW_TRY(text, snapshot.read_optional(kCordonsPath));
  if (!text) return std::vector<Cordon>{};
  return parse_cordons_file(*text);
}

PlannedApp AppPlanner::plan(const AppDefinition& app, const std::string& head, const History& history,
                            std::int64_t now_ms, std::map<std::string, Observations>& observation_cache) {
  // The steps fill in the rest (in, the reaches, inventory, out).
  AppContext ctx{app,       apps_,     head,
                 history,   repo_,     blobs_,
                 renders_,  observer_, observation_cache,
                 analysis_, trust_,    RepoSnapshot(repo_, blobs_, head)};
  ctx.out.report.app = app.name;
  ctx.out.report.path = app.path;
  if (!app.plan) {
    ctx.out.report.errors = app.errors;
    // A broken WavePlan hides nothing that is known: the state in Git (stable release, release
    // in flight, pins) is still shown beside the error; nothing is stepped.
    auto state = load_state(ctx.snapshot, app.name, app.path);
    if (state.ok()) ctx.out.report.state = std::move(state).value();
    return std::move(ctx.out);
  }
  ctx.out.plan = &*app.plan;
  ctx.in.now_ms = now_ms;
  for (const AppStep& step : app_steps()) {
    if (step.run(ctx) == StepOutcome::Stop) break;
  }
  ctx.out.report.observations = std::move(ctx.in.observations);  // what the observe step saw, if it ran
  return std::move(ctx.out);
}

std::vector<std::string> AppPlanner::names_of_planned(const std::vector<AppDefinition>& apps) {
  std::vector<std::string> names;
  for (const AppDefinition& app : apps) {
    if (app.plan) names.push_back(app.name);  // only an app with a WavePlan reaches the observe step
  }
  return names;
}

std::optional<WaveAssignment> waves_at_head(git::GitRepository& repo, BlobCache& blobs, ReachCache& renders,
                                            const AppDefinition& app, const std::string& head, ErrorList* warnings) {
  if (!app.plan) return std::nullopt;
  RepoSnapshot snapshot(repo, blobs, head);
  auto reach = renders.reach(snapshot, app.path);
  if (!reach.ok()) return std::nullopt;
  if (warnings != nullptr) *warnings = (*reach)->warnings;
  auto waves = assign_waves(*app.plan, (*reach)->clusters, (*reach)->inventory);
  return waves.ok() ? std::optional<WaveAssignment>(*waves) : std::nullopt;
}

}  // namespace fleetwave
