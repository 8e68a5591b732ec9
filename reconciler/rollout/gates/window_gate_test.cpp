// The window gate through the engine: a deny window stops the start and every next batch of
// the clusters it selects, an allow window lets releases move only while open, a rollback is
// never held back, and a person's promote passes the windows with manualSync.
#include <gtest/gtest.h>

#include "codec/yaml_codec.h"
#include "rollout/engine_fixture.h"
#include "rollout/manual_actions.h"
#include "rollout/rollout_engine.h"

namespace fleetwave {
namespace {

const std::string kRelease(40, 'a');
constexpr std::int64_t kFriday18h = 1'800'640'800'000;  // 2027-01-22T18:00:00Z, a Friday

std::vector<RolloutWindow> windows(const std::string& yaml) {
  auto docs = parse_yaml_stream(
      "apiVersion: fleetwave.io/v1alpha1\nkind: RolloutWindows\nmetadata: {name: w}\n"
      "spec:\n  windows:\n" +
          yaml,
      "w.yaml");
  EXPECT_TRUE(docs.ok());
  Problems problems;
  std::vector<RolloutWindow> out = parse_rollout_windows(docs->front().value, problems);
  EXPECT_TRUE(problems.empty()) << to_string(problems.list());
  return out;
}

Cluster cluster(const std::string& name, const std::string& env) {
  Cluster c;
  c.name = name;
  c.labels["env"] = env;
  return c;
}

struct Fixture {
  WavePlan plan;
  EngineInput in;
  Fixture() {
    plan.name = "shop";
    for (const char* name : {"canary", "prod"}) plan.waves.push_back(Wave{.name = name});
    in.plan = &plan;
    in.state.app = "shop";
    in.head_revision = kRelease;
    in.head_inputs = "app=r1";
    in.waves.clusters = {{"dev-1"}, {"prod-1"}};
    in.candidate_clusters = {"dev-1", "prod-1"};
    in.inventory = {cluster("dev-1", "dev"), cluster("prod-1", "prod")};
    in.observations.reachable = true;
    in.now_ms = kFriday18h;
  }
  // The canary is on the release, Synced and Healthy.
  void canary_done(const std::string& health = "Healthy") {
    in.state.release = ReleaseState{kRelease, "app=r1", ReleasePhase::Progressing, 0, in.now_ms - 60'000, {}, {}};
    in.state.pins["dev-1"] = Pin{kRelease, "canary", "dev-1", in.now_ms - 60'000};
    in.observations.by_cluster["dev-1"] = testing_support::synced_at(kRelease, in.now_ms - 60'000, health);
  }
};

const char* kFridayEveningProd =
    "  - kind: deny\n    schedule: '0 17 * * FRI'\n    duration: 63h\n    timeZone: UTC\n"
    "    clusters: {labelSelector: {matchLabels: {env: prod}}}\n";

TEST(WindowGateTest, ADenyWindowStopsOnlyTheClustersItSelects) {
  Fixture f;
  f.in.windows = windows(kFridayEveningProd);
  Decision d = decide(f.in);
  ASSERT_TRUE(d.step) << d.blocked;
  EXPECT_EQ(d.step->action, "start") << "the canary is no prod cluster";

  f.canary_done();
  d = decide(f.in);
  EXPECT_FALSE(d.step);
  EXPECT_EQ(d.blocked.rfind("wave 2/2 prod waits: deny window w[0] (0 17 * * FRI UTC, 63h) is active until "
                            "2027-01-25T08:00:00Z",
                            0),
            0u)
      << d.blocked;

  f.in.now_ms += 63 * 3'600'000LL;  // Monday 09:00
  d = decide(f.in);
  ASSERT_TRUE(d.step) << d.blocked;
  EXPECT_EQ(d.step->action, "advance");
}

TEST(WindowGateTest, OutsideEveryAllowWindowNothingStarts) {
  Fixture f;
  f.in.windows = windows("  - kind: allow\n    schedule: '0 9 * * MON-THU'\n    duration: 8h\n");
  Decision d = decide(f.in);
  EXPECT_FALSE(d.step);
  EXPECT_NE(d.blocked.find("outside every allow window"), std::string::npos) << d.blocked;
  EXPECT_NE(d.blocked.find("2027-01-25T09:00:00Z"), std::string::npos) << d.blocked;
  f.in.windows = windows(
      "  - kind: allow\n    schedule: '0 9 * * MON-THU'\n    duration: 8h\n"
      "    applications: ['pay*']\n");
  d = decide(f.in);
  ASSERT_TRUE(d.step) << "a window for other apps does not apply: " << d.blocked;
}

TEST(WindowGateTest, ARollbackIsNeverHeldBackByAWindow) {
  Fixture f;
  f.in.windows = windows("  - kind: deny\n    schedule: '* * * * *'\n    duration: 1h\n");
  f.canary_done("Degraded");
  Decision d = decide(f.in);
  ASSERT_TRUE(d.step) << d.blocked;
  EXPECT_EQ(d.step->action, "rollback");
}

// Argo CD's CanSync(isManual): a manual sync passes a deny window with manualSync, an automatic
// one does not. fleetwave's manual sync is a promote (types_test.go TestSyncWindows_CanSync,
// "will allow manual sync with active-deny with ManualSync enabled" and "will deny auto sync with
// active-deny with ManualSync enabled").
TEST(WindowGateTest, APromoteByAPersonPassesAWindowWithManualSync) {
  Fixture f;
  f.in.windows = windows(std::string(kFridayEveningProd) + "    manualSync: true\n    description: CHG-1234\n");
  f.canary_done();
  Decision d = decide(f.in);
  EXPECT_FALSE(d.step) << "the automatic step waits";
  EXPECT_EQ(d.blocked.rfind("wave 2/2 prod waits: deny window w[0] \"CHG-1234\" (0 17 * * FRI UTC, 63h) is active "
                            "until 2027-01-25T08:00:00Z",
                            0),
            0u)
      << d.blocked;

  auto promote = promote_step(f.plan, f.in.state, std::string("prod"), "hotfix");
  ASSERT_TRUE(promote.ok()) << promote.error().to_string();
  f.in.state = promote->next;
  d = decide(f.in);
  ASSERT_TRUE(d.step) << d.blocked;
  EXPECT_EQ(d.step->action, "advance");
  const std::string evidence = d.step->message.trailer("Fleetwave-Evidence");
  EXPECT_NE(evidence.find("promoted to wave prod by a person; manualSync lets it pass deny window w[0] \"CHG-1234\""),
            std::string::npos)
      << evidence;
}

// "will deny manual sync with active-deny" (types_test.go TestSyncWindows_CanSync): without
// manualSync a promote waits like any step.
TEST(WindowGateTest, APromoteWaitsForAWindowWithoutManualSync) {
  Fixture f;
  f.in.windows = windows(kFridayEveningProd);
  f.canary_done();
  auto promote = promote_step(f.plan, f.in.state, std::nullopt, "hotfix");
  ASSERT_TRUE(promote.ok()) << promote.error().to_string();
  f.in.state = promote->next;
  Decision d = decide(f.in);
  EXPECT_FALSE(d.step);
  EXPECT_EQ(d.blocked.rfind("wave 2/2 prod waits: deny window w[0]", 0), 0u) << d.blocked;
}

// types_test.go TestSyncWindows_Matches "MatchNamespace": the app's namespace (EngineInput's
// app_namespace, from its templates) against the window's namespaces.
TEST(WindowGateTest, NamespacesMatchTheAppsNamespace) {
  Fixture f;
  f.in.windows = windows("  - kind: deny\n    schedule: '0 17 * * FRI'\n    duration: 63h\n    namespaces: [shop-*]\n");
  f.in.app_namespace = "payments";
  Decision d = decide(f.in);
  ASSERT_TRUE(d.step) << d.blocked;
  EXPECT_EQ(d.step->action, "start");
  f.canary_done();
  f.in.app_namespace = "shop-prod";
  d = decide(f.in);
  EXPECT_FALSE(d.step);
  EXPECT_EQ(d.blocked.rfind("wave 2/2 prod waits: deny window w[0]", 0), 0u) << d.blocked;
}

}  // namespace
}  // namespace fleetwave
