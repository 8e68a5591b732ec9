// The status builder: the status document of the small fleet at a head of an in-memory
// repository, every app planned as a reconcile would without committing: a new app and its next
// step; a stable app with Argo CD's verdicts (none when it is not configured); a release in flight,
// and the same release frozen; the cycle's Argo CD answers reused and its errors shown as fleet
// warnings; the cordons at the head. The document's shape is status_view's, its text
// status_text's.
#include "reconcile/views/status_builder.h"

#include "base/timestamp.h"
#include "model/cordons.h"
#include "reconcile/app_steps/app_step_fixture.h"
#include "rollout/cordon_changes.h"
#include "rollout/engine_fixture.h"

namespace fleetwave {
namespace {

class StatusBuilderTest : public testing_support::AppStepTest {
 protected:
  Json status(bool argocd_configured, const CycleReport* cycle = nullptr) {
    StatusBuilder builder(repo_, argocd_, clock_);
    auto doc = builder.status(StatusRequest{"main", head_, argocd_configured, /*observe_every_app=*/true, cycle});
    EXPECT_TRUE(doc.ok()) << doc.error().to_string();
    return doc.ok() ? *doc : Json();
  }

  // shop's report from a cycle that found it blocked, with Argo CD reachable.
  static AppReport shop_as_the_cycle_planned_it() {
    AppReport seen;
    seen.app = "shop";
    seen.path = "apps/shop";
    seen.waves = WaveAssignment{{{"dev-1"}, {"eu-1", "eu-2"}, {"us-1"}}};
    seen.blocked = "what the cycle found";
    seen.observations.reachable = true;
    return seen;
  }

  // The clusters of each wave of the app's document, and one field of each cluster.
  static std::vector<std::vector<std::string>> clusters(const Json& app, const char* field = "cluster") {
    std::vector<std::vector<std::string>> out;
    for (const Json& w : app["waves"]) {
      out.emplace_back();
      for (const Json& c : w["clusters"]) out.back().push_back(c[field].get<std::string>());
    }
    return out;
  }

  // A release of web:2.0 in flight at the canary, dev-1 pinned to it a minute ago (every other
  // cluster on the stable head), Argo CD following the pins. Returns the release.
  std::string release_in_flight() {
    const std::string stable = head_;
    const std::string stable_inputs = digest();
    head_is_stable();
    commit({{"apps/shop/deploy.yaml", testkit::deployment("web:2.0")}}, "web 2.0");
    const std::string release = head_;
    RolloutState s;
    s.app = "shop";
    s.path = "apps/shop";
    s.stable_revision = stable;
    s.stable_inputs = stable_inputs;
    s.release = ReleaseState{release, digest(), ReleasePhase::Progressing, 0, kNow - 120'000, {}, {}};
    for (const char* c : {"eu-1", "eu-2", "us-1"}) s.pins[c] = Pin{stable, c[0] == 'e' ? "europe" : "rest", c, kNow};
    s.pins["dev-1"] = Pin{release, "canary", "dev-1", kNow - 60'000};
    commit({{state_path("shop"), serialize_state(s)}, {targets_path("shop"), serialize_targets(s)}},
           fleetwave_message("start"));
    argocd_follows_targets();
    return release;
  }

  ManualClock clock_{kNow};
};

TEST_F(StatusBuilderTest, ANewAppAndItsNextStepWithoutArgoCd) {
  const Json doc = status(/*argocd_configured=*/false);
  EXPECT_EQ(doc["branch"], "main");
  EXPECT_EQ(doc["head"], head_);
  EXPECT_EQ(doc["cordons"], Json::array());
  EXPECT_EQ(doc["warnings"], Json::array());
  ASSERT_EQ(doc["apps"].size(), 1u);
  const Json& app = doc["apps"][0];
  EXPECT_EQ(app["app"], "shop");
  EXPECT_EQ(app["path"], "apps/shop");
  EXPECT_EQ(app["phase"], "New");
  EXPECT_EQ(app["next"]["action"], "start");
  EXPECT_EQ(app["errors"], Json::array());
  EXPECT_EQ(app["argocd"], Json({{"configured", false}, {"reachable", false}, {"error", ""}}));
  EXPECT_EQ(clusters(app), (std::vector<std::vector<std::string>>{{"dev-1"}, {"eu-1", "eu-2"}, {"us-1"}}));
  EXPECT_EQ(clusters(app, "revision"), (std::vector<std::vector<std::string>>{{""}, {"", ""}, {""}}));

  StatusBuilder builder(repo_, argocd_, clock_);
  auto none = builder.status_of(StatusRequest{"main", head_, false}, {});
  ASSERT_TRUE(none.ok()) << none.error().to_string();
  EXPECT_EQ((*none)["apps"], Json::array()) << "only the apps given";
}

TEST_F(StatusBuilderTest, AStableAppWithArgoCdsVerdicts) {
  const std::string stable = head_;
  head_is_stable();
  argocd_follows_targets();
  const Json doc = status(/*argocd_configured=*/true);
  ASSERT_EQ(doc["apps"].size(), 1u);
  const Json& app = doc["apps"][0];
  EXPECT_EQ(app["phase"], "Stable");
  EXPECT_EQ(app["stable"], stable);
  EXPECT_EQ(app["release"], "");
  EXPECT_TRUE(app["next"].is_null());
  EXPECT_EQ(app["blocked"], "");
  EXPECT_EQ(app["argocd"], Json({{"configured", true}, {"reachable", true}, {"error", ""}}));
  EXPECT_EQ(clusters(app, "revision"), (std::vector<std::vector<std::string>>{{stable}, {stable, stable}, {stable}}));
  EXPECT_EQ(clusters(app, "verdict"), (std::vector<std::vector<std::string>>{{"done"}, {"done", "done"}, {"done"}}));
  const Json& dev = app["waves"][0]["clusters"][0];
  EXPECT_EQ(dev["detail"], "Synced/Healthy at " + stable.substr(0, 7));
  EXPECT_EQ(dev["healthySince"], format_rfc3339(kNow - 60'000));
  EXPECT_GT(argocd_.queries(), 0u);

  // Without Argo CD configured, the same pins carry no verdict.
  const Json without = status(/*argocd_configured=*/false)["apps"][0];
  EXPECT_EQ(without["argocd"], Json({{"configured", false}, {"reachable", false}, {"error", ""}}));
  EXPECT_EQ(clusters(without, "verdict"), (std::vector<std::vector<std::string>>{{""}, {"", ""}, {""}}));
  EXPECT_EQ(clusters(without, "revision"), clusters(app, "revision"));
}

TEST_F(StatusBuilderTest, AReleaseInFlightAndTheSameReleaseFrozen) {
  const std::string release = release_in_flight();
  Json app = status(/*argocd_configured=*/true)["apps"][0];
  EXPECT_EQ(app["phase"], "Progressing");
  EXPECT_EQ(app["release"], release);
  EXPECT_EQ(app["releaseWave"], "canary");
  EXPECT_EQ(app["releaseStartedAt"], format_rfc3339(kNow - 120'000));
  EXPECT_EQ(app["waves"][0]["current"], true);
  EXPECT_EQ(app["waves"][1]["current"], false);
  EXPECT_EQ(app["waves"][0]["clusters"][0]["revision"], release);
  EXPECT_EQ(app["waves"][0]["clusters"][0]["verdict"], "done");
  EXPECT_EQ(app["next"]["action"], "advance") << "dev-1 healthy for a minute, the canary bakes 10s";

  commit({{".fleetwave/freezes.yaml",
           "apiVersion: fleetwave.io/v1alpha1\nkind: Freezes\nfreezes:\n- apps: [shop]\n  reason: incident INC-42\n"
           "  by: Ira Oncall <ira@example.com>\n  since: \"2027-01-15T07:00:00Z\"\n"}},
         "freeze shop");
  app = status(/*argocd_configured=*/true)["apps"][0];
  EXPECT_EQ(app["phase"], "Frozen");
  EXPECT_EQ(app["release"], release);
  EXPECT_TRUE(app["next"].is_null());
  EXPECT_NE(app["blocked"].get<std::string>().find("incident INC-42"), std::string::npos) << app["blocked"];
}

TEST_F(StatusBuilderTest, TheCyclesAnswersAreReusedAndItsErrorsAreFleetWarnings) {
  const std::string stable = head_;
  head_is_stable();
  argocd_follows_targets();  // Argo CD now says Healthy everywhere; the cycle saw eu-1 Degraded
  CycleReport cycle;
  AppReport seen;
  seen.app = "shop";
  seen.waves = WaveAssignment{{{"dev-1"}, {"eu-1", "eu-2"}, {"us-1"}}};
  seen.observations.reachable = true;
  for (const char* c : {"dev-1", "eu-2", "us-1"})
    seen.observations.by_cluster[c] = testing_support::synced_at(stable, kNow - 60'000);
  seen.observations.by_cluster["eu-1"] = testing_support::synced_at(stable, kNow - 60'000, "Degraded");
  cycle.apps.push_back(seen);
  cycle.errors.push_back(conflict("failover of eu-2 refused: it is the last cluster of wave europe"));
  const std::size_t asked = argocd_.queries();
  const Json doc = status(/*argocd_configured=*/true, &cycle);
  EXPECT_EQ(argocd_.queries(), asked) << "the cycle's answers are reused";
  EXPECT_EQ(clusters(doc["apps"][0], "verdict"),
            (std::vector<std::vector<std::string>>{{"done"}, {"failed", "done"}, {"done"}}));
  EXPECT_EQ(doc["warnings"], Json::array({"failover of eu-2 refused: it is the last cluster of wave europe"}));
}

// A cycle that planned this very head and wrote nothing: its plans are the status (planning
// again would ask the same questions, of Argo CD and Prometheus too). After a cycle that wrote a
// step, or of another head, the apps are planned again.
TEST_F(StatusBuilderTest, TheCyclesPlansAreReusedWhenItPlannedThisHeadAndWroteNothing) {
  head_is_stable();
  argocd_follows_targets();
  CycleReport cycle;
  cycle.head = head_;
  AppReport seen = shop_as_the_cycle_planned_it();
  cycle.apps.push_back(seen);
  EXPECT_EQ(status(/*argocd_configured=*/true, &cycle)["apps"][0]["blocked"], "what the cycle found");
  cycle.commits.push_back(std::string(40, 'c'));
  EXPECT_NE(status(/*argocd_configured=*/true, &cycle)["apps"][0]["blocked"], "what the cycle found");
  cycle.commits.clear();
  cycle.head = std::string(40, 'd');
  EXPECT_NE(status(/*argocd_configured=*/true, &cycle)["apps"][0]["blocked"], "what the cycle found");
}

// After a cycle that wrote steps, the status of the tip it left reuses the plans of the apps that
// did not step, and those a webhook's cycle carried; a stepped app is planned again, and so is
// every app after failovers.
TEST_F(StatusBuilderTest, ThePlansOfAppsThatDidNotStepAreReusedAtTheTipTheCycleLeft) {
  head_is_stable();
  argocd_follows_targets();
  CycleReport cycle;
  cycle.head = std::string(40, 'e');  // the cycle planned there, then wrote up to head_
  cycle.commits = {std::string(40, 'f'), head_};
  AppReport seen = shop_as_the_cycle_planned_it();
  AppReport other = seen;
  other.app = "cart";
  other.action = "advance";
  cycle.apps = {other, seen};
  const std::size_t asked = argocd_.queries();
  EXPECT_EQ(status(/*argocd_configured=*/true, &cycle)["apps"][0]["blocked"], "what the cycle found");
  EXPECT_EQ(argocd_.queries(), asked);
  cycle.apps = {other};
  cycle.carried = {std::make_shared<const AppReport>(seen)};
  EXPECT_EQ(status(/*argocd_configured=*/true, &cycle)["apps"][0]["blocked"], "what the cycle found") << "carried";
  cycle.failovers = {"eu-2: connection Failed for 5m"};
  EXPECT_NE(status(/*argocd_configured=*/true, &cycle)["apps"][0]["blocked"], "what the cycle found");
  cycle.failovers.clear();
  cycle.carried.clear();
  seen.action = "advance";
  cycle.apps = {seen};
  EXPECT_NE(status(/*argocd_configured=*/true, &cycle)["apps"][0]["blocked"], "what the cycle found");
}

TEST_F(StatusBuilderTest, TheCordonsAtTheHead) {
  const Cordon cordon{"eu-2",           Taint{"cluster.karmada.io/not-ready", "", "NoExecute"},
                      "kernel upgrade", "Jane <jane@example.com>",
                      kNow - 3'600'000, false};
  commit({{".fleetwave/cordons.yaml", serialize_cordons({cordon})}}, "cordon eu-2");
  head_is_stable();
  const Json doc = status(/*argocd_configured=*/false);
  EXPECT_EQ(doc["cordons"], Json::array({{{"cluster", "eu-2"},
                                          {"taint", "cluster.karmada.io/not-ready:NoExecute"},
                                          {"reason", "kernel upgrade"},
                                          {"by", "Jane <jane@example.com>"},
                                          {"since", format_rfc3339(kNow - 3'600'000)},
                                          {"automatic", false}}}));
  // The taint (NoExecute) moves everything off eu-2: the app no longer reaches it, so the pinned
  // cluster shows under the wave its pin names.
  EXPECT_EQ(clusters(doc["apps"][0]), (std::vector<std::vector<std::string>>{{"dev-1"}, {"eu-1"}, {"eu-2", "us-1"}}));
  EXPECT_EQ(clusters(doc["apps"][0], "cordoned"),
            (std::vector<std::vector<std::string>>{{""}, {""}, {describe_cordon(cordon), ""}}));
}

// The board's label filter reads the inventory's labels from the document; a builder that lives
// across heads (serve's) shows a relabelled cluster at the next head.
TEST_F(StatusBuilderTest, TheInventorysLabelsByCluster) {
  head_is_stable();
  StatusBuilder builder(repo_, argocd_, clock_);
  auto at_head = [&] {
    auto doc = builder.status(StatusRequest{"main", head_, false, false, nullptr});
    EXPECT_TRUE(doc.ok()) << doc.error().to_string();
    return doc.ok() ? (*doc)["clusterLabels"] : Json();
  };
  EXPECT_EQ(at_head(), Json::parse(R"({"dev-1": {"geo": "us"}, "eu-1": {"geo": "eu"}, "eu-2": {"geo": "eu"},
                                       "us-1": {"geo": "us"}})"));
  commit({{"clusters/us-1.yaml", testkit::cluster_yaml("us-1", "ap")}}, "us-1 moves");
  EXPECT_EQ(at_head()["us-1"], Json::parse(R"({"geo": "ap"})"));
}

}  // namespace
}  // namespace fleetwave
