// Trigger coalescing and the loop's schedule (jitter, backoff cap, which cycle comes next).
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
  EXPECT_TRUE(q.pending());
  EXPECT_TRUE(q.pending()) << "looking does not consume";
  EXPECT_EQ(q.wait_for(milliseconds(1000)), TriggerQueue::Wake::Trigger);
  EXPECT_FALSE(q.pending());
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

constexpr std::int64_t kInterval = 30'000;

TEST(CycleCadence, TheIntervalPlansEveryAppAWebhookWhatItChanged) {
  CycleCadence c(LoopSchedule{kInterval});
  std::int64_t now = 1'000'000;
  EXPECT_EQ(c.next_scope(/*triggered=*/true, now), CycleScope::EveryApp) << "nothing planned yet";
  EXPECT_EQ(c.finished(CycleScope::EveryApp, true, false, now, 0.5), kInterval);
  EXPECT_EQ(c.next_scope(true, now + 5'000), CycleScope::ChangedApps);
  EXPECT_EQ(c.finished(CycleScope::ChangedApps, true, false, now + 5'400, 0.5), kInterval - 5'400)
      << "the interval's cycle stays where it was";
  EXPECT_EQ(c.next_scope(false, now + kInterval), CycleScope::EveryApp);
  EXPECT_EQ(c.next_scope(true, now + kInterval), CycleScope::ChangedApps) << "when it is due, it comes next";
  EXPECT_EQ(c.finished(CycleScope::ChangedApps, true, false, now + kInterval + 400, 0.5), 0);
  EXPECT_EQ(c.next_scope(true, now + CycleCadence::kGiveWayIntervals * kInterval), CycleScope::EveryApp)
      << "webhooks never keep it from running for longer than three intervals";
}

TEST(CycleCadence, ACycleOfEveryAppGivesWayToAWebhookAtOnceButNotForever) {
  CycleCadence c(LoopSchedule{kInterval});
  std::int64_t now = 1'000'000;
  (void)c.finished(CycleScope::EveryApp, true, false, now, 0.5);
  now += kInterval;
  ASSERT_TRUE(c.may_give_way(now));
  EXPECT_EQ(c.finished(CycleScope::EveryApp, true, /*interrupted=*/true, now + 300, 0.5), 0);
  EXPECT_EQ(c.next_scope(/*triggered=*/false, now + 300), CycleScope::ChangedApps) << "the webhook's runs first";
  (void)c.finished(CycleScope::ChangedApps, true, false, now + 600, 0.5);
  EXPECT_EQ(c.next_scope(false, now + 600), CycleScope::EveryApp) << "then the one that gave way";
  const std::int64_t completed = now - kInterval;  // the last cycle of every app that ran to its end
  EXPECT_TRUE(c.may_give_way(completed + CycleCadence::kGiveWayIntervals * kInterval - 1));
  EXPECT_FALSE(c.may_give_way(completed + CycleCadence::kGiveWayIntervals * kInterval))
      << "none completed for three intervals: this one runs to its end";
}

TEST(CycleCadence, FailuresBackOffWhateverTheScope) {
  CycleCadence c(LoopSchedule{kInterval});
  (void)c.finished(CycleScope::EveryApp, true, false, 0, 0.5);
  EXPECT_EQ(c.finished(CycleScope::ChangedApps, /*ok=*/false, false, 1'000, 0.5), 2 * kInterval);
  EXPECT_EQ(c.finished(CycleScope::EveryApp, false, false, 61'000, 0.5), 4 * kInterval);
  EXPECT_EQ(c.finished(CycleScope::EveryApp, true, false, 181'000, 0.5), kInterval);
}

}  // namespace
}  // namespace fleetwave::serve
