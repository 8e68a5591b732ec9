// What Argo CD reports for one Application, reduced to the fields fleetwave reads: the Argo CD
// port (reconciler/adapters/argocd) fills it from the REST answer and the wave engine
// (reconciler/rollout/observation.h) judges it; one type for both, so nothing is copied between
// them. Field meanings follow Argo CD's v1alpha1 Application status (docs/architecture.md,
// "Argo CD contracts").
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace fleetwave {

struct AppObservation {
  std::string name;           // Application name
  std::string sync_status;    // Synced | OutOfSync | Unknown
  std::string sync_revision;  // status.sync.revision: what the comparison ran against
  std::string health_status;  // Healthy | Progressing | Degraded | Suspended | Missing | Unknown
  std::string health_message;
  std::string operation_phase;  // Running | Terminating | Failed | Error | Succeeded
  std::string operation_message;
  std::string operation_revision;              // operationState.operation.sync.revision: what was requested
  std::string sync_result_revision;            // operationState.syncResult.revision: what was applied
  std::optional<std::int64_t> finished_at_ms;  // operationState.finishedAt
  bool operator==(const AppObservation&) const = default;
};

}  // namespace fleetwave
