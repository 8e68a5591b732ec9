// What Argo CD reports for the Applications of an app, by cluster (argocd/app_observation.h),
// and the verdict on a pinned cluster.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "argocd/app_observation.h"
#include "base/error.h"

namespace fleetwave {

struct Observations {
  bool reachable = false;  // Argo CD answered the query
  std::string error;       // why it did not
  // Transient (down, 5xx) keeps clusters Unknown and is retried; InvalidInput (token rejected,
  // certificate not trusted) is a misconfiguration the reconciler reports as an error.
  ErrorKind error_kind = ErrorKind::Transient;
  std::map<std::string, AppObservation> by_cluster;  // keyed by the fleetwave.io/cluster label
  // One line per cluster that several Applications claim, naming them and the one used.
  std::vector<std::string> duplicates;
};

enum class Verdict { Done, Pending, Failed, Unknown };

struct ClusterJudgement {
  Verdict verdict = Verdict::Unknown;
  std::string detail;                         // human-readable evidence
  std::optional<std::int64_t> done_since_ms;  // for Done: when the sync finished
};

const char* to_string(Verdict verdict);

// Done only when Argo CD compared and applied exactly the pin (matching revisions avoids the
// stale-status race, argo-cd #29410) and reports Synced, Healthy, Succeeded. Failed when the
// pinned revision was applied and is Degraded, or its sync operation Failed/Errored.
// Unreachable Argo CD or a missing Application is Unknown: never success, never failure.
ClusterJudgement judge_cluster(const Observations& observations, const std::string& cluster,
                               const std::string& pinned_revision);

std::string short_sha(const std::string& revision);

}  // namespace fleetwave
