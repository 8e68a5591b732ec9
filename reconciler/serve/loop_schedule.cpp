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

}  // namespace fleetwave::serve
