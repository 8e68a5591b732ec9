// Commit statuses over a rollout the real engine takes, posted to the GitHub and GitLab fakes
// through the real client: only changes are posted, a refusing host is reported and never
// holds up the cycle.
#include "reconcile/notify/commit_status_hook.h"

#include <gtest/gtest.h>

#include "adapters/hosting/fake_provider_fixture.h"
#include "reconcile/cycle_report.h"
#include "reconcile/notify/notify_fixture.h"
#include "reconcile/step_writer.h"
#include "testkit/fakes/in_memory_git_repository.h"

namespace fleetwave {
namespace {

using testkit::FakeProviderKind;

class InstantSleeper final : public Sleeper {
 public:
  void sleep_ms(std::int64_t) override {}
};

class CommitStatusHookTest : public testkit::FakeProviderTest {
 protected:
  void SetUp() override {
    results_.clear();
    FakeProviderTest::SetUp();
    if (HasFatalFailure()) return;
    auto client = make_commit_status_client(client_config(fake_->options().token));
    ASSERT_TRUE(client.ok()) << client.error().to_string();
    client_ = std::move(client).value();
    worker_ =
        std::make_unique<DeliveryWorker>(DeliveryWorkerOptions{}, sleeper_, clock_, [this](const DeliveryResult& r) {
          std::lock_guard<std::mutex> lock(mu_);
          results_.push_back(r);
        });
    hook_ = std::make_unique<CommitStatusHook>(*client_, *worker_, "https://board.example");
    plan_ = testing_support::shop_plan();
  }

  void TearDown() override { worker_->stop(); }  // before the hook its deliveries call back

  // after_push for each step, one cycle each; then waits for the worker.
  void run_cycles(const std::vector<PlannedApp>& steps) {
    for (std::size_t i = 0; i < steps.size(); ++i) {
      CycleReport report;
      report.commits = {"c" + std::to_string(i)};
      HookContext ctx{writer_, author_, branch_};
      hook_->after_push(ctx, {steps[i]}, report);
    }
    worker_->wait_idle();
  }

  // "context state" per posted status, in order.
  std::vector<std::string> posted() const {
    std::vector<std::string> out;
    for (const auto& s : fake_->statuses()) {
      EXPECT_EQ(s.sha, testing_support::kReleaseSha);
      EXPECT_EQ(s.target_url, "https://board.example/apps/shop");
      out.push_back(s.context.substr(std::string("fleetwave/shop/").size()) + " " + s.state);
    }
    return out;
  }

  std::vector<DeliveryResult> results() {
    std::lock_guard<std::mutex> lock(mu_);
    return results_;
  }

  std::unique_ptr<CommitStatusClient> client_;
  SystemClock clock_;
  InstantSleeper sleeper_;
  std::mutex mu_;
  std::vector<DeliveryResult> results_;
  std::unique_ptr<DeliveryWorker> worker_;
  std::unique_ptr<CommitStatusHook> hook_;
  std::unique_ptr<WavePlan> plan_;
  SystemRandom random_{1};
  testkit::InMemoryGitRepository repo_;
  StepWriter writer_{repo_, clock_, sleeper_, random_};
  git::Signature author_{"fleetwave", "bot@example.com", 0, 0};
  std::string branch_ = "main";
};

TEST_P(CommitStatusHookTest, PendingThenSuccessPerWaveOverARollout) {
  run_cycles(testing_support::simulate_rollout(*plan_));
  const std::string running = github() ? "pending" : "running";
  EXPECT_EQ(posted(), (std::vector<std::string>{"canary " + running, "canary success", "europe " + running,
                                                "europe success", "rest " + running, "rest success"}));
  for (const DeliveryResult& r : results()) EXPECT_EQ(r.kind, DeliveryResult::Kind::Delivered) << r.last.detail;
}

TEST_P(CommitStatusHookTest, ARollbackFailsItsWave) {
  run_cycles(testing_support::simulate_rollout(*plan_, {"eu-1"}));
  const std::string running = github() ? "pending" : "running";
  EXPECT_EQ(posted(), (std::vector<std::string>{"canary " + running, "canary success", "europe " + running,
                                                "europe " + std::string(github() ? "failure" : "failed")}));
}

TEST_P(CommitStatusHookTest, OnlyChangesArePosted) {
  auto steps = testing_support::simulate_rollout(*plan_);
  run_cycles({steps[0]});
  run_cycles({steps[0]});  // the same step seen again: nothing new to say
  EXPECT_EQ(fake_->statuses().size(), 1u);
  EXPECT_EQ(results().size(), 1u);
}

TEST_P(CommitStatusHookTest, ARefusingHostIsReportedAndNeverHoldsUpTheCycle) {
  struct Case {
    std::string name;
    int status;
    int attempts;  // 5xx is retried, 422 is not
  };
  for (const Case& c : {Case{"validation failed", 422, 1}, Case{"server error", 500, 5}}) {
    SCOPED_TRACE(c.name);
    SetUp();
    fake_->set_response_override(testkit::FakeProviderResponse{c.status, R"({"message": "nope"})", {}});
    auto steps = testing_support::simulate_rollout(*plan_);
    const auto before = std::chrono::steady_clock::now();
    CycleReport report;
    report.commits = {"c0"};
    HookContext ctx{writer_, author_, branch_};
    hook_->after_push(ctx, {steps[0]}, report);
    EXPECT_LT(std::chrono::steady_clock::now() - before, std::chrono::milliseconds(500));
    EXPECT_TRUE(report.errors.empty());  // never an error of the cycle
    worker_->wait_idle();
    ASSERT_EQ(results().size(), 1u);
    EXPECT_EQ(results()[0].kind, DeliveryResult::Kind::Failed);
    EXPECT_TRUE(results()[0].last.answered);
    EXPECT_EQ(results()[0].attempts, c.attempts);
    EXPECT_EQ(results()[0].target, fake_->api_url());
    EXPECT_EQ(results()[0].last.detail.find(fake_->options().token), std::string::npos);

    fake_->set_response_override(std::nullopt);  // the host is back: the forgotten status is posted again
    run_cycles({steps[0]});
    EXPECT_EQ(fake_->statuses().size(), 1u);
  }
}

INSTANTIATE_TEST_SUITE_P(Hosts, CommitStatusHookTest,
                         ::testing::Values(FakeProviderKind::GitHub, FakeProviderKind::GitLab),
                         [](const auto& param_info) {
                           return param_info.param == FakeProviderKind::GitHub ? "GitHub" : "GitLab";
                         });

}  // namespace
}  // namespace fleetwave
