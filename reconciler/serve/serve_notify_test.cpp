// Deliveries' outcomes as metrics and log lines: a webhook URL (a secret) never reaches the log.
#include "serve/serve_notify.h"

#include <gtest/gtest.h>

#include "reconcile/cycle_report.h"
#include "reconcile/notify/notify_fixture.h"
#include "reconcile/step_writer.h"
#include "testkit/fakes/fake_webhook_receiver.h"
#include "testkit/fakes/in_memory_git_repository.h"

namespace fleetwave::serve {
namespace {

bool has_line(const std::string& text, const std::string& line) {
  return ("\n" + text).find("\n" + line + "\n") != std::string::npos;
}

TEST(ServeNotify, OutcomesBecomeMetricsAndWarnings) {
  ServeMetrics metrics;
  EXPECT_TRUE(has_line(metrics.render({}), "fleetwave_notifications_total{result=\"dropped\"} 0"));
  EXPECT_TRUE(has_line(metrics.render({}), "fleetwave_commit_statuses_total{result=\"refused\"} 0"));
  JsonLog log({});
  using K = DeliveryResult::Kind;
  const std::vector<DeliveryResult> results = {
      {"notification", "c1", "https://hooks.slack.com", K::Delivered, 1, {}},
      {"notification", "c2", "https://hooks.slack.com", K::Failed, 5, {AttemptOutcome::Kind::Retry, "HTTP 503", true}},
      {"notification",
       "c3",
       "https://hooks.slack.com",
       K::Dropped,
       0,
       {AttemptOutcome::Kind::Done, "queue full", false}},
      {"commit-status", "s1", "https://api.github.com", K::Delivered, 1, {}},
      {"commit-status", "s2", "https://api.github.com", K::Failed, 1, {AttemptOutcome::Kind::GiveUp, "HTTP 422", true}},
      {"commit-status",
       "s3",
       "https://api.github.com",
       K::Failed,
       5,
       {AttemptOutcome::Kind::Retry, "unreachable", false}},
  };
  ::testing::internal::CaptureStderr();
  for (const DeliveryResult& r : results) report_delivery(r, metrics, log);
  const std::string logs = ::testing::internal::GetCapturedStderr();
  const std::string text = metrics.render({});
  for (const std::string line :
       {"fleetwave_notifications_total{result=\"delivered\"} 1", "fleetwave_notifications_total{result=\"failed\"} 1",
        "fleetwave_notifications_total{result=\"dropped\"} 1", "fleetwave_commit_statuses_total{result=\"posted\"} 1",
        "fleetwave_commit_statuses_total{result=\"refused\"} 1",
        "fleetwave_commit_statuses_total{result=\"failed\"} 1"}) {
    EXPECT_TRUE(has_line(text, line)) << line << "\n" << text;
  }
  EXPECT_NE(logs.find(R"("level":"warn","msg":"notification not delivered to https://hooks.slack.com: HTTP 503")"),
            std::string::npos)
      << logs;
  EXPECT_NE(logs.find(R"("msg":"commit status refused by https://api.github.com: HTTP 422")"), std::string::npos)
      << logs;
  EXPECT_NE(logs.find(R"x("msg":"notification dropped (queue full)")x"), std::string::npos) << logs;
  EXPECT_EQ(logs.find("c1"), std::string::npos) << "a delivery is not logged: " << logs;
}

TEST(ServeNotify, WebhookUrlsNeverReachTheLog) {
  auto receiver = testkit::FakeWebhookReceiver::start();
  ASSERT_TRUE(receiver.ok());
  const std::string secret_url = (*receiver)->url("/services/T0/B0/SeCrEtToKeN");
  (*receiver)->script({404});  // e.g. a deleted Slack webhook: given up, logged
  auto url = parse_webhook_url(secret_url, "test");
  ASSERT_TRUE(url.ok());
  NotifyOptions options;
  options.webhooks = {{*url, {"start"}, "slack"}};
  ServeMetrics metrics;
  JsonLog log({secret_url});  // serve registers every webhook URL as a secret too
  SystemClock clock;
  SystemSleeper sleeper;
  auto plan = testing_support::shop_plan();
  const std::vector<PlannedApp> steps = {testing_support::simulate_rollout(*plan).front()};
  SystemRandom random(1);
  testkit::InMemoryGitRepository repo;
  StepWriter writer(repo, clock, sleeper, random);
  git::Signature author{"fleetwave", "bot@example.com", 0, 0};
  const std::string branch = "main";
  ::testing::internal::CaptureStderr();
  {
    ServeNotifier notifier(options, metrics, log, sleeper, clock);
    std::vector<CycleHook*> hooks;
    notifier.add_hooks(hooks);
    ASSERT_EQ(hooks.size(), 1u);
    CycleReport report;
    report.commits = {"c1"};
    HookContext ctx{writer, author, branch};
    hooks[0]->after_push(ctx, steps, report);
    ASSERT_EQ((*receiver)->wait_for(1), 1u);
  }  // drains
  const std::string logs = ::testing::internal::GetCapturedStderr();
  EXPECT_TRUE(has_line(metrics.render({}), "fleetwave_notifications_total{result=\"failed\"} 1")) << logs;
  EXPECT_NE(
      logs.find("notification not delivered to http://127.0.0.1:" + std::to_string((*receiver)->port()) + ": HTTP 404"),
      std::string::npos)
      << logs;
  EXPECT_EQ(logs.find("SeCrEtToKeN"), std::string::npos) << logs;
  EXPECT_EQ(logs.find("/services"), std::string::npos) << logs;
}

TEST(ServeNotify, NothingConfiguredAddsNoHook) {
  ServeMetrics metrics;
  JsonLog log({});
  SystemClock clock;
  SystemSleeper sleeper;
  ServeNotifier notifier({}, metrics, log, sleeper, clock);
  std::vector<CycleHook*> hooks;
  notifier.add_hooks(hooks);
  EXPECT_TRUE(hooks.empty());
}

}  // namespace
}  // namespace fleetwave::serve
