// Metric analysis against a real Prometheus (Debian's) scraping the simulator's request
// counters: a release whose image answers 30% errors is Healthy in Argo CD's eyes, fails the
// canary's error-rate check and is rolled back with the measurements in the commit; a clean
// release passes every check of every wave and completes.
#include "scenario_test.h"

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

  // Replaces guestbook's image tag `from` with `to` (ship_guestbook starts from the seed's tag).
  std::string reship_guestbook(const std::string& from, const std::string& to) {
    auto before = stack_->repo().actions(kGuestbook);
    steps_before_ship_ = before.ok() ? before->size() : 0;
    auto text = stack_->repo().file_at("main", kDeployment);
    EXPECT_TRUE(text.ok() && text->find("ui:" + from) != std::string::npos);
    if (!text.ok()) return "";
    std::string bumped = *text;
    bumped.replace(bumped.find("ui:" + from), 3 + from.size(), "ui:" + to);
    auto release =
        stack_->repo().commit_and_push("Dana Developer", {{kDeployment, bumped}}, "guestbook: ship ui " + to);
    EXPECT_TRUE(release.ok()) << release.error().to_string();
    return release.ok() ? *release : "";
  }

  std::string message_of(const std::string& commit) {
    auto text = stack_->repo().git(stack_->repo().bare_path(), {"log", "-1", "--format=%B", commit});
    return text.ok() ? *text : text.error().to_string();
  }
};

TEST_F(AnalysisE2eTest, AnErroringReleaseFailsTheCanaryAnalysisAndACleanOneCompletes) {
  wait_for_first_rollout();
  ASSERT_FALSE(HasFatalFailure());
  const std::map<std::string, std::string> stable_pins = pins(kGuestbook);

  const std::string bad = ship_guestbook("1.5.0-errors");
  ASSERT_FALSE(bad.empty());
  E2E_ASSERT_OK(wait_for_guestbook("rollback", Millis(90000)));
  std::vector<AuditEntry> steps = steps_of(kGuestbook, bad);
  ASSERT_EQ(steps.size(), 2u);
  EXPECT_EQ(steps[0].action, "start");
  EXPECT_EQ(steps[1].action, "rollback");
  EXPECT_EQ(steps[1].wave, "canary");
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

  const std::string good = reship_guestbook("1.5.0-errors", "1.6.0");
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

}  // namespace
}  // namespace fleetwave::e2e
