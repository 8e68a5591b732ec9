// When the next cycle runs: the interval with ±10% jitter after a success (so several
// replicas spread out), exponential backoff after consecutive failures, capped at
// min(5 min, 10 × interval) but never below the interval. Pure: the random draw comes in.
#pragma once

#include <cstdint>

namespace fleetwave::serve {

struct LoopSchedule {
  std::int64_t interval_ms = 30'000;

  // The backoff cap.
  std::int64_t max_backoff_ms() const;

  // Delay before the next cycle after `failures` consecutive failed cycles (0 = the last one
  // succeeded). `unit` in [0, 1) picks the jitter: 0.5 is none.
  std::int64_t next_delay_ms(int failures, double unit) const;
};

}  // namespace fleetwave::serve
