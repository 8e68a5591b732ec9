// The loop thread of fleetwave serve: runs Reconciler::run_once at once, then on the interval
// (jittered) for every app or, when a webhook wakes it, for the apps the push changed, backing
// off after failures (loop_schedule.h). Each
// cycle ends in the one finisher (reconcile/cycle_summary.h), whose sink here publishes a new
// snapshot for the HTTP threads, updates the metrics and leaves one summary log line (result,
// head, commits, duration_ms).
//
// Thread-safety: run() on one thread; everything it shares (ServeState, ServeMetrics,
// TriggerQueue, JsonLog) is thread-safe.
#pragma once

#include <mutex>

#include "base/clock.h"
#include "reconcile/cycle_summary.h"
#include "reconcile/reconciler.h"
#include "serve/json_log.h"
#include "serve/loop_schedule.h"
#include "serve/observed_ports.h"
#include "serve/repeat_filter.h"
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
  // Held for a whole cycle, publishing included: a board action (board_actions.h) takes it to
  // use the reconciler between cycles, never during one.
  std::mutex& reconciler_mu;
};

class ReconcileLoop {
 public:
  ReconcileLoop(LoopPorts ports, LoopSchedule schedule) : p_(ports), cadence_(schedule) {}

  // Until the trigger queue is stopped. A stop during a cycle takes effect after it.
  void run();

  struct CycleOutcome {
    bool ok = false;
    bool interrupted = false;  // it gave way to a waiting webhook before writing anything
  };
  // One cycle of `scope` (loop_schedule.h's CycleCadence says which); with `may_give_way` a
  // cycle of every app stops at a webhook's notification and publishes nothing.
  CycleOutcome cycle(CycleScope scope = CycleScope::EveryApp, bool may_give_way = false);

 private:
  class Sink;
  void publish(const std::string& head, const CycleReport& report);
  void count_steps(const std::string& head, const CycleReport& report);

  LoopPorts p_;
  CycleCadence cadence_;      // which cycle comes next, and when work gives way to a webhook
  std::string counted_head_;  // steps up to this commit are in fleetwave_steps_total
  RepeatFilter errors_;       // app and cycle errors: logged once per change, not every cycle
  std::string last_failure_;  // the message of the failed cycles in a row, logged once
  int failures_in_a_row_ = 0;
  std::int64_t published_ms_ = 0;  // monotonic time of the last snapshot published
};

}  // namespace fleetwave::serve
