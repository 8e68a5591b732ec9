// The loop thread of fleetwave serve: runs Reconciler::run_once at once, then on the interval
// (jittered) or when a webhook wakes it, backing off after failures (loop_schedule.h). After a
// successful cycle it publishes a new snapshot for the HTTP threads and updates the metrics;
// every cycle leaves one summary log line (result, head, commits, duration_ms).
//
// Thread-safety: run() on one thread; everything it shares (ServeState, ServeMetrics,
// TriggerQueue, JsonLog) is thread-safe.
#pragma once

#include "base/clock.h"
#include "reconcile/reconciler.h"
#include "serve/json_log.h"
#include "serve/loop_schedule.h"
#include "serve/observed_ports.h"
#include "serve/serve_metrics.h"
#include "serve/serve_state.h"
#include "serve/snapshot_builder.h"
#include "serve/trigger_queue.h"

namespace fleetwave::serve {

struct LoopPorts {
  Reconciler& reconciler;
  ObservedArgoCd& argocd;  // probed when a cycle did not query Argo CD itself
  SnapshotBuilder& snapshots;
  ServeState& state;
  ServeMetrics& metrics;
  TriggerQueue& triggers;
  JsonLog& log;
  const Clock& clock;
  Random& random;  // interval jitter
};

class ReconcileLoop {
 public:
  ReconcileLoop(LoopPorts ports, LoopSchedule schedule) : p_(ports), schedule_(schedule) {}

  // Until the trigger queue is stopped. A stop during a cycle takes effect after it.
  void run();

  // One cycle; true when it succeeded.
  bool cycle();

 private:
  void publish(const std::string& head, const CycleReport& report);
  void count_app_errors(const CycleReport& report);

  LoopPorts p_;
  LoopSchedule schedule_;
};

}  // namespace fleetwave::serve
