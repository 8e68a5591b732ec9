#include "serve/trigger_queue.h"

namespace fleetwave::serve {

void TriggerQueue::notify() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    pending_ = true;
    ++notifications_;
  }
  cv_.notify_all();
}

void TriggerQueue::stop() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    stopped_ = true;
  }
  cv_.notify_all();
}

bool TriggerQueue::stopping() const {
  std::lock_guard<std::mutex> lock(mu_);
  return stopped_;
}

bool TriggerQueue::pending() const {
  std::lock_guard<std::mutex> lock(mu_);
  return pending_;
}

TriggerQueue::Wake TriggerQueue::wait_for(std::chrono::milliseconds timeout) {
  std::unique_lock<std::mutex> lock(mu_);
  cv_.wait_for(lock, timeout, [&] { return pending_ || stopped_; });
  if (stopped_) return Wake::Stop;
  if (!pending_) return Wake::Timeout;
  pending_ = false;
  ++wakeups_;
  return Wake::Trigger;
}

std::uint64_t TriggerQueue::notifications() const {
  std::lock_guard<std::mutex> lock(mu_);
  return notifications_;
}

std::uint64_t TriggerQueue::wakeups() const {
  std::lock_guard<std::mutex> lock(mu_);
  return wakeups_;
}

}  // namespace fleetwave::serve
