// The status document fleetwave serve publishes after each cycle (GET /api/v1/apps): every app
// planned at the new head exactly as `fleetwave status --output json` plans it, reusing the
// cycle's Argo CD observations instead of asking Argo CD again.
//
// Not thread-safe (the serve loop thread calls it).
#pragma once

#include <string>

#include "adapters/argocd/argocd_client.h"
#include "reconcile/app_discovery.h"
#include "reconcile/render_cache.h"
#include "reconcile/repo_snapshot.h"
#include "serve/snapshot_builder.h"

namespace fleetwave::cli {

class PlannerStatusSource final : public serve::StatusSource {
 public:
  PlannerStatusSource(git::GitRepository& repo, ArgoCdClient& argocd, const Clock& clock, std::string branch)
      : repo_(repo), argocd_(argocd), clock_(clock), branch_(std::move(branch)) {}

  Result<Json> status_at(const std::string& head, const CycleReport& cycle) override;

 private:
  git::GitRepository& repo_;
  ArgoCdClient& argocd_;
  const Clock& clock_;
  std::string branch_;
  BlobCache blobs_;
  RenderCache renders_;
  AppDiscovery discovery_;
};

}  // namespace fleetwave::cli
