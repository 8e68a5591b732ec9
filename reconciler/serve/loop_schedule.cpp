#include "serve/loop_schedule.h"

#include <algorithm>

namespace fleetwave::serve {

std::int64_t LoopSchedule::max_backoff_ms() const {
  return std::max(interval_ms, std::min<std::int64_t>(5 * 60'000, 10 * interval_ms));
}

std::int64_t LoopSchedule::next_delay_ms(int failures, double unit) const {
  std::int64_t base = interval_ms;
  for (int i = 0; i < failures && base < max_backoff_ms(); ++i) base *= 2;
  base = std::min(base, max_backoff_ms());
  const double jitter = 0.9 + 0.2 * std::clamp(unit, 0.0, 1.0);  // ±10%
  return std::max<std::int64_t>(1, static_cast<std::int64_t>(static_cast<double>(base) * jitter));
}

bool CycleCadence::may_give_way_since(std::int64_t done_ms, std::int64_t now_ms) const {
  return now_ms - done_ms < kGiveWayIntervals * schedule_.interval_ms;
}

std::int64_t CycleCadence::finished(CycleScope scope, bool ok, bool interrupted, std::int64_t now_ms, double unit) {
  gave_way_ = interrupted;
  if (interrupted) return 0;
  failures_ = ok ? 0 : failures_ + 1;
  if (!ok) return schedule_.next_delay_ms(failures_, unit);
  if (scope == CycleScope::EveryApp) {
    every_app_done_ms_ = now_ms;
    every_app_due_ms_ = now_ms + schedule_.next_delay_ms(0, unit);
  }
  return std::max<std::int64_t>(0, every_app_due_ms_ - now_ms);
}

CycleScope CycleCadence::next_scope(bool triggered, std::int64_t now_ms) const {
  // A webhook's cycle goes first even when the interval's is due: that one follows at once.
  if (gave_way_ || (triggered && may_give_way(now_ms))) return CycleScope::ChangedApps;
  return CycleScope::EveryApp;
}

}  // namespace fleetwave::serve
