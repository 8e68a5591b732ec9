// Hydrated mode (docs/formats.md, "Hydrated mode"): after the tracked branch is pushed, the
// hydrator brings the hydrated branch (FleetSettings spec.hydration.targetBranch) up to it, one
// hydrated commit per step commit that moved a hydrated app's targets.json, each naming its step
// in a Fleetwave-Step trailer (layout: hydrated_layout.h).
//
// Push order. The existing Git port pushes one ref at a time (libgit2 has no atomic push of
// several refspecs), so a single atomic push of both branches is not available. The step is
// pushed first and the hydrated commit after it, which keeps the two rules: the hydrated branch
// is never ahead of its step (a hydrated commit is built only from a step already on the remote)
// and never half written (a hydrated commit holds every directory of its step, or is not made).
// The hydrated branch is a function of the tracked branch: a kill -9 between the two pushes
// leaves it behind, and the next cycle's sync walks the tracked branch from the step the
// hydrated tip names and writes what is missing. Its pushes are compare-and-swap through the
// StepWriter, so racing reconcilers converge: one that finds the hydrated branch already past
// its own view of the tracked branch writes nothing.
//
// Not thread-safe; one per Reconciler.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "adapters/git/git_repository.h"
#include "base/result.h"
#include "reconcile/app_discovery.h"
#include "reconcile/hydration/hydration_renders.h"
#include "reconcile/hydration/hydration_settings.h"
#include "reconcile/repo_snapshot.h"
#include "reconcile/step_writer.h"

namespace fleetwave {

struct HydrationOptions {
  std::string tracked_branch = "main";
  std::string repo_url;  // credentials redacted: the dry source (hydrator.metadata repoURL)
  git::Signature author{"fleetwave", "fleetwave@localhost", 0, 0};
  std::string actor;                 // Fleetwave-Actor of the hydrated commits ("" = the author)
  std::size_t history_window = 256;  // first-parent commits walked back to the step last hydrated
};

struct HydrationReport {
  std::string branch;                // the hydrated branch ("" when hydration is off)
  std::string tip;                   // where it points after the sync
  std::vector<std::string> commits;  // hydrated commits pushed, oldest first
  std::vector<std::string> steps;    // the step commit each of them hydrates
  std::size_t rendered = 0;          // cluster manifests rendered by the final attempt
};

class Hydrator {
 public:
  Hydrator(git::GitRepository& repo, BlobCache& blobs, StepWriter& writer, HydrationOptions options)
      : repo_(repo), blobs_(blobs), writer_(writer), options_(std::move(options)) {}

  // Brings the hydrated branch up to `tracked_tip`, which must already be on the remote; `apps`
  // are the apps discovered at it. Nothing to do when FleetSettings set no targetBranch. When
  // Argo CD's Source Hydrator writes the branch, only fetches it (observe reads its commits).
  Result<HydrationReport> sync(const std::string& tracked_tip, const std::vector<AppDefinition>& apps);

  const HydrationRenders& renders() const { return renders_; }

 private:
  struct Plan {
    std::string branch;
    std::vector<HydratedApp> apps;
    bool argocd_writes = false;  // spec.hydration.hydrator: argocd: the branch is only read
  };
  Result<Plan> plan(const std::string& tracked_tip, const std::vector<AppDefinition>& apps);
  Result<std::vector<std::string>> steps_to_hydrate(const std::string& hydrated, const std::string& tracked,
                                                    const std::vector<HydratedApp>& apps);
  Result<bool> targets_moved(const std::string& commit, const std::vector<HydratedApp>& apps);
  Result<std::string> hydrate_step(const std::string& parent, const std::string& step,
                                   const std::vector<HydratedApp>& apps, HydrationReport& report);
  Status<> app_changes(const std::string& parent, const std::string& step, const HydratedApp& app,
                       std::vector<git::FileChange>& changes, std::size_t& clusters, HydrationReport& report);

  git::GitRepository& repo_;
  BlobCache& blobs_;
  StepWriter& writer_;
  HydrationOptions options_;
  HydrationRenders renders_;
  // The last sync: the tracked tip it reached and the hydrated tip that holds it, so the next
  // one walks only the commits after it.
  std::string synced_tracked_;
  std::string synced_hydrated_;
};

}  // namespace fleetwave
