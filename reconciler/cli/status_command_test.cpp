// fleetwave status: the text view and the JSON document (its exact shape), with and without
// Argo CD, for an idle app, a release in flight and a blocked one; and the status document
// built directly from a report.
#include <gtest/gtest.h>

#include "cli/cli_exit_fixture.h"
#include "cli/cli_fixture.h"
#include "reconcile/views/status_view.h"

namespace fleetwave::cli {
namespace {

using testing_support::CliRun;
using testing_support::CliTest;

class CliStatusCommandTest : public CliTest {
 protected:
  std::vector<std::string> with(std::vector<std::string> args, const std::vector<std::string>& more) {
    args.insert(args.end(), more.begin(), more.end());
    return args;
  }
  void reconcile() {
    CliRun r = run(with(with({"reconcile", "--once"}, repo_flags()), argocd_flags_));
    ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  }
  void SetUp() override {
    CliTest::SetUp();
    argocd_flags_ = start_argocd();
  }
  std::vector<std::string> argocd_flags_;
};

TEST_F(CliStatusCommandTest, NewAppTextWithoutArgoCd) {
  const std::string h7 = head().substr(0, 7);
  CliRun r = run(with({"status"}, repo_flags()));
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out,
            "shop (apps/shop)\n"
            "  phase:    New\n"
            "  next:     start — fleetwave(shop): start " +
                h7 +
                " at wave 1/3 canary (1 of 1 clusters)\n"
                "  wave 1/3 canary: maxConcurrency 100%, maxFailures 0, minSuccessTime 10s, progressDeadline none\n"
                "    dev-1  -        not pinned\n"
                "  wave 2/3 europe: maxConcurrency 1, maxFailures 0, minSuccessTime 0s, progressDeadline none\n"
                "    eu-1  -        not pinned\n"
                "    eu-2  -        not pinned\n"
                "  wave 3/3 rest: maxConcurrency 100%, maxFailures 0, minSuccessTime 0s, progressDeadline none\n"
                "    us-1  -        not pinned\n");
}

TEST_F(CliStatusCommandTest, ReleaseInFlightWithVerdictsAndWhyBlocked) {
  reconcile();
  const std::string release = git(remote_, {"rev-parse", "main~1"});
  const std::string r7 = release.substr(0, 7);
  clock_.advance_ms(192'000);  // the ages say how long ago the release started and dev-1 was pinned
  CliRun waiting = run(with(with({"status", "shop"}, repo_flags()), argocd_flags_));
  EXPECT_EQ(waiting.exit_code, 0) << waiting.err;
  EXPECT_EQ(
      waiting.out,
      "shop (apps/shop)\n"
      "  phase:    Progressing — release " +
          r7 +
          " in wave canary, started 3m12s ago\n"
          "  syncing:  wave 1/3 canary waiting for dev-1: no Argo CD Application for dev-1 yet\n"
          "  wave 1/3 canary (current): maxConcurrency 100%, maxFailures 0, minSuccessTime 10s, progressDeadline none\n"
          "    dev-1  " +
          r7 +
          "  unknown  no Argo CD Application for dev-1 yet  (pinned 3m12s ago)\n"
          "  wave 2/3 europe: maxConcurrency 1, maxFailures 0, minSuccessTime 0s, progressDeadline none\n"
          "    eu-1  -        not pinned\n"
          "    eu-2  -        not pinned\n"
          "  wave 3/3 rest: maxConcurrency 100%, maxFailures 0, minSuccessTime 0s, progressDeadline none\n"
          "    us-1  -        not pinned\n");

  sync_argocd();
  clock_.advance_ms(4'000);
  CliRun json = run(with(with({"status", "--output", "json"}, repo_flags()), argocd_flags_));
  EXPECT_EQ(json.exit_code, 0) << json.err;
  Json doc = Json::parse(json.out);
  const Json& app = doc["apps"][0];
  EXPECT_EQ(doc["branch"], "main");
  EXPECT_EQ(doc["head"], head());
  EXPECT_EQ(app["blocked"], "wave 1/3 canary healthy for 4s of minSuccessTime 10s, 6s left");
  EXPECT_EQ(app["phase"], "Progressing");
  EXPECT_EQ(app["release"], release);
  EXPECT_EQ(app["releaseWave"], "canary");
  EXPECT_EQ(app["argocd"], Json({{"configured", true}, {"reachable", true}, {"error", ""}}));
  EXPECT_EQ(app["waves"][0]["clusters"][0], Json({{"cluster", "dev-1"},
                                                  {"held", ""},
                                                  {"cordoned", ""},
                                                  {"revision", release},
                                                  {"server", "https://dev-1.example.com:6443"},
                                                  {"pinnedAt", "2027-01-15T08:00:00Z"},
                                                  {"verdict", "done"},
                                                  {"detail", "Synced/Healthy at " + r7},
                                                  {"healthySince", "2027-01-15T08:03:12Z"}}));
  // Output is deterministic, byte for byte.
  EXPECT_EQ(run(with(with({"status", "--output", "json"}, repo_flags()), argocd_flags_)).out, json.out);
}

TEST_F(CliStatusCommandTest, JsonShapeIsStable) {
  CliRun r = run(with({"status", "--output", "json"}, repo_flags()));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  Json doc = Json::parse(r.out);
  auto keys = [](const Json& object) {
    std::vector<std::string> out;
    for (auto it = object.begin(); it != object.end(); ++it) out.push_back(it.key());
    return out;
  };
  EXPECT_EQ(keys(doc), (std::vector<std::string>{"approvalRules", "apps", "branch", "clusterLabels", "cordons", "head",
                                                 "warnings"}));
  EXPECT_EQ(doc["approvalRules"], Json::parse(R"({"allowedReviewers": [], "signedCommitsOnly": false})"));
  const Json& app = doc["apps"][0];
  EXPECT_EQ(keys(app), (std::vector<std::string>{
                           "analysis",    "app",        "approvals", "argocd",  "blocked",          "blockedBy",
                           "errors",      "heldReason", "ignored",   "next",    "otherClusters",    "path",
                           "pauseReason", "paused",     "phase",     "release", "releaseStartedAt", "releaseWave",
                           "stable",      "warnings",   "waves"}));
  EXPECT_EQ(keys(app["waves"][0]),
            (std::vector<std::string>{"approval", "approved", "clusters", "current", "index", "maxConcurrency",
                                      "maxFailures", "minSuccessTime", "name", "progressDeadline", "size"}));
  EXPECT_EQ(keys(app["waves"][0]["clusters"][0]),
            (std::vector<std::string>{"cluster", "cordoned", "detail", "healthySince", "held", "pinnedAt", "revision",
                                      "server", "verdict"}));
  EXPECT_EQ(app["argocd"], Json({{"configured", false}, {"reachable", false}, {"error", ""}}));
  EXPECT_EQ(r.out.substr(0, 21), "{\n  \"approvalRules\": ");  // indented, sorted keys
}

TEST_F(CliStatusCommandTest, ErrorsAndUsage) {
  human_commit("break the plan", {{"apps/shop/rollout.yaml",
                                   "apiVersion: fleetwave.io/v1alpha1\nkind: WavePlan\n"
                                   "metadata: {name: shop}\nspec: {waves: []}\n"}});
  CliRun broken = run(with({"status"}, repo_flags()));
  EXPECT_EQ(broken.exit_code, 0) << broken.err;
  EXPECT_NE(broken.out.find("  phase:    New\n  error:    apps/shop/rollout.yaml:"), std::string::npos) << broken.out;

  const std::vector<testing_support::ExpectedExit> refusals = {
      {"bad output",
       {"status", "--output", "toml"},
       2,
       "error: --output must be text, json or yaml, not \"toml\" (see fleetwave status --help)\n"},
      {"two apps", {"status", "a", "b"}, 2, "error: expected at most one APP argument (see fleetwave status --help)\n"},
      {"unknown app", with({"status", "nope"}, repo_flags()), 1,
       "error: unknown app \"nope\" at " + head().substr(0, 7) + " (apps: shop)\n"},
      {"token without url",
       {"status", "--argocd-token-file", "x"},
       2,
       "error: --argocd-token-file needs --argocd-url (see fleetwave status --help)\n"},
  };
  testing_support::expect_exits(refusals, [&](const std::vector<std::string>& args) { return run(args); });
}

// Issue 25 (3): a broken WavePlan (a mistyped key) keeps what Git and Argo CD know: the release
// in flight, its pins with Argo CD's verdicts, and the error; "unreachable" only when Argo CD did
// not answer.
TEST_F(CliStatusCommandTest, ABrokenWavePlanKeepsTheKnownStateBesideTheError) {
  ASSERT_EQ(run_binary(with(with({"reconcile", "--once"}, repo_flags()), argocd_flags_)).exit_code, 0);
  human_commit("typo", {{"apps/shop/rollout.yaml",
                         "apiVersion: fleetwave.io/v1alpha1\nkind: WavePlan\n"
                         "metadata: {name: shop}\nspec:\n  waves:\n  - name: all\n"
                         "    clusters: {}\n    minSucessTime: 5s\n"}});
  CliRun status = run_binary(with(with({"status", "-o", "json"}, repo_flags()), argocd_flags_));
  ASSERT_EQ(status.exit_code, 0) << status.err;
  const Json app = Json::parse(status.out)["apps"][0];
  EXPECT_EQ(app["phase"], "Progressing") << status.out;
  EXPECT_EQ(app["release"].get<std::string>().substr(0, 7), git(remote_, {"rev-parse", "main~2"}).substr(0, 7))
      << status.out;
  ASSERT_EQ(app["otherClusters"].size(), 1u) << status.out;
  EXPECT_EQ(app["otherClusters"][0]["cluster"], "dev-1");
  EXPECT_EQ(app["otherClusters"][0]["revision"], app["release"]);
  ASSERT_FALSE(app["errors"].empty());
  EXPECT_NE(app["errors"][0].get<std::string>().find("minSucessTime"), std::string::npos) << status.out;
  EXPECT_EQ(app["argocd"]["reachable"], true) << status.out;
  EXPECT_EQ(app["argocd"]["error"], "");
}

// Issue 25 (4): a mistyped kind or apiVersion of the WavePlan kept the app out of status with no
// word; now the app stays, with the field, its place and the fix (the built binary, real Git).
TEST_F(CliStatusCommandTest, AMistypedKindOrApiVersionKeepsTheAppWithTheFix) {
  struct Case {
    std::string name;
    std::string head;  // the first two lines of apps/shop/rollout.yaml
    std::string error;
  } cases[] = {
      {"kind", "apiVersion: fleetwave.io/v1alpha1\nkind: WavePaln\n",
       "apps/shop/rollout.yaml:2:7: kind: kind \"WavePaln\" is not a fleetwave kind; did you mean WavePlan?"},
      {"apiVersion", "apiVersion: fleetwave.io/v1alpha\nkind: WavePlan\n",
       "apps/shop/rollout.yaml:1:13: apiVersion: apiVersion \"fleetwave.io/v1alpha\" is not one fleetwave reads; did "
       "you mean fleetwave.io/v1alpha1?"},
      {"group", "apiVersion: fleetwaves.io/v1alpha1\nkind: WavePlan\n",
       "apps/shop/rollout.yaml:1:13: apiVersion: apiVersion \"fleetwaves.io/v1alpha1\" is not one fleetwave reads; "
       "did you mean fleetwave.io/v1alpha1?"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    human_commit("typo in " + c.name,
                 {{"apps/shop/rollout.yaml", c.head + "metadata: {name: shop}\nspec:\n  waves:\n  - name: all\n"
                                                      "    clusters: {}\n"}});
    CliRun status = run_binary(with({"status"}, repo_flags()));
    EXPECT_EQ(status.exit_code, 0) << status.err;
    EXPECT_EQ(status.out.rfind("shop (apps/shop)\n  phase:    New\n  error:    ", 0), 0u) << status.out;
    EXPECT_NE(status.out.find(c.error), std::string::npos) << status.out;
    CliRun plan = run_binary(with({"plan"}, repo_flags()));
    EXPECT_NE((plan.out + plan.err).find(c.error), std::string::npos) << plan.out << plan.err;
  }
}

TEST(CliStatusViewTest, OtherClustersAndHeldRelease) {
  WavePlan plan;
  plan.name = "web";
  plan.waves.resize(2);
  plan.waves[0].name = "one";
  plan.waves[1].name = "two";
  plan.waves[1].approval_required = true;
  AppStatusInput in;
  in.plan = &plan;
  in.report.app = "web";
  in.report.path = "apps/web";
  in.report.blocked = "release abcdef0 is held (bad)";
  RolloutState s;
  s.app = "web";
  s.stable_revision = std::string(40, 'a');
  s.release = ReleaseState{std::string(40, 'b'), "inputs", ReleasePhase::Held, 1, 0, {"two"}, "bad"};
  s.pins["c1"] = Pin{std::string(40, 'a'), "one", "c1", 0};
  s.pins["gone"] = Pin{std::string(40, 'a'), "removed-wave", "gone", 0};
  in.report.state = s;
  in.waves = WaveAssignment{{{"c1"}, {"c2"}}};
  Json j = app_status_json(in);
  EXPECT_EQ(j["phase"], "Held");
  EXPECT_EQ(j["heldReason"], "bad");
  EXPECT_EQ(j["releaseWave"], "two");
  EXPECT_EQ(j["waves"][1]["approved"], true);
  EXPECT_EQ(j["waves"][1]["current"], true);
  EXPECT_EQ(j["waves"][1]["approval"], "required");
  EXPECT_EQ(j["waves"][1]["clusters"][0]["revision"], "");
  ASSERT_EQ(j["otherClusters"].size(), 1u);
  EXPECT_EQ(j["otherClusters"][0]["cluster"], "gone");
  EXPECT_EQ(j["waves"][0]["clusters"][0]["verdict"], "");  // no Argo CD configured
}

}  // namespace
}  // namespace fleetwave::cli
