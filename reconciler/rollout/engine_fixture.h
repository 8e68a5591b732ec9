// Test support for engine and gate tests (header-only, test-only): Argo CD's report of a
// cluster that finished syncing a revision.
#pragma once

#include <cstdint>
#include <string>

#include "rollout/observation.h"

namespace fleetwave::testing_support {

// Synced, `health` and Succeeded at `revision` (compared and applied), finished at `finished_at_ms`.
inline AppObservation synced_at(const std::string& revision, std::int64_t finished_at_ms,
                                const std::string& health = "Healthy") {
  AppObservation a;
  a.sync_status = "Synced";
  a.sync_revision = a.operation_revision = a.sync_result_revision = revision;
  a.health_status = health;
  a.operation_phase = "Succeeded";
  a.finished_at_ms = finished_at_ms;
  return a;
}

}  // namespace fleetwave::testing_support
