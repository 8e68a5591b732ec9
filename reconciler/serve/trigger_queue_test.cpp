// Trigger coalescing and the loop's schedule (jitter, backoff cap).
#include "serve/trigger_queue.h"

#include <thread>

#include <gtest/gtest.h>

#include "serve/loop_schedule.h"

namespace fleetwave::serve {
namespace {

using std::chrono::milliseconds;

TEST(TriggerQueue, NotificationsDuringACycleCoalesceIntoOneFollowUp) {
  TriggerQueue q;
  EXPECT_EQ(q.wait_for(milliseconds(1)), TriggerQueue::Wake::Timeout);
  for (int i = 0; i < 200; ++i) q.notify();  // a flood while "a cycle runs"
  EXPECT_EQ(q.wait_for(milliseconds(1000)), TriggerQueue::Wake::Trigger);
  EXPECT_EQ(q.wait_for(milliseconds(1)), TriggerQueue::Wake::Timeout);  // exactly one follow-up
  EXPECT_EQ(q.notifications(), 200u);
  EXPECT_EQ(q.wakeups(), 1u);
}

TEST(TriggerQueue, NotifyFromAnotherThreadWakesAWaiterAtOnce) {
  TriggerQueue q;
  std::thread t([&] {
    std::this_thread::sleep_for(milliseconds(20));
    q.notify();
  });
  const auto start = std::chrono::steady_clock::now();
  EXPECT_EQ(q.wait_for(milliseconds(10'000)), TriggerQueue::Wake::Trigger);
  EXPECT_LT(std::chrono::steady_clock::now() - start, milliseconds(5'000));
  t.join();
}

TEST(TriggerQueue, StopWinsOverPendingTriggers) {
  TriggerQueue q;
  q.notify();
  q.stop();
  EXPECT_TRUE(q.stopping());
  EXPECT_EQ(q.wait_for(milliseconds(10'000)), TriggerQueue::Wake::Stop);
}

TEST(LoopSchedule, JitterBackoffAndCap) {
  struct Case {
    std::string name;
    std::int64_t interval_ms;
    int failures;
    double unit;
    std::int64_t want_ms;
  } cases[] = {
      {"no jitter", 30'000, 0, 0.5, 30'000},
      {"jitter low", 30'000, 0, 0.0, 27'000},
      {"jitter high", 30'000, 0, 1.0, 33'000},
      {"one failure", 30'000, 1, 0.5, 60'000},
      {"three failures", 30'000, 3, 0.5, 240'000},
      {"capped at 5m", 30'000, 10, 0.5, 300'000},
      {"short interval capped at 10x", 1'000, 10, 0.5, 10'000},
      {"long interval never below it", 600'000, 3, 0.5, 600'000},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    LoopSchedule s{c.interval_ms};
    EXPECT_EQ(s.next_delay_ms(c.failures, c.unit), c.want_ms);
  }
}

}  // namespace
}  // namespace fleetwave::serve
