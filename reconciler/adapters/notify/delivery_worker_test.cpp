// The background sender: retries with back-off (through a recording Sleeper, so no test
// waits), giving up, a full queue, and shutdown.
#include "adapters/notify/delivery_worker.h"

#include <atomic>
#include <future>

#include <gtest/gtest.h>

namespace fleetwave {
namespace {

// Records every sleep and returns at once. Thread-safe.
class RecordingSleeper final : public Sleeper {
 public:
  void sleep_ms(std::int64_t ms) override {
    std::lock_guard<std::mutex> lock(mu_);
    total_ += ms;
  }
  std::int64_t total() const {
    std::lock_guard<std::mutex> lock(mu_);
    return total_;
  }

 private:
  mutable std::mutex mu_;
  std::int64_t total_ = 0;
};

struct Recorder {
  std::mutex mu;
  std::vector<DeliveryResult> results;
  DeliveryWorker::Reporter reporter() {
    return [this](const DeliveryResult& r) {
      std::lock_guard<std::mutex> lock(mu);
      results.push_back(r);
    };
  }
};

// An attempt that answers from `script` (the last entry repeats) and counts its calls.
Delivery scripted(const std::string& id, std::vector<AttemptOutcome::Kind> script, std::atomic<int>& calls) {
  Delivery d;
  d.channel = "notification";
  d.id = id;
  d.target = "http://127.0.0.1:1";
  d.attempt = [script, &calls] {
    const int n = calls++;
    const auto kind = script[std::min<std::size_t>(n, script.size() - 1)];
    return AttemptOutcome{kind, kind == AttemptOutcome::Kind::Done ? "" : "HTTP 500", true};
  };
  return d;
}

TEST(DeliveryWorker, RetryDelaysDoubleUpToTheCap) {
  DeliveryRetry p{5, 1000, 5000};
  const std::vector<std::int64_t> want = {1000, 2000, 4000, 5000, 5000};
  for (int attempt = 1; attempt <= 5; ++attempt) EXPECT_EQ(retry_delay_ms(p, attempt), want[attempt - 1]) << attempt;
  EXPECT_EQ(retry_delay_ms(DeliveryRetry{5, 0, 100}, 3), 0);
}

TEST(DeliveryWorker, RetriesUntilDoneOrGivenUp) {
  using K = AttemptOutcome::Kind;
  struct Case {
    std::string name;
    std::vector<K> script;
    DeliveryResult::Kind want;
    int attempts;
    std::int64_t slept;
  };
  const std::vector<Case> cases = {
      {"done at once", {K::Done}, DeliveryResult::Kind::Delivered, 1, 0},
      {"500 then 200", {K::Retry, K::Done}, DeliveryResult::Kind::Delivered, 2, 1000},
      {"retried until the attempts run out", {K::Retry}, DeliveryResult::Kind::Failed, 5, 1000 + 2000 + 4000 + 8000},
      {"a 4xx is given up at once", {K::GiveUp}, DeliveryResult::Kind::Failed, 1, 0},
      {"retry then give up", {K::Retry, K::GiveUp}, DeliveryResult::Kind::Failed, 2, 1000},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    RecordingSleeper sleeper;
    SystemClock clock;
    Recorder recorder;
    std::atomic<int> calls{0};
    DeliveryWorker worker({}, sleeper, clock, recorder.reporter());
    ASSERT_TRUE(worker.enqueue(scripted("c1", c.script, calls)));
    worker.wait_idle();
    std::lock_guard<std::mutex> lock(recorder.mu);
    ASSERT_EQ(recorder.results.size(), 1u);
    EXPECT_EQ(recorder.results[0].kind, c.want);
    EXPECT_EQ(recorder.results[0].attempts, c.attempts);
    EXPECT_EQ(calls.load(), c.attempts);
    EXPECT_EQ(sleeper.total(), c.slept);
  }
}

TEST(DeliveryWorker, AFullQueueDropsAndSaysSo) {
  RecordingSleeper sleeper;
  SystemClock clock;
  Recorder recorder;
  std::promise<void> release;
  std::shared_future<void> released = release.get_future().share();
  std::promise<void> started;
  DeliveryWorkerOptions options;
  options.capacity = 1;
  DeliveryWorker worker(options, sleeper, clock, recorder.reporter());
  Delivery blocking;
  blocking.channel = "notification";
  blocking.id = "first";
  blocking.attempt = [&] {
    started.set_value();
    released.wait();
    return AttemptOutcome{};
  };
  ASSERT_TRUE(worker.enqueue(std::move(blocking)));
  started.get_future().wait();  // the first is being attempted: the queue is empty again
  std::atomic<int> calls{0};
  EXPECT_TRUE(worker.enqueue(scripted("second", {AttemptOutcome::Kind::Done}, calls)));
  EXPECT_FALSE(worker.enqueue(scripted("third", {AttemptOutcome::Kind::Done}, calls)));
  {
    std::lock_guard<std::mutex> lock(recorder.mu);
    ASSERT_EQ(recorder.results.size(), 1u);
    EXPECT_EQ(recorder.results[0].id, "third");
    EXPECT_EQ(recorder.results[0].kind, DeliveryResult::Kind::Dropped);
    EXPECT_EQ(recorder.results[0].last.detail, "queue full");
  }
  release.set_value();
  worker.wait_idle();
  std::lock_guard<std::mutex> lock(recorder.mu);
  ASSERT_EQ(recorder.results.size(), 3u);
  EXPECT_EQ(recorder.results[1].id, "first");
  EXPECT_EQ(recorder.results[2].id, "second");
  EXPECT_EQ(calls.load(), 1);
}

TEST(DeliveryWorker, ShutdownEndsBackOffsAndRefusesNewDeliveries) {
  SystemSleeper sleeper;  // a real back-off of 1 s, cut short by stop()
  SystemClock clock;
  Recorder recorder;
  std::atomic<int> calls{0};
  DeliveryWorkerOptions options;
  options.sleep_slice_ms = 10;
  options.retry.initial_delay_ms = 60'000;
  auto worker = std::make_unique<DeliveryWorker>(options, sleeper, clock, recorder.reporter());
  ASSERT_TRUE(worker->enqueue(scripted("c1", {AttemptOutcome::Kind::Retry}, calls)));
  while (calls.load() == 0) std::this_thread::yield();
  const auto before = std::chrono::steady_clock::now();
  worker->stop();
  EXPECT_LT(std::chrono::steady_clock::now() - before, std::chrono::seconds(5));  // not the minute of back-off
  EXPECT_FALSE(worker->enqueue(scripted("late", {AttemptOutcome::Kind::Done}, calls)));
  worker.reset();
  std::lock_guard<std::mutex> lock(recorder.mu);
  ASSERT_EQ(recorder.results.size(), 2u);
  EXPECT_EQ(recorder.results[0].kind, DeliveryResult::Kind::Failed);
  EXPECT_EQ(recorder.results[0].attempts, 1);
  EXPECT_EQ(recorder.results[1].id, "late");
  EXPECT_EQ(recorder.results[1].kind, DeliveryResult::Kind::Dropped);
  EXPECT_EQ(calls.load(), 1);
}

}  // namespace
}  // namespace fleetwave
