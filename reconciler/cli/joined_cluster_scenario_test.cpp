// Clusters joining the inventory mid-rollout, through the CLI and a real Git remote: the release
// in flight continues at the commit that added them (no restart from the first wave), and each
// joined cluster is pinned when its wave is reached.
#include <gtest/gtest.h>

#include "cli/cli_fixture.h"

namespace fleetwave::cli {
namespace {

using testing_support::CliRun;

// Every cluster gets the Deployment, so a joined cluster is reached without a policy change.
const char* kDuplicatedPolicy =
    "apiVersion: policy.karmada.io/v1alpha1\nkind: PropagationPolicy\nmetadata: {name: shop, namespace: shop}\n"
    "spec:\n  resourceSelectors: [{apiVersion: apps/v1, kind: Deployment}]\n  placement:\n"
    "    replicaScheduling: {replicaSchedulingType: Duplicated}\n";

class CliJoinedClusterTest : public testing_support::CliScenarioTest {
 protected:
  std::map<std::string, std::string> files() override {
    auto f = testing_support::fleet_files();
    f["apps/shop/policy.yaml"] = kDuplicatedPolicy;
    return f;
  }

  void reconcile() {
    CliRun r = reconcile_cycle();
    ASSERT_EQ(r.exit_code, 0) << r.err;
  }

  std::string action() { return last_action(); }
};

TEST_F(CliJoinedClusterTest, TheReleaseInFlightContinuesWithTheJoinedClusters) {
  for (int i = 0; i < 8 && action() != "complete"; ++i) reconcile();
  ASSERT_EQ(action(), "complete");
  human_commit("web 2.0", {{"apps/shop/deploy.yaml", testing_support::deployment("web:2.0")}});
  const std::string release = head();
  for (int i = 0; i < 8 && pin_of("eu-1") != release; ++i) reconcile();
  ASSERT_EQ(pin_of("eu-1"), release) << "europe reached (maxConcurrency 1: eu-1 first)";
  ASSERT_NE(pin_of("eu-2"), release);

  human_commit("join eu-3 and us-2", {{"clusters/eu-3.yaml", testing_support::cluster_yaml("eu-3", "eu")},
                                      {"clusters/us-2.yaml", testing_support::cluster_yaml("us-2", "us")}});
  const std::string joined = head();
  reconcile();
  EXPECT_EQ(subject(), "fleetwave(shop): continue " + release.substr(0, 7) + " as " + joined.substr(0, 7) +
                           " (eu-3, us-2 joined the inventory)");
  EXPECT_EQ(pin_of("dev-1"), joined);
  EXPECT_EQ(pin_of("eu-1"), joined);
  EXPECT_EQ(pin_of("eu-3"), "") << "in the current wave: pinned in a batch";
  EXPECT_EQ(pin_of("us-2"), "") << "rest is not reached yet";

  for (int i = 0; i < 12 && action() != "complete"; ++i) reconcile();
  ASSERT_EQ(action(), "complete");
  for (const char* c : {"dev-1", "eu-1", "eu-2", "eu-3", "us-1", "us-2"}) EXPECT_EQ(pin_of(c), joined) << c;
  const std::string actions =
      git(remote_,
          {"log", "--reverse", "--format=%(trailers:key=Fleetwave-Action,valueonly,separator=)", joined + "..main"});
  EXPECT_EQ(actions.find("start"), std::string::npos) << "never restarted:\n" << actions;
}

}  // namespace
}  // namespace fleetwave::cli
