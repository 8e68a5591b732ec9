// Time, waiting and randomness come in through these ports (CONTRIBUTING.md, house rule 8), so
// decisions and tests never read the wall clock, sleep or draw random numbers behind a caller's
// back. main() builds the system ones; tests pass manual or seeded ones.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <mutex>
#include <random>
#include <thread>

namespace fleetwave {

class Clock {
 public:
  virtual ~Clock() = default;
  virtual std::int64_t now_ms() const = 0;  // milliseconds since the Unix epoch
  // For measuring how long something took: never jumps back. Defaults to now_ms().
  virtual std::int64_t monotonic_ms() const { return now_ms(); }
};

class SystemClock final : public Clock {
 public:
  std::int64_t now_ms() const override {
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
        .count();
  }
  std::int64_t monotonic_ms() const override {
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
  }
};

// A clock tests move by hand. Reads and moves are atomic, so threads may share it.
class ManualClock final : public Clock {
 public:
  explicit ManualClock(std::int64_t start_ms) : now_(start_ms) {}
  std::int64_t now_ms() const override { return now_.load(); }
  void advance_ms(std::int64_t delta) { now_ += delta; }
  void set_ms(std::int64_t now) { now_ = now; }

 private:
  std::atomic<std::int64_t> now_;
};

// Waiting (back-off between retries).
class Sleeper {
 public:
  virtual ~Sleeper() = default;
  virtual void sleep_ms(std::int64_t ms) = 0;
};

class SystemSleeper final : public Sleeper {
 public:
  void sleep_ms(std::int64_t ms) override {
    if (ms > 0) std::this_thread::sleep_for(std::chrono::milliseconds(ms));
  }
};

// Jitter: spreads racing writers and loop intervals apart.
class Random {
 public:
  virtual ~Random() = default;
  // A number in [0, 1).
  virtual double unit() = 0;
  // An integer in [lo, hi] (lo when hi < lo).
  std::int64_t uniform(std::int64_t lo, std::int64_t hi) {
    if (hi <= lo) return lo;
    const auto offset = static_cast<std::int64_t>(unit() * static_cast<double>(hi - lo + 1));
    return offset > hi - lo ? hi : lo + offset;  // unit() may round up to 1.0
  }
};

// A Mersenne Twister seeded once (from std::random_device unless a seed is given). Thread-safe.
class SystemRandom final : public Random {
 public:
  SystemRandom() : engine_(std::random_device{}()) {}
  explicit SystemRandom(std::uint64_t seed) : engine_(seed) {}
  double unit() override {
    std::lock_guard<std::mutex> lock(mu_);
    return std::uniform_real_distribution<double>(0.0, 1.0)(engine_);  // guarded by mu_
  }

 private:
  std::mutex mu_;
  std::mt19937_64 engine_;  // guarded by mu_
};

}  // namespace fleetwave
