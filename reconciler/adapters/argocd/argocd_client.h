// The Argo CD port: what the reconciler asks of argocd-server (its REST API: list Applications by
// label selector, refresh, sync). The HTTP adapter is HttpArgoCdClient;
// tests use it against testkit/fakes/fake_argocd.h.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "argocd/app_observation.h"
#include "base/result.h"

namespace fleetwave {

// The label the fleetwave ApplicationSet puts on every Application (docs/install.md, "ApplicationSets").
inline constexpr const char* kClusterLabel = "fleetwave.io/cluster";
// The label naming an Application's fleetwave app (every Application of the app carries it).
inline constexpr const char* kAppLabel = "fleetwave.io/app";

// One Application as the reconciler sees it.
struct ApplicationSummary {
  std::string name;                           // metadata.name
  std::map<std::string, std::string> labels;  // metadata.labels
  AppObservation observation;                 // status, reduced (observation.name == name)
};

// A cluster Argo CD manages and how its last connection attempt went (v1alpha1Cluster's
// info.connectionState).
struct ClusterConnection {
  std::string name;    // the cluster's name in Argo CD
  std::string server;  // its API server URL
  std::string status;  // Successful | Failed | Unknown
  std::string message;
  std::optional<std::int64_t> attempted_at_ms;  // connectionState.attemptedAt
};

// Implementations may block on the network; errors are values (never exceptions) and never
// carry the token or URL credentials.
class ArgoCdClient {
 public:
  virtual ~ArgoCdClient() = default;

  // GET /api/v1/applications?selector=...: the Applications matching a Kubernetes label
  // selector ("" for all), sorted by name as Argo CD returns them.
  [[nodiscard]] virtual Result<std::vector<ApplicationSummary>> list_applications(
      const std::string& label_selector) = 0;

  // GET /api/v1/applications/{name}?refresh=normal: asks Argo CD to compare with Git now (the
  // call may block until the controller has reconciled).
  [[nodiscard]] virtual Status<> refresh_application(const std::string& name) = 0;

  // GET /api/v1/clusters: every cluster with its connection state (automatic failover).
  [[nodiscard]] virtual Result<std::vector<ClusterConnection>> list_clusters() = 0;

  // POST /api/v1/applications/{name}/sync with {"revision": revision} ("" = the target revision).
  [[nodiscard]] virtual Status<> sync_application(const std::string& name, const std::string& revision) = 0;
};

}  // namespace fleetwave
