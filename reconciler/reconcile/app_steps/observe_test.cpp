// observe: Argo CD's Applications of the app by cluster, asked once per app per cycle (the cache
// spans a cycle's push retries); unreachable is not an error of the app.
#include "reconcile/app_steps/app_step_fixture.h"
#include "reconcile/hydration/hydrated_layout.h"
#include "reconcile/observer.h"

namespace fleetwave {
namespace {

class ObserveStepTest : public testing_support::AppStepTest {};

TEST_F(ObserveStepTest, ObservationsAreAskedOncePerCycle) {
  EXPECT_EQ(run_through("observe"), StepOutcome::Continue);
  EXPECT_TRUE(context().in.observations.reachable);
  EXPECT_EQ(argocd_.queries(), 1u);
  ctx_.reset();  // the same cycle, after a push retry
  EXPECT_EQ(run_through("observe"), StepOutcome::Continue);
  EXPECT_EQ(argocd_.queries(), 1u);
}

TEST_F(ObserveStepTest, TwoApplicationsOnOneClusterAreAWarningOfTheAppNamingTheOneUsed) {
  std::vector<ApplicationSummary> listed(2);
  for (std::size_t i = 0; i < listed.size(); ++i) {
    listed[i].name = listed[i].observation.name = i == 0 ? "shop-eu-1-copy" : "shop-eu-1";
    listed[i].labels = {{std::string(kAppLabel), "shop"}, {std::string(kClusterLabel), "eu-1"}};
  }
  cache_["shop"] = observations_from(listed);
  EXPECT_EQ(run_through("observe"), StepOutcome::Continue);
  ASSERT_EQ(context().out.report.warnings.size(), 1u);
  EXPECT_EQ(context().out.report.warnings[0].to_string(),
            "cluster eu-1 has 2 Argo CD Applications (shop-eu-1, shop-eu-1-copy); using shop-eu-1 (give each cluster "
            "one Application of the app)");
  EXPECT_TRUE(context().out.report.errors.empty());
}

TEST_F(ObserveStepTest, AnUnreachableArgoCdIsNoErrorOfTheApp) {
  argocd_.set_unreachable(true);
  EXPECT_EQ(run_through("observe"), StepOutcome::Continue);
  EXPECT_FALSE(context().in.observations.reachable);
  EXPECT_TRUE(context().out.report.errors.empty());
}

// Observations read before planning (the status of every app, one list for all) are Argo CD's
// raw answers too: in hydrated mode their hydrated commits are read back to the pins they hold,
// as the step's own answers are.
TEST_F(ObserveStepTest, HydratedRevisionsAreReadBackAlsoFromObservationsReadBeforehand) {
  const std::string pin = head_;  // the commit eu-1's hydrated directory was rendered from
  const std::string hydrated =
      repo_.seed({{"shop/eu-1/hydrator.metadata",
                   cluster_metadata("https://git.example.com/fleet.git", {"shop", "apps/shop", "eu-1", pin, ""})},
                  {"shop/eu-1/manifest.yaml", "kind: Deployment\n"}},
                 "fleetwave/hydrated");
  Observations raw;
  raw.reachable = true;
  AppObservation& eu1 = raw.by_cluster["eu-1"];
  eu1.sync_status = "Synced";
  eu1.sync_revision = eu1.operation_revision = eu1.sync_result_revision = hydrated;
  cache_["shop"] = raw;
  EXPECT_EQ(run_through("observe"), StepOutcome::Continue);
  EXPECT_EQ(context().in.observations.by_cluster.at("eu-1").sync_result_revision, pin);
  EXPECT_EQ(context().in.observations.by_cluster.at("eu-1").sync_revision, pin);
  EXPECT_EQ(cache_["shop"].by_cluster.at("eu-1").sync_revision, hydrated) << "the cache keeps Argo CD's answer";
  EXPECT_EQ(argocd_.queries(), 0u) << "what was read beforehand is not asked again";
}

}  // namespace
}  // namespace fleetwave
