// The loop's wake-up: webhooks notify, the loop waits for a notification, its interval or a
// stop. Notifications coalesce: any number arriving while a cycle runs yield exactly one
// follow-up cycle, so a webhook flood costs at most one extra cycle per cycle.
//
// Thread-safety: every method may be called from any thread; state is behind a private mutex.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>

namespace fleetwave::serve {

class TriggerQueue {
 public:
  enum class Wake { Trigger, Timeout, Stop };

  void notify();
  void stop();
  bool stopping() const;
  bool pending() const;  // a notification waits (not consumed)

  // Returns at once when stopped or a notification is pending (consuming it), else after
  // `timeout` or at the first notification or stop.
  Wake wait_for(std::chrono::milliseconds timeout);

  std::uint64_t notifications() const;  // every notify() so far
  std::uint64_t wakeups() const;        // notifications consumed (each led to one cycle)

 private:
  mutable std::mutex mu_;
  std::condition_variable cv_;
  bool pending_ = false;             // guarded by mu_
  bool stopped_ = false;             // guarded by mu_
  std::uint64_t notifications_ = 0;  // guarded by mu_
  std::uint64_t wakeups_ = 0;        // guarded by mu_
};

}  // namespace fleetwave::serve
