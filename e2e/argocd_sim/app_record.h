// What the simulated Argo CD controller remembers about one Application besides the JSON it
// serves: the target it was generated from, the sync in flight, and what drives its health.
// Owned by the Simulator's loop thread only.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "argocd_sim/app_status.h"
#include "argocd_sim/desired_application.h"
#include "argocd_sim/health_model.h"
#include "base/json.h"
#include "base/result.h"

namespace fleetwave::sim {

struct PendingSync {
  SyncStart start;
  TargetEntry target;                 // the spec being synced
  Result<std::vector<Json>> outcome;  // generated when the sync started; applied when it ends
  std::string tree;                   // hydrated mode: the tree id of the directory being synced
};

struct AppRecord {
  DesiredApp desired;
  std::optional<TargetEntry> attempted;  // spec of the last sync that ended (either way)
  bool sync_requested = false;           // POST .../sync since the last sync started
  std::optional<PendingSync> running;
  std::int64_t retry_at_ms = 0;  // after a failure of the simulator's own (Git, disk)
  std::string last_problem;      // that failure, logged once
  HealthInputs health;
  HealthStatus published{"Missing", ""};  // status.health as served
  int history_id = 0;
  std::string synced_tree;  // hydrated mode: the directory's tree id at the last sync that ended
};

}  // namespace fleetwave::sim
