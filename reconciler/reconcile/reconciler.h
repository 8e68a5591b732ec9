// One reconcile cycle over every app of the tracked branch: fetch, plan each app (app_steps.h),
// let the hooks add what they own (approvals), then write the steps as one commit per app on
// the fetched tip and push with compare-and-swap through the StepWriter. A rejected push
// (someone else moved the branch) means fetch, decide again from the new head, retry, so
// several reconcilers can run at once and never double-advance. The finisher (cycle_summary.h)
// reports the outcome, for `fleetwave reconcile --once` and `fleetwave serve` alike.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "adapters/argocd/argocd_client.h"
#include "adapters/git/git_repository.h"
#include "base/clock.h"
#include "reconcile/analysis_runner.h"
#include "reconcile/app_discovery.h"
#include "reconcile/app_planner.h"
#include "reconcile/control_trust.h"
#include "reconcile/cycle_hook.h"
#include "reconcile/cycle_report.h"
#include "reconcile/cycle_scope.h"
#include "reconcile/failover_watch.h"
#include "reconcile/hydration/hydrator.h"
#include "reconcile/manual_change.h"
#include "reconcile/reach_cache.h"
#include "reconcile/repo_snapshot.h"
#include "reconcile/step_writer.h"

namespace fleetwave {

struct ReconcilerOptions {
  std::string branch = "main";
  git::Signature author{"fleetwave", "fleetwave@localhost", 0, 0};  // time is set per commit
  RetryPolicy retry;                                                // pushes rejected because the branch moved
  std::size_t history_window = 256;                                 // first-parent commits scanned for foreign changes
  std::vector<CycleHook*> hooks;                                    // not owned; they outlive the Reconciler
  std::string instance;                // names this reconciler in Fleetwave-Actor (the pod's host name); "" = unnamed
  MetricsProvider* metrics = nullptr;  // Prometheus for analysis checks (not owned); null: not configured
  WebProbe* web = nullptr;             // HTTP client for web checks (not owned)
  // Automatic failover: cordon a cluster whose Argo CD connection has been Failed this long
  // (failover_watch.h); nullopt: off.
  std::optional<std::int64_t> failover_after_ms;
  double failover_max_share = kDefaultFailoverMaxShare;  // failover.maxShare (failover_watch.h)
  StepTrust* trust = nullptr;  // approvals.allowedSigners (not owned); null: every step counts
  // The repository URL Argo CD reads, credentials redacted: hydrator.metadata's repoURL in
  // hydrated mode (FleetSettings spec.hydration).
  std::string repo_url;
};

// Fleetwave-Actor of the reconciler's own steps: its author and, when known, which instance.
std::string reconciler_actor(const ReconcilerOptions& options);

// What a cycle runs with besides Git and Argo CD: time, waiting, jitter.
struct CycleServices {
  const Clock& clock;
  Sleeper& sleeper;
  Random& random;
};

struct CycleRequest {
  CycleScope scope = CycleScope::EveryApp;
  // Asked before each app of a cycle of every app: true abandons the cycle before it writes
  // anything (report.interrupted), so a waiting webhook's cycle runs first. Null: never.
  std::function<bool()> interrupt;
};

// Single-threaded; one Reconciler per (repository, branch) in a process.
class Reconciler {
 public:
  Reconciler(git::GitRepository& repo, ArgoCdClient& argocd, CycleServices services, ReconcilerOptions options);
  // With real sleeps between retries and randomly seeded jitter.
  Reconciler(git::GitRepository& repo, ArgoCdClient& argocd, const Clock& clock, ReconcilerOptions options);

  // Fails only when the cycle could not run at all (fetch failed, pushes kept conflicting);
  // per-app problems are in the report.
  Result<CycleReport> run_once(const CycleRequest& request = {});

  // A person's step of one app (serve's board actions): computed on the fetched head as the CLI
  // computes it (manual_change.h), authored by `person` (also its Fleetwave-Actor), signed as the
  // reconciler signs, pushed with the cycle's retries. With `dry_run` nothing is written: the
  // outcome holds the commit message and diff that would be. A refused step is InvalidInput or
  // Conflict (already paused), an unknown app NotFound.
  Result<ManualOutcome> take_manual_step(const std::string& app, const ManualRequest& request,
                                         const git::Signature& person, bool dry_run);

  // The renders and blobs the cycles keep (keyed by input digest and object id, so never stale):
  // serve's status builder shares them instead of rendering every app again after each cycle.
  // Used on the cycle's thread only.
  ReachCache& reach_cache() { return renders_; }
  BlobCache& blob_cache() { return blobs_; }

 private:
  // The automatic cordons due at `head`, committed on `tip`; returns the new tip.
  Result<std::string> commit_failovers(const std::string& head, std::string tip, CycleReport& report);

  Result<std::string> plan_and_commit(const std::string& head, int attempt, const CycleRequest& request,
                                      CycleReport& report, std::vector<AppDefinition>& apps,
                                      std::vector<PlannedApp>& planned,
                                      std::map<std::string, Observations>& observations);
  // The apps this attempt plans (cycle_scope.h); report.carried gets the plans of the others.
  std::vector<const AppDefinition*> apps_to_plan(const std::string& head, CycleScope scope,
                                                 const std::vector<AppDefinition>& apps, CycleReport& report);
  Result<std::string> reject_controls(const std::string& head, const ControlsReject& reject, CycleReport& report);
  // Hydrated mode: brings the hydrated branch up to the pushed `tip` (hydrator.h), also when
  // this cycle wrote nothing, so a cycle killed between the two pushes is healed by the next.
  void hydrate(const std::string& tip, const std::vector<AppDefinition>& apps, CycleReport& report);

  std::unique_ptr<SystemSleeper> own_sleeper_;  // set by the clock-only constructor
  std::unique_ptr<SystemRandom> own_random_;
  git::GitRepository& repo_;
  ArgoCdClient& argocd_;
  const Clock& clock_;
  ReconcilerOptions options_;
  StepWriter writer_;
  BlobCache blobs_;
  ReachCache renders_;
  Hydrator hydrator_;
  AppDiscovery discovery_;
  AnalysisRunner analysis_;  // remembers verdicts across cycles
  std::optional<FailoverWatch> failover_;
  std::optional<std::vector<ClusterConnection>> connections_;  // this cycle's answer, for every attempt
  std::optional<Error> connections_error_;
  // The tip the last finished cycle left and the plans still true there (cycle_scope.h).
  std::string settled_tip_;
  SettledPlans settled_;
};

}  // namespace fleetwave
