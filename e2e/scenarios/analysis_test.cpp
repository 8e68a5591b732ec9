// Metric analysis against a real Prometheus (Debian's) scraping the simulator's request
// counters: a release whose image answers 30% errors is Healthy in Argo CD's eyes, fails the
// canary's error-rate check and is rolled back with the measurements in the commit; a clean
// release passes every check of every wave and completes. A first measurement without data is an
// Error that does not stall the wave; a NaN is guarded as Rollouts users guard it; and an
// AnalysisTemplate copied unchanged from the Argo Rollouts documentation gates the canary.
#include "scenario_test.h"
#include "testkit/build_paths.h"
#include "testkit/process/child_process.h"

namespace fleetwave::e2e {
namespace {

// Per cluster: the share of 5xx answers over the last 4 s (0 where guestbook serves nothing:
// ap-1 only gets its Namespace).
const char* kErrorRateCheck =
    "  analysis:\n"
    "    - name: error-rate\n"
    "      prometheus:\n"
    "        query: >-\n"
    "          (sum(rate(http_requests_total{app=\"{{app}}\",cluster=\"{{cluster}}\",code=\"500\"}[4s])) or "
    "vector(0))\n"
    "          / (sum(rate(http_requests_total{app=\"{{app}}\",cluster=\"{{cluster}}\"}[4s])) or vector(1))\n"
    "      interval: 2s\n"
    "      count: 3\n"
    "      successCondition: result[0] < 0.05\n";

class AnalysisE2eTest : public ScenarioTest {
 protected:
  std::map<std::string, std::string> fleet_changes() override {
    auto changes = ScenarioTest::fleet_changes();
    std::string& plan = changes["apps/guestbook/rollout.yaml"];
    plan.replace(plan.find("spec:\n"), 6, std::string("spec:\n") + kErrorRateCheck);
    return changes;
  }
  void configure(StackOptions& options) override { options.prometheus = true; }
};

TEST_F(AnalysisE2eTest, AnErroringReleaseFailsTheCanaryAnalysisAndACleanOneCompletes) {
  wait_for_first_rollout();
  ASSERT_FALSE(HasFatalFailure());
  const std::map<std::string, std::string> stable_pins = pins(kGuestbook);

  std::vector<AuditEntry> steps;
  ship_and_expect_canary_rollback("1.5.0-errors", Millis(90000), steps);
  ASSERT_FALSE(HasFatalFailure());
  const std::string rollback = message_of(steps[1].commit);
  EXPECT_NE(rollback.find("Fleetwave-Evidence: dev-1: analysis error-rate on dev-1 (result[0] < 0.05): failed:"),
            std::string::npos)
      << rollback;
  EXPECT_NE(rollback.find("last value [0."), std::string::npos) << rollback;

  // Argo CD never saw anything wrong: the canary stayed Healthy at the bad release.
  E2E_ASSERT_OK_AND_ASSIGN(events, stack_->sim().get("/sim/v1/events"));
  for (const Json& e : events) {
    EXPECT_FALSE(string_at(e, {"app"}) == "guestbook-dev-1" &&
                 string_at(e, {"detail"}).find("-> Degraded") != std::string::npos)
        << e.dump();
  }
  EXPECT_EQ(pins(kGuestbook), stable_pins);

  // The bad image's errors leave the 4 s rate window before the next release is measured.
  E2E_ASSERT_OK(stack_->wait_for_sim_converged(kGuestbook, Millis(20000)));
  E2E_ASSERT_OK(poll_until(
      [&] {
        auto errors = stack_->prometheus()->query(
            "sum(rate(http_requests_total{app=\"guestbook\",cluster=\"dev-1\",code=\"500\"}[4s]))");
        auto value = errors.ok() ? testkit::single_sample_value(*errors) : std::nullopt;
        return value && *value == 0;
      },
      Millis(30000), "dev-1 answering without errors", Millis(250)));

  const std::string good = ship_guestbook("1.6.0", "1.5.0-errors");
  ASSERT_FALSE(good.empty());
  E2E_ASSERT_OK(wait_for_guestbook("complete", Millis(120000)));
  expect_complete_rollout(good);
  bool analysed = false;
  for (const AuditEntry& e : steps_of(kGuestbook, good)) {
    if (e.action != "advance") continue;
    const std::string message = message_of(e.commit);
    analysed |= message.find("analysis passed: error-rate on dev-1 (result[0] < 0.05): ") != std::string::npos;
  }
  EXPECT_TRUE(analysed) << "the advance past the canary names the checks that passed";
}

// Two checks a clean release must pass. On the canary, one whose query only has data once the new
// image has been scraped twice, so the first measurement finds none: an Error, and measuring goes
// on. On every wave, an error ratio that is NaN (0/0 when there are no errors), guarded as the
// Rollouts documentation guards it.
const char* kNaNCheck =
    "  analysis:\n"
    "    - name: idle-ratio\n"
    "      prometheus:\n"
    "        query: >-\n"
    "          sum(rate(http_requests_total{app=\"{{app}}\",code=\"500\"}[4s]))\n"
    "          / sum(rate(http_requests_total{app=\"{{app}}\",code=\"500\"}[4s]))\n"
    "      successCondition: isNaN(result[0]) || result[0] < 0.05\n";
const char* kFreshCheck =
    "      analysis:\n"
    "        - name: fresh-errors\n"
    "          prometheus:\n"
    "            query: >-\n"
    "              sum(rate(http_requests_total{app=\"{{app}}\",cluster=\"{{cluster}}\",image=~\".*:1.6.0\","
    "code=\"500\"}[4s]))\n"
    "          interval: 2s\n"
    "          count: 2\n"
    "          successCondition: result[0] < 0.05\n";

using AnalysisWithoutDataE2eTest = AnalysisE2eTest;

TEST_F(AnalysisWithoutDataE2eTest, AFirstMeasurementWithoutDataAndANaNGuardLetACleanReleaseComplete) {
  wait_for_first_rollout();
  ASSERT_FALSE(HasFatalFailure());
  // The release brings its checks: the image and the WavePlan change in one commit.
  const std::string good = ship_guestbook_with_plan("1.6.0", [](std::string& plan) {
    plan.replace(plan.find(kErrorRateCheck), std::string(kErrorRateCheck).size(), kNaNCheck);
    const std::string canary = "      clusters: {clusterNames: [dev-1]}\n";
    plan.replace(plan.find(canary), canary.size(), canary + kFreshCheck);
  });
  ASSERT_FALSE(good.empty());
  E2E_ASSERT_OK(wait_for_guestbook("complete", Millis(180000)));
  expect_complete_rollout(good);
  std::string evidence;
  for (const AuditEntry& e : steps_of(kGuestbook, good)) evidence += message_of(e.commit);
  const std::size_t fresh = evidence.find("fresh-errors on dev-1 (result[0] < 0.05): successful: 2/2 measurements");
  ASSERT_NE(fresh, std::string::npos) << evidence;
  // The new image had no samples yet when it became Healthy: that first measurement was an Error.
  const std::string line = evidence.substr(fresh, evidence.find('\n', fresh) - fresh);
  EXPECT_NE(line.find(" errors ("), std::string::npos) << line;
  EXPECT_NE(evidence.find("idle-ratio (isNaN(result[0]) || result[0] < 0.05): successful: 1/1 measurements"),
            std::string::npos)
      << evidence;
  EXPECT_NE(evidence.find("last value [NaN]"), std::string::npos) << evidence;
}

// docs/features/analysis.md of Argo Rollouts, "Inline Analysis", copied unchanged (the file the
// template unit tests read). Its query reads istio_requests_total, which the test's Prometheus
// records from the simulator's counters.
std::string rollouts_docs_template() {
  return testkit::read_text_file(std::string(fleetwave::testkit::source_dir()) +
                                 "/reconciler/rollout/analysis/testdata/argo-rollouts/success-rate.yaml");
}

class AnalysisTemplateE2eTest : public AnalysisE2eTest {
 protected:
  std::map<std::string, std::string> fleet_changes() override {
    auto changes = ScenarioTest::fleet_changes();
    changes["policies/success-rate.yaml"] = rollouts_docs_template();
    std::string& plan = changes["apps/guestbook/rollout.yaml"];
    const std::string canary = "      clusters: {clusterNames: [dev-1]}\n";
    plan.replace(plan.find(canary), canary.size(),
                 canary +
                     "      analysis:\n"
                     "        - templateName: success-rate\n"
                     "          initialDelay: 4s\n"
                     "          args:\n"
                     "            - {name: service-name, value: \"{{app}}.{{cluster}}\"}\n");
    return changes;
  }
  void configure(StackOptions& options) override {
    options.prometheus = true;
    options.prometheus_rules.push_back(
        {"istio_requests_total",
         "label_replace(label_join(http_requests_total, \"destination_service\", \".\", \"app\", \"cluster\"), "
         "\"response_code\", \"$1\", \"code\", \"(.*)\")",
         {{"reporter", "source"}}});
  }
};

TEST_F(AnalysisTemplateE2eTest, TheRolloutsDocumentationsTemplateGatesTheCanary) {
  wait_for_first_rollout();
  ASSERT_FALSE(HasFatalFailure());
  const std::string bad = ship_guestbook("1.5.0-errors");
  ASSERT_FALSE(bad.empty());
  auto rolled_back = wait_for_guestbook("rollback", Millis(90000));
  std::vector<AuditEntry> steps = steps_of(kGuestbook, bad);
  ASSERT_TRUE(rolled_back.ok()) << rolled_back.error().to_string() << "\n"
                                << (steps.size() > 1 ? message_of(steps[1].commit) : "");
  ASSERT_EQ(steps.size(), 2u);
  EXPECT_EQ(steps[1].action, "rollback");
  const std::string rollback = message_of(steps[1].commit);
  EXPECT_NE(rollback.find("Fleetwave-Evidence: dev-1: analysis success-rate on dev-1 (result[0] >= 0.95): failed: "
                          "1/1 measurements"),
            std::string::npos)
      << rollback;
}

}  // namespace
}  // namespace fleetwave::e2e
