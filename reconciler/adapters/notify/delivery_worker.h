// A background sender: a bounded queue of deliveries (a webhook POST, a commit status) and one
// thread that makes their attempts, so a slow or down endpoint never blocks the reconcile
// cycle. The loop thread only enqueues (never waits); a full queue drops the delivery and says
// so. Between attempts the thread backs off exponentially (retry_delay_ms) through the Sleeper
// port, in slices, so shutdown is never held up by a back-off.
//
// Shutdown (the destructor, or stop()): new deliveries are refused; what is queued gets one
// more attempt each (no more back-offs) until drain_ms passes, the rest is dropped; a request
// still in flight then is cancelled (within 100 ms: HttpCancelScope), so a receiver that
// trickles its answer cannot hold shutdown past the drain.
//
// Thread-safety: enqueue() and stop() may be called from any thread; the queue is behind a
// private mutex. `report` runs on the worker thread (and on the caller's for drops).
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>
#include <string>
#include <thread>

#include "base/clock.h"

namespace fleetwave {

// What one attempt came to.
struct AttemptOutcome {
  enum class Kind { Done, Retry, GiveUp };
  Kind kind = Kind::Done;
  std::string detail;     // why it did not succeed: "HTTP 500", "unreachable (Connection)"; never a URL
  bool answered = false;  // the endpoint answered (with a status) rather than failing to connect
};

// What became of a delivery, once: delivered, failed (attempts used up or given up), dropped
// (queue full, or shutdown).
struct DeliveryResult {
  std::string channel;  // "notification" | "commit-status"
  std::string id;       // what it was about: a commit id, "sha context"
  std::string target;   // where, for logs: scheme://host, never the full URL
  enum class Kind { Delivered, Failed, Dropped } kind = Kind::Delivered;
  int attempts = 0;
  AttemptOutcome last;  // the last attempt's outcome
};

struct Delivery {
  std::string channel;
  std::string id;
  std::string target;
  std::function<AttemptOutcome()> attempt;  // one try; runs on the worker thread
  // After the delivery ended (on the worker thread), before `report`: e.g. forget a status
  // that did not land, so a later cycle posts it again. May be empty.
  std::function<void(const DeliveryResult&)> done;
};

struct DeliveryRetry {
  int max_attempts = 5;
  std::int64_t initial_delay_ms = 1000;  // 1 s, 2 s, 4 s, 8 s, ...
  std::int64_t max_delay_ms = 30'000;
};

// The pause before attempt `attempt` + 1 after `attempt` (1-based) failed: initial * 2^(attempt-1),
// capped at max_delay_ms.
std::int64_t retry_delay_ms(const DeliveryRetry& policy, int attempt);

struct DeliveryWorkerOptions {
  std::size_t capacity = 256;  // queued deliveries at most; more are dropped
  DeliveryRetry retry;
  std::int64_t drain_ms = 3000;  // at shutdown
  std::int64_t sleep_slice_ms = 100;
};

class DeliveryWorker {
 public:
  using Reporter = std::function<void(const DeliveryResult&)>;

  // `sleeper` and `clock` (monotonic_ms, for the drain deadline) outlive the worker.
  DeliveryWorker(DeliveryWorkerOptions options, Sleeper& sleeper, const Clock& clock, Reporter report);
  ~DeliveryWorker();
  DeliveryWorker(const DeliveryWorker&) = delete;
  DeliveryWorker& operator=(const DeliveryWorker&) = delete;

  // Never blocks on the network. False (and reported as dropped) when full or stopping.
  bool enqueue(Delivery delivery);

  // Refuses new deliveries, drains for at most drain_ms, joins the thread. Idempotent.
  void stop();

  // Blocks until the queue is empty and no delivery is in progress (tests).
  void wait_idle();

 private:
  void run();
  void run_deliveries();
  void deliver(Delivery& delivery);
  bool stopping() const;
  void finish(Delivery& delivery, DeliveryResult result);

  const DeliveryWorkerOptions options_;
  Sleeper& sleeper_;
  const Clock& clock_;
  const Reporter report_;

  mutable std::mutex mu_;
  std::condition_variable cv_;
  std::deque<Delivery> queue_;       // guarded by mu_
  bool stopping_ = false;            // guarded by mu_
  bool busy_ = false;                // guarded by mu_: a delivery is being attempted
  std::int64_t deadline_ms_ = 0;     // guarded by mu_: monotonic end of the drain once stopping
  bool finished_ = false;            // guarded by mu_: run() returned
  std::atomic<bool> cancel_{false};  // set at the end of the drain: ends a request in flight
  std::thread thread_;
};

}  // namespace fleetwave
