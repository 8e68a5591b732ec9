// One app's part of a reconcile cycle: read its state at the branch head, detect a release or
// a foreign change, work out its waves from renders at the stable and candidate revisions,
// observe Argo CD, and ask the engine for the next step.
#pragma once

#include <optional>
#include <string>

#include "adapters/argocd/argocd_client.h"
#include "model/cordons.h"
#include "reconcile/analysis_runner.h"
#include "reconcile/app_discovery.h"
#include "reconcile/foreign_changes.h"
#include "reconcile/observer.h"
#include "reconcile/reach_cache.h"
#include "reconcile/repo_snapshot.h"
#include "reconcile/step_trust.h"
#include "rollout/rollout_engine.h"

namespace fleetwave {

// What happened to one app in a cycle; also what `status` shows.
struct AppReport {
  std::string app;
  std::string path;
  std::string action;                 // the step taken ("" for none)
  std::string subject;                // its commit subject
  std::string release;                // its Fleetwave-Release trailer ("" when it has none)
  std::string wave;                   // its Fleetwave-Wave trailer ("" when it has none)
  std::string commit;                 // its commit, once written (the cycle's report only)
  std::string blocked;                // without a step: why nothing moved ("" = up to date)
  std::string blocked_by;             // the gate that waits ("bake", "approval", ...), if one does
  ErrorList errors;                   // why the app could not be reconciled (others proceed)
  ErrorList warnings;                 // from its render: valid input that is almost certainly a mistake
  std::vector<std::string> ignored;   // people's steps that did not count: "approve in 1a2b3c4 by ...: why"
  std::optional<RolloutState> state;  // at the head, before the step
  std::optional<WaveAssignment> waves;
  Observations observations;
  std::vector<AnalysisStatus> analysis;  // the current wave's checks, as measured this cycle
};

struct PlannedApp {
  AppReport report;
  std::optional<Step> step;
  const WavePlan* plan = nullptr;
};

class AppPlanner {
 public:
  // `apps`: every app discovered at the head, which `plan` reads dependencies from.
  // `analysis` measures the checks of WavePlans (null: they wait, unmeasured).
  // `trust` judges people's steps against approvals.allowedSigners (null: every step counts);
  // its start_cycle() has run for the head.
  // `observed`: the apps whose Applications are read together (a cycle that plans only some
  // apps reads only theirs); nullopt: every app with a WavePlan.
  AppPlanner(git::GitRepository& repo, BlobCache& blobs, ReachCache& renders, ArgoCdClient& argocd,
             const std::vector<AppDefinition>& apps, AnalysisRunner* analysis, StepTrust* trust = nullptr,
             std::optional<std::vector<std::string>> observed = std::nullopt)
      : repo_(repo),
        blobs_(blobs),
        renders_(renders),
        apps_(apps),
        analysis_(analysis),
        trust_(trust),
        observer_(argocd, observed ? std::move(*observed) : names_of_planned(apps)) {}

  // Never fails as a whole: problems land in report.errors. `observations` caches Argo CD
  // answers per app across push retries of one cycle; the first app to observe reads the
  // Applications of every app with a WavePlan at once (FleetObserver).
  PlannedApp plan(const AppDefinition& app, const std::string& head, const History& history, std::int64_t now_ms,
                  std::map<std::string, Observations>& observations);

 private:
  git::GitRepository& repo_;
  BlobCache& blobs_;
  ReachCache& renders_;
  const std::vector<AppDefinition>& apps_;
  AnalysisRunner* analysis_;
  StepTrust* trust_;
  FleetObserver observer_;  // one Argo CD read for every app this planner observes

  static std::vector<std::string> names_of_planned(const std::vector<AppDefinition>& apps);
};

// The app's state at a commit; a fresh state (app, path) when it has none yet.
Result<RolloutState> load_state(RepoSnapshot& snapshot, const std::string& app, const std::string& path);

// The freezes at the snapshot's commit (none when .fleetwave/freezes.yaml does not exist).
Result<std::vector<Freeze>> load_freezes(RepoSnapshot& snapshot);

// The cordons at the snapshot's commit (none when .fleetwave/cordons.yaml does not exist); a
// problem carries the file, line and column of its field.
Result<std::vector<Cordon>> load_cordons(RepoSnapshot& snapshot);

// The waves of an app the planner left alone (up to date, so no report.waves): from the render
// at `head`, whose warnings go to `warnings` when given. For status views; nullopt when the app
// does not render.
std::optional<WaveAssignment> waves_at_head(git::GitRepository& repo, BlobCache& blobs, ReachCache& renders,
                                            const AppDefinition& app, const std::string& head,
                                            ErrorList* warnings = nullptr);

}  // namespace fleetwave
