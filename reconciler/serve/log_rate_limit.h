// A token bucket for log lines that outsiders can cause (refused webhooks): a burst of `burst`
// lines, then one every `interval_ms`; the rest are counted, not written, and the next line
// written says how many were left out. A flood of bad requests cannot fill the disk or drown
// the lines that matter.
//
// Thread-safety: every method may be called from any thread; state is behind a private mutex.
#pragma once

#include <cstdint>
#include <mutex>

namespace fleetwave::serve {

class LogRateLimit {
 public:
  LogRateLimit(int burst, std::int64_t interval_ms) : burst_(burst), interval_ms_(interval_ms), tokens_(burst) {}

  struct Verdict {
    bool write = false;
    std::uint64_t suppressed_before = 0;  // lines left out since the last one written (when write)
  };

  Verdict take(std::int64_t now_ms);

 private:
  const int burst_;
  const std::int64_t interval_ms_;
  std::mutex mu_;
  int tokens_;                       // guarded by mu_
  std::int64_t last_refill_ms_ = 0;  // guarded by mu_
  bool started_ = false;             // guarded by mu_
  std::uint64_t suppressed_ = 0;     // guarded by mu_
};

}  // namespace fleetwave::serve
