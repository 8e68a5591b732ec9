#include "app/app_planner.h"

#include <algorithm>
#include <set>

namespace fleetwave {
namespace {

Error with_file(Error e, const std::string& file) {
  if (e.pos.file.empty()) e.pos.file = file;
  return e;
}

// Clusters and inventory from the candidate's render plus what only the stable one reaches.
void merge_reach(const AppReach* candidate, const AppReach* stable, std::vector<std::string>& clusters,
                 std::vector<Cluster>& inventory, std::map<std::string, std::string>& servers) {
  std::set<std::string> names;
  for (const AppReach* r : {candidate, stable}) {
    if (r == nullptr) continue;
    for (const std::string& c : r->clusters) names.insert(c);
    for (const Cluster& c : r->inventory) {
      if (servers.emplace(c.name, destination_of(c)).second) inventory.push_back(c);
    }
  }
  clusters.assign(names.begin(), names.end());
}

}  // namespace

Result<RolloutState> load_state(RepoSnapshot& snapshot, const std::string& app, const std::string& path) {
  FW_TRY(text, snapshot.read_optional(state_path(app)));
  if (!text) {
    RolloutState fresh;
    fresh.app = app;
    fresh.path = path;
    return fresh;
  }
  FW_TRY(state, parse_state(*text, state_path(app)));
  state.path = path;  // the app may have moved; its WavePlan's directory is authoritative
  return state;
}

PlannedApp AppPlanner::plan(const AppDefinition& app, const std::string& head, const History& history,
                            std::int64_t now_ms, std::map<std::string, Observations>& observation_cache) {
  PlannedApp out;
  AppReport& report = out.report;
  report.app = app.name;
  report.path = app.path;
  if (!app.plan) {
    report.errors = app.errors;
    return out;
  }
  out.plan = &*app.plan;
  RepoSnapshot snapshot(repo_, blobs_, head);
  auto state = load_state(snapshot, app.name, app.path);
  auto digest = snapshot.input_digest(app.path);
  auto foreign = find_foreign_change(repo_, history, app.name);
  for (const Error* e : {state.ok() ? nullptr : &state.error(), digest.ok() ? nullptr : &digest.error(),
                         foreign.ok() ? nullptr : &foreign.error()}) {
    if (e != nullptr) report.errors.push_back(*e);
  }
  if (!report.errors.empty()) return out;
  report.state = *state;

  EngineInput in;
  in.plan = &*app.plan;
  in.state = *state;
  in.head_revision = head;
  in.head_inputs = *digest;
  in.foreign_change = *foreign;
  in.now_ms = now_ms;
  const bool idle =
      !in.foreign_change && !in.state.paused && !in.state.release && in.head_inputs == in.state.stable_inputs;
  if (idle) return out;  // up to date: no render, no Argo CD call

  // Reach at the candidate (the head) and at the stable release.
  auto candidate = renders_.reach(snapshot, app.path);
  if (!candidate.ok()) {
    for (const Error& e : candidate.error()) report.errors.push_back(with_file(e, app.path));
    // A head that does not render is never started; a release already in flight continues.
    if (!in.state.release) return out;
    in.head_inputs = in.state.release->inputs;
  }
  std::shared_ptr<const AppReach> stable;
  if (!in.state.stable_revision.empty() && in.state.stable_inputs != in.head_inputs) {
    RepoSnapshot stable_snapshot(repo_, blobs_, in.state.stable_revision);
    auto r = renders_.reach(stable_snapshot, app.path);
    if (r.ok()) stable = *r;  // a stable release that no longer renders contributes nothing
  }
  std::shared_ptr<const AppReach> head_reach = candidate.ok() ? *candidate : nullptr;
  if (head_reach) report.warnings = head_reach->warnings;
  if (!head_reach && in.state.release) {
    RepoSnapshot release_snapshot(repo_, blobs_, in.state.release->revision);
    auto r = renders_.reach(release_snapshot, app.path);
    if (r.ok()) head_reach = *r;
  }
  std::vector<Cluster> inventory;
  std::vector<std::string> all_clusters;
  merge_reach(head_reach.get(), stable.get(), all_clusters, inventory, in.servers);
  in.candidate_clusters = head_reach ? head_reach->clusters : all_clusters;
  auto waves = assign_waves(*app.plan, all_clusters, inventory);
  if (!waves.ok()) {
    report.errors.push_back(with_file(waves.error(), app.plan_file));
    return out;
  }
  in.waves = *waves;
  report.waves = *waves;

  auto cached = observation_cache.find(app.name);
  if (cached == observation_cache.end()) {
    cached = observation_cache
                 .emplace(app.name, observations_from(argocd_.list_applications("fleetwave.io/app=" + app.name)))
                 .first;
  }
  in.observations = cached->second;
  report.observations = cached->second;
  if (!in.observations.reachable && in.observations.error_kind == ErrorKind::InvalidInput) {
    // A rejected token or an untrusted certificate will not fix itself: say so loudly.
    report.errors.push_back(invalid_input("cannot observe Argo CD: " + in.observations.error));
  }

  Decision decision = decide(in);
  report.blocked = decision.blocked;
  if (decision.step) {
    report.action = decision.step->action;
    report.subject = decision.step->message.subject;
    out.step = std::move(decision.step);
  }
  return out;
}

std::optional<WaveAssignment> waves_at_head(git::GitRepository& repo, BlobCache& blobs, RenderCache& renders,
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
