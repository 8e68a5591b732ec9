// The Argo CD port: what the reconciler asks of argocd-server (reference/argocd-contracts.md §4),
// and how a listing becomes the engine's Observations. The HTTP adapter is HttpArgoCdClient;
// tests use it against testkit/fakes/fake_argocd.h.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "base/result.h"
#include "rollout/observation.h"

namespace fleetwave {

// The label the fleetwave ApplicationSet puts on every Application (DESIGN.md §6).
inline constexpr const char* kClusterLabel = "fleetwave.io/cluster";

// One Application as the reconciler sees it.
struct ApplicationSummary {
  std::string name;                           // metadata.name
  std::map<std::string, std::string> labels;  // metadata.labels
  AppObservation observation;                 // status, reduced (observation.name == name)
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

  // POST /api/v1/applications/{name}/sync with {"revision": revision} ("" = the target revision).
  [[nodiscard]] virtual Status<> sync_application(const std::string& name, const std::string& revision) = 0;
};

// Observations keyed by the fleetwave.io/cluster label. A failed listing gives reachable=false
// with the error text (URL credentials redacted). Applications without the label are skipped.
// When several Applications carry the same cluster label, the one with the smallest name wins
// and a note saying so is appended to `notes` (when given), one line per cluster.
Observations observations_from(const Result<std::vector<ApplicationSummary>>& applications,
                               std::vector<std::string>* notes = nullptr);

}  // namespace fleetwave
