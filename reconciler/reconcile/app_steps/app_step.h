// One app's part of a reconcile cycle as a table of small named steps (app_steps.cpp), run in
// order by AppPlanner until one stops: load the state, detect a release, reach the clusters,
// assign the waves, observe, decide. Each step reads and fills the AppContext; problems go to
// the app's report (the other apps proceed).
#pragma once

#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "reconcile/analysis_runner.h"
#include "reconcile/app_planner.h"
#include "reconcile/observer.h"

namespace fleetwave {

struct AppContext {
  // What the step runner is given.
  const AppDefinition& app;
  const std::vector<AppDefinition>& apps;  // every app at the head (for dependencies)
  const std::string& head;
  const History& history;
  git::GitRepository& repo;
  BlobCache& blobs;
  ReachCache& renders;
  Observer& observer;
  std::map<std::string, Observations>& observation_cache;  // per app, across the push retries of a cycle
  AnalysisRunner* analysis;                                // null: checks are not measured
  StepTrust* trust;                                        // null: approvals.allowedSigners is not set
  RepoSnapshot snapshot;                                   // the repository at `head`

  // What the steps work out.
  EngineInput in;
  std::shared_ptr<const AppReach> head_reach;  // the candidate's (or the release's) render
  std::string candidate_revision;              // the revision head_reach is of ("" when none)
  std::shared_ptr<const AppReach> stable_reach;
  std::vector<Cluster> inventory;
  std::vector<std::string> all_clusters;
  PlannedApp out;
};

enum class StepOutcome { Continue, Stop };

struct AppStep {
  std::string_view name;
  StepOutcome (*run)(AppContext& ctx);
};

// In order. A new step is its own file in app_steps/ and one row in app_steps.cpp.
const std::vector<AppStep>& app_steps();

// `e` with `file` as its position when it has none.
Error with_file(Error e, const std::string& file);

}  // namespace fleetwave
