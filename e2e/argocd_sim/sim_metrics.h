// GET /metrics' state: the request counters of request_counters.h kept in step with the live
// clusters. The loop refreshes them after every tick, so a workload's image change counts from
// the tick that applied it, and every scrape refreshes them before answering, so the counters
// are current to the millisecond. Time is the clock's monotonic_ms: a wall-clock step never
// freezes or bursts the traffic.
//
// Thread-safety: every method may be called from any thread (the loop refreshes, the HTTP threads
// scrape); the counters are behind a private mutex, taken before LiveClusters' own.
#pragma once

#include <mutex>
#include <string>
#include <vector>

#include "argocd_sim/live_clusters.h"
#include "argocd_sim/request_counters.h"
#include "base/clock.h"

namespace fleetwave::sim {

// Every workload among the live objects, in LiveClusters' order.
std::vector<LiveWorkload> live_workloads(const LiveClusters& live);

class SimMetrics {
 public:
  SimMetrics(const LiveClusters& live, const Clock& clock) : live_(live), clock_(clock) {}

  void refresh();
  // Refreshes, then the Prometheus text (request_metrics_text).
  std::string scrape();

 private:
  void refresh_locked();  // needs mu_

  const LiveClusters& live_;
  const Clock& clock_;
  std::mutex mu_;
  RequestCounters counters_;  // guarded by mu_
};

}  // namespace fleetwave::sim
