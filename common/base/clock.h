// Time comes in through this port (STYLE.md rule 8), so decisions and tests never read the
// wall clock directly.
#pragma once

#include <chrono>
#include <cstdint>

namespace fleetwave {

class Clock {
 public:
  virtual ~Clock() = default;
  virtual std::int64_t now_ms() const = 0;  // milliseconds since the Unix epoch
};

class SystemClock final : public Clock {
 public:
  std::int64_t now_ms() const override {
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
        .count();
  }
};

// A clock tests move by hand. Not thread-safe.
class ManualClock final : public Clock {
 public:
  explicit ManualClock(std::int64_t start_ms) : now_(start_ms) {}
  std::int64_t now_ms() const override { return now_; }
  void advance_ms(std::int64_t delta) { now_ += delta; }
  void set_ms(std::int64_t now) { now_ = now; }

 private:
  std::int64_t now_;
};

}  // namespace fleetwave
