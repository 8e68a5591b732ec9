// analyze: the checks of the release's current wave, measured for the analysis gate; nothing is
// asked without a runner (status views) and a check whose provider is not configured says how.
#include "reconcile/app_steps/app_step_fixture.h"

namespace fleetwave {
namespace {

class AnalyzeStepTest : public testing_support::AppStepTest {
 protected:
  std::map<std::string, std::string> files() override {
    auto f = testkit::fleet_files();
    f["apps/shop/rollout.yaml"] =
        "apiVersion: fleetwave.io/v1alpha1\nkind: WavePlan\nmetadata: {name: shop}\nspec:\n"
        "  analysis:\n  - name: error-rate\n    prometheus: {query: 'errors{cluster=\"{{cluster}}\"}'}\n"
        "    successCondition: result < 0.05\n"
        "  waves:\n  - {name: canary, clusters: {clusterNames: [dev-1]}}\n  - {name: rest, clusters: {}}\n";
    return f;
  }

  // The first release, at the canary, Synced and Healthy on dev-1.
  void canary_healthy() {
    RolloutState s;
    s.app = "shop";
    s.path = "apps/shop";
    s.release = ReleaseState{head_, digest(), ReleasePhase::Progressing, 0, kNow - 120'000, {}, {}};
    s.pins["dev-1"] = Pin{head_, "canary", "dev-1", kNow - 120'000};
    commit({{state_path("shop"), serialize_state(s)}, {targets_path("shop"), serialize_targets(s)}},
           fleetwave_message("start"));
    argocd_follows_targets();
  }
};

TEST_F(AnalyzeStepTest, WithoutARunnerNothingIsMeasured) {
  canary_healthy();
  EXPECT_EQ(run_through("analyze"), StepOutcome::Continue);
  EXPECT_TRUE(context().in.analysis.empty());
}

TEST_F(AnalyzeStepTest, ACheckWithoutItsProviderSaysHowToConfigureIt) {
  canary_healthy();
  AnalysisRunner runner(nullptr, nullptr);
  analysis_ = &runner;
  EXPECT_EQ(run_through("analyze"), StepOutcome::Continue);
  const std::vector<AnalysisStatus>& statuses = context().in.analysis;
  ASSERT_EQ(statuses.size(), 1u);
  EXPECT_EQ(statuses[0].check, "error-rate");
  EXPECT_EQ(statuses[0].cluster, "dev-1");
  EXPECT_NE(statuses[0].error.find("--prometheus-url"), std::string::npos) << statuses[0].error;
  EXPECT_EQ(context().out.report.analysis.size(), 1u);
}

}  // namespace
}  // namespace fleetwave
