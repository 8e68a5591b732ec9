// Freezes: the file round-trips, expired freezes stop nothing and are dropped by the next change,
// a fleet-wide freeze is lifted only as a whole; through the engine a freeze stops starts and
// advances but never a rollback.
#include "rollout/freezes.h"

#include <gtest/gtest.h>

#include "rollout/engine_fixture.h"
#include "rollout/rollout_engine.h"

namespace fleetwave {
namespace {

constexpr std::int64_t kNow = 1'800'000'000'000;
constexpr std::int64_t kHour = 3'600'000;

TEST(FreezesTest, RoundTripsThroughTheFile) {
  std::vector<Freeze> freezes = {{{"db", "shop"}, "incident", "Ira <ira@example.com>", kNow, kNow + kHour},
                                 {{}, "friday", "Bo <bo@example.com>", kNow, std::nullopt}};
  auto parsed = parse_freezes(serialize_freezes(freezes), ".fleetwave/freezes.yaml");
  ASSERT_TRUE(parsed.ok()) << parsed.error().to_string();
  EXPECT_EQ(*parsed, freezes);
}

TEST(FreezesTest, ABrokenFileIsAnErrorAtItsField) {
  auto parsed = parse_freezes("kind: Freezes\nfreezes:\n- apps: [shop]\n  since: yesterday\n", "f.yaml");
  ASSERT_FALSE(parsed.ok());
  EXPECT_EQ(parsed.error().to_string(), "f.yaml: freezes[0].reason: required field is missing");
}

TEST(FreezesTest, OnlyUnexpiredFreezesNamingTheAppStopIt) {
  std::vector<Freeze> freezes = {{{"db"}, "db upgrade", "Ira", kNow - kHour, kNow}};
  EXPECT_EQ(active_freeze(freezes, "db", kNow - 1), &freezes[0]);
  EXPECT_EQ(active_freeze(freezes, "db", kNow), nullptr) << "until is exclusive";
  EXPECT_EQ(active_freeze(freezes, "shop", kNow - 1), nullptr);
  freezes.push_back({{}, "friday", "Bo", kNow, std::nullopt});
  EXPECT_EQ(active_freeze(freezes, "shop", kNow), &freezes[1]);
}

TEST(FreezesTest, FreezeAndUnfreezeChanges) {
  std::vector<Freeze> current = {{{"old"}, "expired", "Ira", kNow - 2 * kHour, kNow - kHour}};
  auto frozen = freeze_change(current, {"shop", "db", "shop"}, "incident", std::nullopt, "Ira", kNow);
  ASSERT_TRUE(frozen.ok()) << frozen.error().to_string();
  ASSERT_EQ(frozen->next.size(), 1u) << "the expired freeze is dropped";
  EXPECT_EQ(frozen->next[0].apps, (std::vector<std::string>{"db", "shop"}));
  EXPECT_EQ(frozen->message.subject, "fleetwave: freeze db, shop (incident)");
  EXPECT_EQ(frozen->message.trailer("Fleetwave-Action"), "freeze");

  auto twice = freeze_change(frozen->next, {"db", "shop"}, "again", std::nullopt, "Bo", kNow);
  ASSERT_FALSE(twice.ok());
  EXPECT_EQ(twice.error().kind, ErrorKind::Conflict);

  auto partly = unfreeze_change(frozen->next, {"db"}, kNow);
  ASSERT_TRUE(partly.ok()) << partly.error().to_string();
  ASSERT_EQ(partly->next.size(), 1u);
  EXPECT_EQ(partly->next[0].apps, std::vector<std::string>{"shop"});
  EXPECT_FALSE(unfreeze_change(partly->next, {"db"}, kNow).ok());
  auto all = unfreeze_change(partly->next, {}, kNow);
  ASSERT_TRUE(all.ok());
  EXPECT_TRUE(all->next.empty());
  EXPECT_FALSE(unfreeze_change({}, {}, kNow).ok()) << "nothing to unfreeze";
}

// The engine with one wave pinned to the release and a freeze of every app.
struct FrozenRelease {
  WavePlan plan;
  EngineInput in;
  FrozenRelease() {
    plan.name = "shop";
    for (const char* name : {"canary", "rest"}) plan.waves.push_back(Wave{.name = name});
    const std::string rev(40, 'a');
    in.plan = &plan;
    in.state.app = "shop";
    in.head_revision = rev;
    in.head_inputs = "app=r1";
    in.state.release = ReleaseState{rev, "app=r1", ReleasePhase::Progressing, 0, kNow - kHour, {}, {}};
    in.state.pins["dev-1"] = Pin{rev, "canary", "dev-1", kNow - kHour};
    in.waves.clusters = {{"dev-1"}, {"us-1"}};
    in.candidate_clusters = {"dev-1", "us-1"};
    in.observations.reachable = true;
    in.observations.by_cluster["dev-1"] = testing_support::synced_at(rev, kNow - kHour);
    in.freezes = {{{}, "friday", "Bo <bo@example.com>", kNow - 1000, std::nullopt}};
    in.now_ms = kNow;
  }
};

TEST(FreezesTest, AFreezeStopsTheNextWaveButNotARollback) {
  FrozenRelease f;
  Decision d = decide(f.in);
  EXPECT_FALSE(d.step);
  EXPECT_EQ(d.blocked,
            "wave 1/2 canary waits: shop is frozen (every app) by Bo <bo@example.com> since 2027-01-15T07:59:59Z: "
            "friday (until `fleetwave unfreeze`)");
  f.in.observations.by_cluster["dev-1"].health_status = "Degraded";
  d = decide(f.in);
  ASSERT_TRUE(d.step) << d.blocked;
  EXPECT_EQ(d.step->action, "rollback");
  f.in.freezes.clear();
  f.in.observations.by_cluster["dev-1"].health_status = "Healthy";
  d = decide(f.in);
  ASSERT_TRUE(d.step) << d.blocked;
  EXPECT_EQ(d.step->action, "advance");
}

}  // namespace
}  // namespace fleetwave
