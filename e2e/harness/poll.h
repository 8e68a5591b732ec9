// Waiting for something another process does: poll a condition until a deadline (never a fixed
// sleep standing in for correctness).
#pragma once

#include <chrono>
#include <string>
#include <thread>

#include "base/result.h"

namespace fleetwave::e2e {

using Millis = std::chrono::milliseconds;

// Calls `done()` every `every` until it returns true (ok) or `timeout` passes (Transient error
// naming `what`).
template <typename Condition>
[[nodiscard]] Status<> poll_until(Condition&& done, Millis timeout, const std::string& what,
                                  Millis every = Millis(50)) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (true) {
    if (done()) return ok_status();
    if (std::chrono::steady_clock::now() >= deadline) {
      return transient("timed out after " + std::to_string(timeout.count()) + " ms waiting for " + what);
    }
    std::this_thread::sleep_for(every);
  }
}

}  // namespace fleetwave::e2e
