#include "adapters/notify/delivery_worker.h"

#include <algorithm>
#include <chrono>
#include <utility>
#include <vector>

#include "adapters/http/http_client.h"

namespace fleetwave {

std::int64_t retry_delay_ms(const DeliveryRetry& policy, int attempt) {
  std::int64_t delay = std::max<std::int64_t>(policy.initial_delay_ms, 0);
  for (int i = 1; i < attempt && delay < policy.max_delay_ms; ++i) delay *= 2;
  return std::min(delay, policy.max_delay_ms);
}

DeliveryWorker::DeliveryWorker(DeliveryWorkerOptions options, Sleeper& sleeper, const Clock& clock, Reporter report)
    : options_(options), sleeper_(sleeper), clock_(clock), report_(std::move(report)) {
  thread_ = std::thread([this] { run(); });
}

DeliveryWorker::~DeliveryWorker() { stop(); }

bool DeliveryWorker::enqueue(Delivery delivery) {
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (!stopping_ && queue_.size() < options_.capacity) {
      queue_.push_back(std::move(delivery));
      cv_.notify_all();
      return true;
    }
  }
  DeliveryResult result{delivery.channel, delivery.id, delivery.target, DeliveryResult::Kind::Dropped, 0, {}};
  result.last.detail = "queue full";
  finish(delivery, std::move(result));
  return false;
}

void DeliveryWorker::stop() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (!stopping_) {
      stopping_ = true;
      deadline_ms_ = clock_.monotonic_ms() + options_.drain_ms;
    }
  }
  cv_.notify_all();
  if (!thread_.joinable() || thread_.get_id() == std::this_thread::get_id()) return;
  {
    std::unique_lock<std::mutex> lock(mu_);
    while (!finished_ && clock_.monotonic_ms() < deadline_ms_) cv_.wait_for(lock, std::chrono::milliseconds(20));
  }
  cancel_.store(true);  // the drain is over: end a request still in flight
  thread_.join();
}

void DeliveryWorker::wait_idle() {
  std::unique_lock<std::mutex> lock(mu_);
  cv_.wait(lock, [this] { return queue_.empty() && !busy_; });
}

bool DeliveryWorker::stopping() const {
  std::lock_guard<std::mutex> lock(mu_);
  return stopping_;
}

void DeliveryWorker::run() {
  const HttpCancelScope cancel_scope(&cancel_);
  run_deliveries();
  std::lock_guard<std::mutex> lock(mu_);
  finished_ = true;
  cv_.notify_all();
}

void DeliveryWorker::run_deliveries() {
  for (;;) {
    Delivery delivery;
    std::vector<Delivery> abandoned;
    {
      std::unique_lock<std::mutex> lock(mu_);
      cv_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
      if (queue_.empty()) return;  // stopping, nothing left
      if (stopping_ && clock_.monotonic_ms() >= deadline_ms_) {
        abandoned.assign(std::make_move_iterator(queue_.begin()), std::make_move_iterator(queue_.end()));
        queue_.clear();
      } else {
        delivery = std::move(queue_.front());
        queue_.pop_front();
        busy_ = true;
      }
    }
    for (Delivery& d : abandoned) {
      DeliveryResult result{d.channel, d.id, d.target, DeliveryResult::Kind::Dropped, 0, {}};
      result.last.detail = "shutting down";
      finish(d, std::move(result));
    }
    if (!abandoned.empty()) {
      cv_.notify_all();
      return;
    }
    deliver(delivery);
    {
      std::lock_guard<std::mutex> lock(mu_);
      busy_ = false;
    }
    cv_.notify_all();
  }
}

void DeliveryWorker::deliver(Delivery& delivery) {
  DeliveryResult result{delivery.channel, delivery.id, delivery.target, DeliveryResult::Kind::Failed, 0, {}};
  for (int attempt = 1;; ++attempt) {
    result.attempts = attempt;
    result.last = delivery.attempt ? delivery.attempt() : AttemptOutcome{};
    if (result.last.kind == AttemptOutcome::Kind::Done) {
      result.kind = DeliveryResult::Kind::Delivered;
      break;
    }
    if (result.last.kind == AttemptOutcome::Kind::GiveUp || attempt >= options_.retry.max_attempts || stopping()) break;
    // Back off in slices, so a shutdown cuts the wait short (and ends the retries).
    bool interrupted = false;
    for (std::int64_t left = retry_delay_ms(options_.retry, attempt); left > 0 && !interrupted;) {
      const std::int64_t slice = std::min(left, std::max<std::int64_t>(options_.sleep_slice_ms, 1));
      sleeper_.sleep_ms(slice);
      left -= slice;
      interrupted = stopping();
    }
    if (interrupted) break;
  }
  finish(delivery, std::move(result));
}

void DeliveryWorker::finish(Delivery& delivery, DeliveryResult result) {
  if (delivery.done) delivery.done(result);
  if (report_) report_(result);
}

}  // namespace fleetwave
