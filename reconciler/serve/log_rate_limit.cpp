#include "serve/log_rate_limit.h"

#include <algorithm>

namespace fleetwave::serve {

LogRateLimit::Verdict LogRateLimit::take(std::int64_t now_ms) {
  std::lock_guard<std::mutex> lock(mu_);
  if (!started_) {
    started_ = true;
    last_refill_ms_ = now_ms;
  }
  if (now_ms > last_refill_ms_ && interval_ms_ > 0) {
    const std::int64_t earned = (now_ms - last_refill_ms_) / interval_ms_;
    if (earned > 0) {
      tokens_ = static_cast<int>(std::min<std::int64_t>(burst_, tokens_ + earned));
      last_refill_ms_ += earned * interval_ms_;
    }
  }
  if (tokens_ == 0) {
    ++suppressed_;
    return {};
  }
  --tokens_;
  Verdict v{true, suppressed_};
  suppressed_ = 0;
  return v;
}

}  // namespace fleetwave::serve
