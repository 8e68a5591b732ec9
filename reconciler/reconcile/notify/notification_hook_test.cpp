// Step notifications end to end against a loopback receiver: bodies, the event filter,
// retries, a down or slow endpoint, and at most one delivery per step commit.
#include "reconcile/notify/notification_hook.h"

#include <gtest/gtest.h>

#include "codec/json_reader.h"
#include "reconcile/cycle_report.h"
#include "reconcile/notify/notify_fixture.h"
#include "reconcile/step_writer.h"
#include "testkit/fakes/fake_webhook_receiver.h"
#include "testkit/fakes/in_memory_git_repository.h"

namespace fleetwave {
namespace {

using testing_support::kReleaseSha;

class RecordingSleeper final : public Sleeper {
 public:
  void sleep_ms(std::int64_t ms) override { total_ += ms; }
  std::atomic<std::int64_t> total_{0};
};

class NotificationHookTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto receiver = testkit::FakeWebhookReceiver::start();
    ASSERT_TRUE(receiver.ok()) << receiver.error().to_string();
    receiver_ = std::move(receiver).value();
    plan_ = testing_support::shop_plan();
  }

  NotificationTarget target(const std::string& path, std::set<std::string> events, const std::string& format) {
    auto url = parse_webhook_url(receiver_->url(path), "test");
    EXPECT_TRUE(url.ok());
    return {*url, std::move(events), format};
  }

  std::unique_ptr<DeliveryWorker> worker() {
    return std::make_unique<DeliveryWorker>(DeliveryWorkerOptions{}, sleeper_, clock_, [this](const DeliveryResult& r) {
      std::lock_guard<std::mutex> lock(mu_);
      results_.push_back(r);
    });
  }

  // Runs after_push for `steps`, their commits named c1, c2, ...
  void push(NotificationHook& hook, const std::vector<PlannedApp>& steps) {
    CycleReport report;
    for (std::size_t i = 0; i < steps.size(); ++i) report.commits.push_back("c" + std::to_string(i + 1));
    HookContext ctx{writer_, author_, branch_};
    hook.after_push(ctx, steps, report);
  }

  std::vector<DeliveryResult> results() {
    std::lock_guard<std::mutex> lock(mu_);
    return results_;
  }

  std::unique_ptr<testkit::FakeWebhookReceiver> receiver_;
  std::unique_ptr<WavePlan> plan_;
  ManualClock clock_{1'800'000'000'000};
  RecordingSleeper sleeper_;
  SystemRandom random_{1};
  testkit::InMemoryGitRepository repo_;
  StepWriter writer_{repo_, clock_, sleeper_, random_};
  git::Signature author_{"fleetwave", "bot@example.com", 0, 0};
  std::string branch_ = "main";
  std::mutex mu_;
  std::vector<DeliveryResult> results_;
};

TEST_F(NotificationHookTest, JsonAndSlackBodiesForTheSubscribedEvents) {
  auto steps = testing_support::simulate_rollout(*plan_, {"eu-1"});
  ASSERT_EQ(steps.size(), 3u);  // start, advance, rollback
  auto w = worker();
  NotificationHookOptions options;
  options.board_url = "https://fleetwave.example.com";
  options.user_agent = "fleetwave/1.2.3";
  NotificationHook hook(
      {target("/json", {"start", "advance", "rollback"}, "json"), target("/slack", {"rollback", "hold"}, "slack")}, *w,
      clock_, options);
  push(hook, steps);
  w->wait_idle();
  auto got = receiver_->received();
  ASSERT_EQ(got.size(), 4u);
  std::vector<std::string> targets;
  for (auto& r : got) targets.push_back(r.target + " " + r.headers["x-fleetwave-delivery"]);
  EXPECT_EQ(targets, (std::vector<std::string>{"/json c1", "/json c2", "/json c3", "/slack c3"}));

  testkit::ReceivedWebhook& rollback = got[2];
  EXPECT_EQ(rollback.headers["content-type"], "application/json");
  EXPECT_EQ(rollback.headers["user-agent"], "fleetwave/1.2.3");
  EXPECT_EQ(rollback.headers["x-fleetwave-event"], "rollback");
  auto body = parse_json(rollback.body, "body");
  ASSERT_TRUE(body.ok()) << rollback.body;
  const std::string evidence = steps[2].step->message.trailer("Fleetwave-Evidence");
  ASSERT_FALSE(evidence.empty());
  Json want = {{"event", "rollback"},
               {"app", "shop"},
               {"release", kReleaseSha},
               {"wave", "europe"},
               {"commit", "c3"},
               {"actor", "fleetwave <bot@example.com>"},
               {"subject", steps[2].report.subject},
               {"evidence", evidence},
               {"time", "2027-01-15T08:00:00Z"},
               {"branch", "main"},
               {"url", "https://fleetwave.example.com/apps/shop"}};
  EXPECT_EQ(*body, want) << body->dump(2);

  auto slack = parse_json(got[3].body, "slack");
  ASSERT_TRUE(slack.ok());
  ASSERT_EQ(slack->size(), 1u);
  const std::string text = string_at(*slack, {"text"});
  EXPECT_EQ(text.rfind(":rewind: *shop* rollback aaaaaaa (wave europe): ", 0), 0u) << text;
  EXPECT_NE(text.find("\n> " + evidence), std::string::npos) << text;
  EXPECT_NE(text.find("<https://fleetwave.example.com/apps/shop|open the board>"), std::string::npos) << text;
  ASSERT_EQ(results().size(), 4u);
  for (const DeliveryResult& r : results()) EXPECT_EQ(r.kind, DeliveryResult::Kind::Delivered);
}

TEST_F(NotificationHookTest, RetriesAfterAServerErrorAndDeliversOnce) {
  receiver_->script({500, 200});
  auto w = worker();
  NotificationHook hook({target("/hook", {"start"}, "json")}, *w, clock_);
  push(hook, {testing_support::simulate_rollout(*plan_).front()});
  w->wait_idle();
  auto got = receiver_->received();
  ASSERT_EQ(got.size(), 2u);  // two attempts ...
  EXPECT_EQ(got[0].body, got[1].body);
  EXPECT_EQ(got[0].headers["x-fleetwave-delivery"], got[1].headers["x-fleetwave-delivery"]);
  ASSERT_EQ(results().size(), 1u);  // ... one delivery
  EXPECT_EQ(results()[0].kind, DeliveryResult::Kind::Delivered);
  EXPECT_EQ(results()[0].attempts, 2);
  EXPECT_EQ(sleeper_.total_.load(), 1000);
}

TEST_F(NotificationHookTest, ADownEndpointGetsBoundedAttemptsAndNeverBlocksTheCycle) {
  const std::string url = receiver_->url("/hook");
  NotificationTarget down = target("/hook", {"start"}, "json");
  receiver_.reset();  // nothing listens there any more
  auto w = worker();
  NotificationHook hook({down}, *w, clock_);
  const auto before = std::chrono::steady_clock::now();
  push(hook, {testing_support::simulate_rollout(*plan_).front()});
  EXPECT_LT(std::chrono::steady_clock::now() - before, std::chrono::milliseconds(500));
  w->wait_idle();
  ASSERT_EQ(results().size(), 1u);
  EXPECT_EQ(results()[0].kind, DeliveryResult::Kind::Failed);
  EXPECT_EQ(results()[0].attempts, 5);
  EXPECT_FALSE(results()[0].last.answered);
  EXPECT_EQ(results()[0].target.find("/hook"), std::string::npos);
  EXPECT_EQ(sleeper_.total_.load(), 1000 + 2000 + 4000 + 8000);
}

TEST_F(NotificationHookTest, ASlowEndpointNeitherBlocksTheCycleNorTheShutdown) {
  receiver_->set_delay(std::chrono::milliseconds(1500));
  auto w = worker();
  NotificationHookOptions options;
  options.http.read_timeout = std::chrono::milliseconds(200);
  NotificationHook hook({target("/hook", {"start"}, "json")}, *w, clock_, options);
  const auto before = std::chrono::steady_clock::now();
  push(hook, {testing_support::simulate_rollout(*plan_).front()});
  EXPECT_LT(std::chrono::steady_clock::now() - before, std::chrono::milliseconds(500));
  ASSERT_EQ(receiver_->wait_for(1), 1u);
  w->stop();  // the attempt in flight times out; no retry after a stop
  EXPECT_LT(std::chrono::steady_clock::now() - before, std::chrono::milliseconds(1400));
  ASSERT_EQ(results().size(), 1u);
  EXPECT_EQ(results()[0].kind, DeliveryResult::Kind::Failed);
}

TEST_F(NotificationHookTest, TheSameCommitIsNeverSentTwice) {
  auto w = worker();
  NotificationHook hook({target("/hook", {"start"}, "json")}, *w, clock_);
  const std::vector<PlannedApp> steps = {testing_support::simulate_rollout(*plan_).front()};
  push(hook, steps);
  push(hook, steps);  // e.g. a hook called again for a commit it has seen
  w->wait_idle();
  EXPECT_EQ(receiver_->received().size(), 1u);
}

}  // namespace
}  // namespace fleetwave
