// FleetSettings namespaceOnlyClusters (issue 29): the app's Namespace goes to every cluster
// (Karmada's namespace sync) and its Deployment to dev-1 and us-1 only. Under `skip` the built
// fleetwave plans two Applications and rolls the release out on those two clusters alone: eu-1
// and eu-2 are never pinned, never in a wave. Switching back to `include` is a release of its
// own that pins them too.
#include <set>

#include <gtest/gtest.h>

#include "cli/cli_fixture.h"

namespace fleetwave::cli {
namespace {

using testing_support::CliRun;
using testing_support::CliScenarioTest;

std::string fleet_settings(const std::string& namespace_only) {
  return "apiVersion: fleetwave.io/v1alpha1\nkind: FleetSettings\nmetadata: {name: fleet}\n"
         "spec: {namespaceOnlyClusters: " +
         namespace_only + "}\n";
}

class NamespaceOnlyClustersTest : public CliScenarioTest {
 protected:
  std::map<std::string, std::string> files() override {
    auto f = testkit::fleet_files();
    f["apps/shop/namespace.yaml"] = "apiVersion: v1\nkind: Namespace\nmetadata: {name: shop}\n";
    f["apps/shop/policy.yaml"] =
        "apiVersion: policy.karmada.io/v1alpha1\nkind: PropagationPolicy\nmetadata: {name: shop, namespace: shop}\n"
        "spec:\n  resourceSelectors: [{apiVersion: apps/v1, kind: Deployment}]\n"
        "  placement: {clusterAffinity: {clusterNames: [dev-1, us-1]}}\n";
    f["apps/shop/rollout.yaml"] = testkit::wave_plan("shop", "    allowEmpty: true\n");
    f["policies/fleet.yaml"] = fleet_settings("skip");
    return f;
  }

  std::set<std::string> pinned() {
    std::set<std::string> out;
    for (const Json& t : targets()) out.insert(t["cluster"].get<std::string>());
    return out;
  }

  // Reconcile cycles until the newest step completes the release; every cluster ever pinned.
  std::set<std::string> roll_out() {
    std::set<std::string> ever;
    for (int cycle = 0; cycle < 12 && last_action() != "complete"; ++cycle) {
      reconcile_cycle();
      for (const std::string& c : pinned()) ever.insert(c);
    }
    EXPECT_EQ(last_action(), "complete");
    return ever;
  }
};

TEST_F(NamespaceOnlyClustersTest, SkipGivesApplicationsOnlyWhereTheAppRunsSomething) {
  CliRun plan = with_repo({"plan"}, /*binary=*/true);
  EXPECT_EQ(plan.exit_code, 0) << plan.err;
  EXPECT_NE(plan.out.find("  applications: 2 (one per cluster in a wave); 2 clusters receive only Namespaces and "
                          "get none (FleetSettings namespaceOnlyClusters: skip): eu-1, eu-2\n"),
            std::string::npos)
      << plan.out;
  EXPECT_NE(plan.out.find("  wave 2/3 europe (maxConcurrency 1)\n    (no clusters)\n"), std::string::npos) << plan.out;

  EXPECT_EQ(roll_out(), (std::set<std::string>{"dev-1", "us-1"}));

  // Back to Karmada's default: a release of its own (the policies changed) pins eu-1 and eu-2.
  human_commit("fleet: an Application on every cluster", {{"policies/fleet.yaml", fleet_settings("include")}});
  CliRun karmada = with_repo({"plan", "-o", "json"}, /*binary=*/true);
  ASSERT_EQ(karmada.exit_code, 0) << karmada.err;
  const Json view = Json::parse(karmada.out)["apps"][0];
  EXPECT_EQ(view["applications"], 4);
  EXPECT_EQ(view["namespaceOnlyClusters"], Json::parse(R"({"setting": "include", "clusters": ["eu-1", "eu-2"]})"));
  EXPECT_EQ(roll_out(), (std::set<std::string>{"dev-1", "eu-1", "eu-2", "us-1"}));
  EXPECT_EQ(pinned(), (std::set<std::string>{"dev-1", "eu-1", "eu-2", "us-1"}));
}

}  // namespace
}  // namespace fleetwave::cli
