// When the next cycle runs: the interval with ±10% jitter after a success (so several
// replicas spread out), exponential backoff after consecutive failures, capped at
// min(5 min, 10 × interval) but never below the interval. Pure: the random draw comes in.
#pragma once

#include <cstdint>

#include "reconcile/cycle_scope.h"

namespace fleetwave::serve {

struct LoopSchedule {
  std::int64_t interval_ms = 30'000;

  // The backoff cap.
  std::int64_t max_backoff_ms() const;

  // Delay before the next cycle after `failures` consecutive failed cycles (0 = the last one
  // succeeded). `unit` in [0, 1) picks the jitter: 0.5 is none.
  std::int64_t next_delay_ms(int failures, double unit) const;
};

// Which cycle runs next. The interval's cycle plans every app; a webhook's plans only what the
// push changed (reconcile/cycle_scope.h), so a person's release moves within a second at any
// fleet size. A cycle of every app gives way to a waiting webhook (it is interrupted, and the
// webhook's cycle runs at once) as long as one completed within the last kGiveWayIntervals
// intervals: a stream of webhooks delays time-based steps (bakes, deadlines) by at most that.
// Pure: times and the random draw come in.
class CycleCadence {
 public:
  static constexpr std::int64_t kGiveWayIntervals = 3;

  explicit CycleCadence(LoopSchedule schedule) : schedule_(schedule) {}

  // Whether a cycle of every app starting at `now_ms` may be interrupted for a webhook.
  bool may_give_way(std::int64_t now_ms) const { return may_give_way_since(every_app_done_ms_, now_ms); }
  // The same rule for anything done last at `done_ms` (publishing a snapshot).
  bool may_give_way_since(std::int64_t done_ms, std::int64_t now_ms) const;

  // Records a cycle that ended at `now_ms`; returns how long to wait for the next one
  // (0 and `scope` ChangedApps when a cycle of every app gave way).
  std::int64_t finished(CycleScope scope, bool ok, bool interrupted, std::int64_t now_ms, double unit);

  // The scope of the cycle after waking at `now_ms`, by a webhook (`triggered`) or the timer.
  CycleScope next_scope(bool triggered, std::int64_t now_ms) const;

 private:
  LoopSchedule schedule_;
  int failures_ = 0;
  bool gave_way_ = false;               // the last cycle of every app was interrupted
  std::int64_t every_app_done_ms_ = 0;  // when the last cycle of every app completed
  std::int64_t every_app_due_ms_ = 0;   // when the next is due
};

}  // namespace fleetwave::serve
