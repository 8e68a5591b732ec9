// The status document (status_view.h) at a head: every app planned exactly as a reconcile would
// (reconcile/app_planner.h), without committing anything. One builder for `fleetwave status` and
// for `fleetwave serve`, which builds it after each cycle (GET /api/v1/apps) reusing the cycle's
// Argo CD answers instead of asking Argo CD again.
//
// Not thread-safe (the serve loop thread, or one command, owns it).
#pragma once

#include <string>
#include <vector>

#include "adapters/argocd/argocd_client.h"
#include "base/clock.h"
#include "base/json.h"
#include "reconcile/analysis_runner.h"
#include "reconcile/app_discovery.h"
#include "reconcile/cycle_report.h"
#include "reconcile/reach_cache.h"
#include "reconcile/repo_snapshot.h"
#include "reconcile/views/status_view.h"

namespace fleetwave {

struct StatusRequest {
  std::string branch;                  // as the document names it ("HEAD" in a checkout)
  std::string head;                    // the commit to plan at
  bool argocd_configured = true;       // without it, clusters carry no verdict
  bool observe_every_app = false;      // ask Argo CD about up-to-date apps too (`fleetwave status`)
  const CycleReport* cycle = nullptr;  // its Argo CD answers are reused
  StepTrust* trust = nullptr;          // approvals.allowedSigners: show ignored steps and the reject they get
  ApprovalRules approval_rules;        // whose approval counts, for the apps waiting for one
};

class StatusBuilder {
 public:
  // `metrics` (optional) lets the document show the analysis checks' values; web checks are
  // never called from a status view.
  StatusBuilder(git::GitRepository& repo, ArgoCdClient& argocd, const Clock& clock, MetricsProvider* metrics = nullptr)
      : repo_(repo),
        argocd_(argocd),
        clock_(clock),
        blobs_(own_blobs_),
        renders_(own_renders_),
        analysis_(metrics, nullptr, false) {}
  // The same, sharing the reconciler's caches (Reconciler::reach_cache, blob_cache): serve builds
  // the status after each cycle on the cycle's thread, from renders the cycle already made.
  StatusBuilder(git::GitRepository& repo, ArgoCdClient& argocd, const Clock& clock, MetricsProvider* metrics,
                BlobCache& blobs, ReachCache& renders)
      : repo_(repo),
        argocd_(argocd),
        clock_(clock),
        blobs_(blobs),
        renders_(renders),
        analysis_(metrics, nullptr, false) {}

  // Every app of the head.
  Result<Json> status(const StatusRequest& request);
  // The given apps of the head (found by the caller, e.g. one app by name).
  Result<Json> status_of(const StatusRequest& request, const std::vector<AppDefinition>& apps);

  BlobCache& blobs() { return blobs_; }

 private:
  git::GitRepository& repo_;
  ArgoCdClient& argocd_;
  const Clock& clock_;
  BlobCache own_blobs_;
  ReachCache own_renders_;
  BlobCache& blobs_;
  ReachCache& renders_;
  AppDiscovery discovery_;
  AnalysisRunner analysis_;
  // The inventory's labels by cluster, for the tree of clusters/ they were read from.
  std::string labels_tree_;
  Json labels_;
  const Json& cluster_labels(RepoSnapshot& head);
};

}  // namespace fleetwave
