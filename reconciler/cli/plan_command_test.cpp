// fleetwave plan on a small fleet: waves in WavePlan order, clusters with replica shares,
// unassigned and unreached clusters, --revision, and errors.
#include <gtest/gtest.h>

#include "cli/cli_fixture.h"

namespace fleetwave::cli {
namespace {

using testing_support::CliRun;
using testing_support::CliTest;

class CliPlanCommandTest : public CliTest {
 protected:
  CliRun plan(std::vector<std::string> args) { return command_on_remote("plan", std::move(args)); }
};

TEST_F(CliPlanCommandTest, WavesClustersAndReplicaShares) {
  CliRun r = plan({});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "shop (apps/shop) at " + head().substr(0, 7) +
                       "\n"
                       "  wave 1/3 canary (minSuccessTime 10s)\n"
                       "    dev-1: 1 object\n"
                       "      Deployment shop/web: 1 of 4 replicas\n"
                       "  wave 2/3 europe (maxConcurrency 1)\n"
                       "    eu-1: 1 object\n"
                       "      Deployment shop/web: 1 of 4 replicas\n"
                       "    eu-2: 1 object\n"
                       "      Deployment shop/web: 1 of 4 replicas\n"
                       "  wave 3/3 rest\n"
                       "    us-1: 1 object\n"
                       "      Deployment shop/web: 1 of 4 replicas\n"
                       "  applications: 4 (one per cluster in a wave)\n");
  EXPECT_EQ(plan({"shop"}).out, r.out);  // one app by name, byte-identical
}

TEST_F(CliPlanCommandTest, UnassignedAndUnreachedClustersAtARevision) {
  const std::string before = head();
  // Only two clusters get the app now, and the plan forgets the catch-all wave.
  human_commit(
      "narrow",
      {{"apps/shop/policy.yaml",
        "apiVersion: policy.karmada.io/v1alpha1\nkind: PropagationPolicy\nmetadata: {name: shop, namespace: shop}\n"
        "spec:\n  resourceSelectors: [{apiVersion: apps/v1, kind: Deployment}]\n"
        "  placement: {clusterAffinity: {clusterNames: [dev-1, us-1]}}\n"},
       {"apps/shop/rollout.yaml",
        "apiVersion: fleetwave.io/v1alpha1\nkind: WavePlan\nmetadata: {name: shop}\n"
        "spec:\n  waves:\n  - name: canary\n    clusters: {clusterNames: [dev-1]}\n"
        "    approval: required\n    progressDeadline: 30m\n    maxFailures: 10%\n"}});
  CliRun r = plan({});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out, "shop (apps/shop) at " + head().substr(0, 7) +
                       "\n"
                       "  wave 1/1 canary (maxFailures 10%, progressDeadline 30m, approval required)\n"
                       "    dev-1: 1 object\n"
                       "      Deployment shop/web: 4 replicas\n"
                       "  unassigned: us-1 (reached, but no wave takes them: add them to a wave or end the plan with "
                       "a catch-all wave)\n"
                       "  unreached: eu-1, eu-2 (in the inventory, receive nothing)\n"
                       "  applications: 1 (one per cluster in a wave)\n");
  // The exit status says something is wrong, and stderr says what (issue 10, D13).
  EXPECT_EQ(r.err,
            "error: shop: apps/shop/rollout.yaml: clusters the app reaches are in no wave: us-1; add them to a wave's "
            "clusters selector, or end the plan with a catch-all wave\n");
  // The built binary, as a script would run it, says the same on the same streams.
  CliRun binary = run_on_remote({"plan"}, true);
  EXPECT_EQ(binary.exit_code, 1);
  EXPECT_EQ(binary.out, r.out);
  EXPECT_EQ(binary.err, r.err);
  // The older revision still plans as before.
  CliRun old = plan({"--revision", before});
  EXPECT_EQ(old.exit_code, 0) << old.err;
  EXPECT_NE(old.out.find("  wave 3/3 rest\n"), std::string::npos) << old.out;
  EXPECT_EQ(plan({"--revision", "HEAD~1"}).out, old.out);
}

TEST_F(CliPlanCommandTest, SelectorThatMatchesNothingIsAFinding) {
  // Karmada's verdict (the selector matches nothing, the app reaches no cluster) stands; plan and
  // status say why (issue 10, "also seen").
  human_commit("typo", {{"apps/shop/policy.yaml",
                         "apiVersion: policy.karmada.io/v1alpha1\nkind: PropagationPolicy\n"
                         "metadata: {name: shop, namespace: shop}\n"
                         "spec:\n  resourceSelectors: [{apiVersion: apps/v1, kind: Deployment}]\n"
                         "  placement:\n    clusterAffinity:\n      labelSelector:\n"
                         "        matchExpressions: [{key: env, operator: Bogus, values: [prod]}]\n"}});
  const std::string warning =
      "apps/shop/policy.yaml:9:49: spec.placement.clusterAffinity.labelSelector.matchExpressions[0].operator: "
      "PropagationPolicy shop/shop: unknown operator \"Bogus\" (valid: In, NotIn, Exists, DoesNotExist); Karmada "
      "admits this label selector but cannot convert it, so it matches nothing";
  CliRun r = plan({});
  // The app then reaches no cluster: its waves are empty, which plan and reconcile refuse (issue 25).
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_EQ(r.err,
            "error: shop: apps/shop/rollout.yaml: spec.waves[0]: wave canary takes no cluster (the app reaches "
            "0); fix its clusters, or set allowEmpty: true on the wave if it may be empty\n");
  EXPECT_NE(r.out.find("\n  warning: " + warning + "\n"), std::string::npos) << r.out;
  CliRun status = run({"status", "--repo", remote_url(), "--cache-dir", *dir_ / "cache"});
  EXPECT_EQ(status.exit_code, 0) << status.err;
  EXPECT_NE(status.out.find("\n  warning:  " + warning + "\n"), std::string::npos) << status.out;
  CliRun json = run({"status", "--output", "json", "--repo", remote_url(), "--cache-dir", *dir_ / "cache"});
  EXPECT_EQ(Json::parse(json.out)["apps"][0]["warnings"], Json::array({warning}));
}

// Issue 25 (1): a typo in a wave's clusterNames made `plan` print "(no clusters)" with exit 0 and
// the reconciler skip the canary. Now plan, reconcile and status all refuse it and name the fix.
TEST_F(CliPlanCommandTest, ATypoInAWavesClusterNamesIsAnErrorEverywhere) {
  std::string typo = testing_support::wave_plan("shop");
  typo.replace(typo.find("[dev-1]"), 7, "[dev-9]");
  human_commit("canary typo", {{"apps/shop/rollout.yaml", typo}});
  const std::string finding =
      "spec.waves[0]: wave canary takes no cluster (the app reaches 4); clusterNames: dev-9 is not a cluster of the "
      "inventory (did you mean dev-1?); fix its clusters, or set allowEmpty: true on the wave if it may be empty";
  CliRun planned = plan({});
  EXPECT_EQ(planned.exit_code, 1);
  EXPECT_NE(planned.err.find(finding), std::string::npos) << planned.err;
  std::vector<std::string> args = {"reconcile", "--once", "--repo", remote_url(), "--cache-dir", *dir_ / "cache-r"};
  for (const std::string& f : start_argocd()) args.push_back(f);
  CliRun reconciled = run_binary(args);
  EXPECT_EQ(reconciled.exit_code, 1) << reconciled.out << reconciled.err;
  EXPECT_NE(reconciled.out.find("shop: error — "), std::string::npos) << reconciled.out;
  EXPECT_NE(reconciled.out.find(finding), std::string::npos) << reconciled.out;
  EXPECT_EQ(subject(), "canary typo") << "nothing was pinned";
}

TEST_F(CliPlanCommandTest, Errors) {
  human_commit("break", {{"apps/shop/deploy.yaml", "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web\n"}});
  CliRun broken = plan({});
  EXPECT_EQ(broken.exit_code, 1);
  EXPECT_EQ(broken.out, "");
  EXPECT_EQ(broken.err.rfind("error: shop: apps/shop/deploy.yaml:", 0), 0u) << broken.err;

  CliRun unknown_rev = plan({"--revision", "no-such-rev"});
  EXPECT_EQ(unknown_rev.exit_code, 1);
  EXPECT_EQ(unknown_rev.err.rfind("error: revision no-such-rev in " + remote_url() +
                                      " (branch main is fetched; other commits may be missing): ",
                                  0),
            0u)
      << unknown_rev.err;
  CliRun unknown_app = plan({"nope"});
  EXPECT_EQ(unknown_app.exit_code, 1);
  EXPECT_EQ(unknown_app.err, "error: unknown app \"nope\" at " + head().substr(0, 7) + " (apps: shop)\n");
}

}  // namespace
}  // namespace fleetwave::cli

namespace fleetwave::cli {
namespace {

TEST_F(CliPlanCommandTest, ASizedCanaryWaveShowsWhichClustersItTook) {
  human_commit("canary on a share",
               {{"apps/shop/rollout.yaml",
                 "apiVersion: fleetwave.io/v1alpha1\nkind: WavePlan\nmetadata: {name: shop}\n"
                 "spec:\n  waves:\n  - name: canary\n    size: 25%\n  - name: rest\n    clusters: {}\n"}});
  CliRun r = plan({"--output", "json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  Json doc = Json::parse(r.out);
  const Json& waves = doc["apps"][0]["waves"];
  EXPECT_EQ(waves[0]["size"], "25%");
  ASSERT_EQ(waves[0]["clusters"].size(), 1u) << "25% of 4 clusters";
  EXPECT_EQ(waves[1]["clusters"].size(), 3u);
  EXPECT_NE(plan({}).out.find("wave 1/2 canary (size 25%)"), std::string::npos);
}

}  // namespace
}  // namespace fleetwave::cli
