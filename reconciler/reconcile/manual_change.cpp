#include "reconcile/manual_change.h"

#include <algorithm>
#include <array>

#include "adapters/git/text_diff.h"
#include "reconcile/app_discovery.h"
#include "reconcile/app_planner.h"
#include "reconcile/step_writer.h"
#include "rollout/manual_actions.h"

namespace fleetwave {
namespace {

using MakeManualStep = Result<Step> (*)(const ManualRequest&, const WavePlan&, const RolloutState&, std::int64_t);

struct ManualActionRow {
  ManualAction action;
  MakeManualStep make;
};

// One row per action; the CLI's commands (cli/app_step_commands.cpp) and the board's buttons
// take their steps from here.
const std::array<ManualActionRow, 7> kManualActions = {{
    {{"approve"},
     [](const ManualRequest& r, const WavePlan& plan, const RolloutState& state, std::int64_t) {
       return approve_step(plan, state, r.wave);
     }},
    {{"pause", true},
     [](const ManualRequest& r, const WavePlan& plan, const RolloutState& state, std::int64_t) {
       return pause_step(plan, state, r.reason);
     }},
    {{"resume"},
     [](const ManualRequest&, const WavePlan& plan, const RolloutState& state, std::int64_t now_ms) {
       return resume_step(plan, state, now_ms);
     }},
    {{"rollback", true},
     [](const ManualRequest& r, const WavePlan& plan, const RolloutState& state, std::int64_t now_ms) {
       return rollback_step(plan, state, r.reason, now_ms);
     }},
    {{"promote", true, false, true},
     [](const ManualRequest& r, const WavePlan& plan, const RolloutState& state, std::int64_t) {
       return promote_step(plan, state, r.wave, r.reason);
     }},
    {{"hold", true, true},
     [](const ManualRequest& r, const WavePlan& plan, const RolloutState& state, std::int64_t now_ms) {
       return hold_clusters_step(plan, state, r.clusters, r.reason, now_ms);
     }},
    {{"release-hold", false, true},
     [](const ManualRequest& r, const WavePlan& plan, const RolloutState& state, std::int64_t) {
       return release_hold_step(plan, state, r.clusters);
     }},
}};

const std::array<ManualAction, 7> kManualActionNames = [] {
  std::array<ManualAction, 7> out;
  for (std::size_t i = 0; i < kManualActions.size(); ++i) out[i] = kManualActions[i].action;
  return out;
}();

}  // namespace

std::span<const ManualAction> manual_actions() { return kManualActionNames; }

const ManualAction* find_manual_action(std::string_view name) {
  for (const ManualAction& a : kManualActionNames) {
    if (a.name == name) return &a;
  }
  return nullptr;
}

Result<Step> make_manual_step(const ManualRequest& request, const WavePlan& plan, const RolloutState& state,
                              std::int64_t now_ms) {
  for (const ManualActionRow& row : kManualActions) {
    if (row.action.name != request.action) continue;
    if (row.action.needs_reason && request.reason.empty()) return invalid_input(request.action + " needs a reason");
    if (row.action.takes_clusters && request.clusters.empty())
      return invalid_input(request.action + " needs at least one cluster");
    return row.make(request, plan, state, now_ms);
  }
  return invalid_input("unknown action \"" + request.action +
                       "\" (expected approve, pause, resume, rollback, promote, hold or release-hold)");
}

Result<PreparedStep> prepare_manual_step(git::GitRepository& repo, BlobCache& blobs, const std::string& head,
                                         const std::string& app_name, const ManualStepMaker& make) {
  AppDiscovery discovery;
  auto apps = discovery.discover(repo, blobs, head);
  if (!apps.ok()) return apps.error().with_context("finding apps at " + short_sha(head));
  std::string names;
  for (const AppDefinition& app : *apps) {
    if (app.name != app_name) {
      names += (names.empty() ? "" : ", ") + app.name;
      continue;
    }
    if (!app.plan) {
      Error e = app.errors.empty() ? invalid_input("invalid WavePlan") : app.errors.front();
      return e.with_context("app " + app_name + " has an invalid WavePlan");
    }
    RepoSnapshot snapshot(repo, blobs, head);
    FW_TRY(state, load_state(snapshot, app.name, app.path));
    FW_TRY(step, make(*app.plan, state));
    std::vector<git::FileChange> changes = step_changes(step);
    return PreparedStep{std::move(step), std::move(changes)};
  }
  std::string known = names.empty() ? "there is no WavePlan in the repository" : "apps: " + names;
  return not_found("unknown app \"" + app_name + "\" at " + short_sha(head) + " (" + known + ")");
}

std::vector<std::string> clusters_unpinned(git::GitRepository& repo, const std::string& head,
                                           const std::vector<git::FileChange>& changes) {
  std::vector<std::string> out;
  for (const git::FileChange& change : changes) {
    if (!change.path.ends_with("/targets.json")) continue;
    auto before = repo.read_file(head, change.path);
    if (!before.ok()) continue;
    Json old_pins = Json::parse(*before, nullptr, false);
    Json new_pins = Json::parse(change.content.value_or("[]"), nullptr, false);
    if (!old_pins.is_array() || !new_pins.is_array()) continue;
    for (const Json& pin : old_pins) {
      const std::string cluster = string_at(pin, {"cluster"});
      auto same = [&](const Json& p) { return string_at(p, {"cluster"}) == cluster; };
      if (std::none_of(new_pins.begin(), new_pins.end(), same)) out.push_back(cluster);
    }
  }
  return out;
}

std::string changes_diff(git::GitRepository& repo, const std::string& head,
                         const std::vector<git::FileChange>& changes) {
  std::string out;
  for (const git::FileChange& change : changes) {
    auto before = repo.read_file(head, change.path);
    out += git::unified_diff(before.ok() ? *before : "", change.content.value_or(""), "a/" + change.path,
                             "b/" + change.path);
  }
  return out;
}

}  // namespace fleetwave
