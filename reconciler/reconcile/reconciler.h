// One reconcile cycle over every app of the tracked branch: fetch, plan each app, write the
// steps as one commit per app on the fetched tip, and push with compare-and-swap. A rejected
// push (someone else moved the branch) means fetch, decide again from the new head, retry, so
// several reconcilers can run at once and never double-advance.
#pragma once

#include <map>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "adapters/argocd/argocd_client.h"
#include "adapters/git/git_repository.h"
#include "base/clock.h"
#include "reconcile/app_discovery.h"
#include "reconcile/app_planner.h"
#include "reconcile/render_cache.h"
#include "reconcile/repo_snapshot.h"

namespace fleetwave {

class ApprovalProvider;

struct ReconcilerOptions {
  std::string branch = "main";
  git::Signature author{"fleetwave", "fleetwave@localhost", 0, 0};  // time is set per commit
  int max_push_attempts = 6;
  std::size_t history_window = 256;  // first-parent commits scanned for foreign changes
  bool request_approvals = true;     // push fleetwave/approve/... branches for gated waves
  // Opens a pull/merge request per approval branch and approves the wave when a reviewer
  // approves it (reconcile/approvals/). nullptr: branches only. Not owned; outlives the Reconciler.
  ApprovalProvider* approval_provider = nullptr;
};

struct CycleReport {
  std::string head;                            // the branch head the final attempt planned from
  std::vector<AppReport> apps;                 // by app name
  std::vector<std::string> commits;            // pushed step commits, oldest first
  std::vector<std::string> approval_branches;  // pushed this cycle
  int attempts = 0;                            // push attempts (1 without conflicts)
  int conflicts = 0;
  ErrorList errors;  // cycle-level problems (the app-level ones are in apps)
};

// Single-threaded; one Reconciler per (repository, branch) in a process.
class Reconciler {
 public:
  Reconciler(git::GitRepository& repo, ArgoCdClient& argocd, const Clock& clock, ReconcilerOptions options);

  // Fails only when the cycle could not run at all (fetch failed, pushes kept conflicting);
  // per-app problems are in the report.
  Result<CycleReport> run_once();

 private:
  Result<std::string> commit_steps(const std::string& head, std::vector<PlannedApp>& planned, CycleReport& report);
  void push_approval_branches(const std::vector<PlannedApp>& planned, CycleReport& report);
  git::Signature signature() const;

  git::GitRepository& repo_;
  ArgoCdClient& argocd_;
  const Clock& clock_;
  ReconcilerOptions options_;
  BlobCache blobs_;
  RenderCache renders_;
  AppDiscovery discovery_;
  std::mt19937 jitter_;
};

}  // namespace fleetwave
