// Application status as Argo CD's controller writes it during an automated sync (the fields of
// the fields of an Application's status Argo CD serves, in the shape of
// a recorded Application owned by an ApplicationSet and rendered by a CMP). Pure edits of the served JSON.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "argocd_sim/health_model.h"
#include "base/json.h"

namespace fleetwave::sim {

inline constexpr std::size_t kHistoryLimit = 10;  // spec.revisionHistoryLimit's default

struct SyncStart {
  std::string revision;  // the resolved commit
  std::int64_t started_ms = 0;
  bool automated = true;  // false: requested through POST .../sync
};

// operationState Running (operation.sync.revision, startedAt; no syncResult yet) and
// sync {status OutOfSync, revision} while the manifests are generated and applied.
void set_sync_running(Json& app, const SyncStart& start);

// The sync applied `objects`: operationState Succeeded with syncResult {revision, source,
// resources}, sync Synced at the revision, reconciledAt, a history entry (at most kHistoryLimit
// kept), summary.images, status.resources; ComparisonError conditions are cleared.
void set_sync_succeeded(Json& app, const SyncStart& start, const std::vector<Json>& objects, std::int64_t finished_ms,
                        int history_id);

// Manifest generation failed: a ComparisonError condition, sync status Unknown at the revision,
// operationState Error with the same message and no syncResult.
void set_comparison_error(Json& app, const SyncStart& start, const std::string& generator_error,
                          std::int64_t finished_ms);

// status.health, with the message when there is one.
void set_health(Json& app, const HealthStatus& health);

// The text Argo CD shows for a plugin failure, wrapping the generator's error
// ("`fleetwave-render` failed exit status 1: <stderr>").
std::string comparison_error_message(const std::string& generator_error);

}  // namespace fleetwave::sim
