// The deletion guard through the fleetwave CLI: a release whose placement has a typo (eu-3 for
// eu-2) would make Argo CD prune the Deployment from eu-2 while every Application stays Synced
// and Healthy. The release waits before the wave holding eu-2, the wait commit and `status` say
// what would be deleted where, and a person's `fleetwave approve` lets it go on.
#include <gtest/gtest.h>

#include "cli/cli_fixture.h"

namespace fleetwave::cli {
namespace {

using testing_support::CliRun;

// kPolicy with eu-2 mistyped: Karmada schedules no replica of the Deployment to eu-2.
const char* kTypoPolicy =
    "apiVersion: policy.karmada.io/v1alpha1\nkind: PropagationPolicy\nmetadata: {name: shop, namespace: shop}\n"
    "spec:\n  resourceSelectors: [{apiVersion: apps/v1, kind: Deployment}]\n  placement:\n"
    "    clusterAffinity: {clusterNames: [dev-1, eu-1, eu-3, us-1]}\n"
    "    replicaScheduling: {replicaSchedulingType: Divided, replicaDivisionPreference: Weighted,\n"
    "      weightPreference: {staticWeightList: [{targetCluster: {clusterNames: [dev-1, eu-1, eu-3, us-1]}, weight: "
    "1}]}}\n";

class CliDeletionGuardTest : public testing_support::CliScenarioTest {
 protected:
  CliRun reconcile() {
    CliRun r = reconcile_cycle();
    EXPECT_EQ(r.exit_code, 0) << r.err;
    return r;
  }

  void reconcile_until(const std::string& action) {
    for (int i = 0; i < 8 && last_action() != action; ++i) reconcile();
    ASSERT_EQ(last_action(), action);
  }
};

TEST_F(CliDeletionGuardTest, AReleaseThatDeletesAWorkloadWaitsForAnApprovalListingIt) {
  reconcile_until("complete");
  const std::string stable = pin_of("eu-2");
  ASSERT_FALSE(stable.empty());
  human_commit("place shop on eu-3", {{"apps/shop/policy.yaml", kTypoPolicy}});
  const std::string release = head();

  reconcile();  // the canary (dev-1) loses nothing: it starts
  EXPECT_EQ(last_action(), "start");
  reconcile_until("wait-deletion-guard");
  const std::string body = git(remote_, {"log", "-1", "--format=%B", "main"});
  EXPECT_NE(body.find("eu-2 (removes every Deployment it had): Deployment shop/web"), std::string::npos) << body;
  EXPECT_NE(body.find("fleetwave approve shop --wave europe"), std::string::npos) << body;
  EXPECT_EQ(body.find("eu-1 ("), std::string::npos) << "eu-1 keeps its Deployment: " << body;
  EXPECT_EQ(pin_of("eu-2"), stable);
  const std::string branch =
      git(remote_, {"for-each-ref", "--format=%(refname:short)", "refs/heads/fleetwave/approve/"});
  EXPECT_EQ(branch, "fleetwave/approve/shop/" + release.substr(0, 7) + "/europe");

  // However long it waits, nothing is pinned and nothing more is written.
  clock_.advance_ms(3'600'000);
  const std::string waiting_at = head();
  CliRun waiting = reconcile();
  EXPECT_NE(waiting.out.find("would delete objects: eu-2"), std::string::npos) << waiting.out;
  EXPECT_EQ(head(), waiting_at);
  CliRun status = run_binary({"status", "--repo", remote_url(), "--cache-dir", *dir_ / "cache-status"});
  ASSERT_EQ(status.exit_code, 0) << status.err;
  EXPECT_NE(status.out.find("Deployment shop/web"), std::string::npos) << status.out;

  CliRun approve = run({"approve", "shop", "--repo", remote_url(), "--cache-dir", *dir_ / "cache-cli"});
  ASSERT_EQ(approve.exit_code, 0) << approve.err;
  reconcile_until("complete");
  EXPECT_EQ(pin_of("eu-1"), release);
  EXPECT_EQ(pin_of("eu-2"), "") << "approved: eu-2's Application goes away, Argo CD prunes the Deployment";
  const std::string log =
      git(remote_, {"log", "--format=%(trailers:key=Fleetwave-Action,valueonly,separator=)", stable + "..main"});
  EXPECT_NE(log.find("approve\nwait-deletion-guard\nstart"), std::string::npos) << log;
}

TEST_F(CliDeletionGuardTest, DeletingOtherObjectsWithinTheLimitNeedsNoApproval) {
  human_commit("add a config map", {{"apps/shop/config.yaml",
                                     "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: web, namespace: shop}\n"
                                     "data: {a: b}\n"},
                                    {"apps/shop/cm-policy.yaml",
                                     "apiVersion: policy.karmada.io/v1alpha1\nkind: PropagationPolicy\n"
                                     "metadata: {name: config, namespace: shop}\n"
                                     "spec:\n  resourceSelectors: [{apiVersion: v1, kind: ConfigMap}]\n"
                                     "  placement: {}\n"}});
  reconcile_until("complete");
  human_commit("drop the config map", {{"apps/shop/config.yaml", ""}});
  reconcile_until("complete");
  const std::string log =
      git(remote_, {"log", "--format=%(trailers:key=Fleetwave-Action,valueonly,separator=)", "main"});
  EXPECT_EQ(log.find("wait-deletion-guard"), std::string::npos) << log;
}

}  // namespace
}  // namespace fleetwave::cli
