// The dependencies gate through the engine: a release enters a wave only when each dependency
// is stable or its release in flight has completed the wave of the same name.
#include <gtest/gtest.h>

#include "rollout/engine_fixture.h"
#include "rollout/rollout_engine.h"

namespace fleetwave {
namespace {

const std::string kRelease = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa";
const std::string kDbRelease = "dddddddddddddddddddddddddddddddddddddddd";
constexpr std::int64_t kNow = 1'800'000'000'000;

WavePlan shop_plan() {
  WavePlan plan;
  plan.name = "shop";
  plan.depends_on = {"db"};
  for (const char* name : {"canary", "europe"}) {
    Wave w;
    w.name = name;
    plan.waves.push_back(w);
  }
  return plan;
}

// A first release of shop at the head, with clusters in both waves.
EngineInput first_release(const WavePlan& plan, DependencyStatus db) {
  EngineInput in;
  in.plan = &plan;
  in.state.app = "shop";
  in.head_revision = kRelease;
  in.head_inputs = "app=r1 clusters=c1 policies=-";
  in.waves.clusters = {{"dev-1"}, {"eu-1"}};
  in.candidate_clusters = {"dev-1", "eu-1"};
  in.observations.reachable = true;
  in.dependencies = {std::move(db)};
  in.now_ms = kNow;
  return in;
}

DependencyStatus db_at(std::vector<std::string> completed, std::string detail) {
  return DependencyStatus{"db", false, kDbRelease, std::move(completed), std::move(detail)};
}

TEST(DependenciesGateTest, AStableDependencyLetsEveryWaveStart) {
  WavePlan plan = shop_plan();
  Decision d = decide(first_release(plan, DependencyStatus{"db", true, "", {}, ""}));
  ASSERT_TRUE(d.step) << d.blocked;
  EXPECT_EQ(d.step->action, "start");
}

TEST(DependenciesGateTest, AReleaseWaitsUntilTheDependencyCompletedTheWaveOfTheSameName) {
  WavePlan plan = shop_plan();
  Decision d = decide(first_release(plan, db_at({}, "release ddddddd is at wave 1/2 canary")));
  EXPECT_FALSE(d.step);
  EXPECT_EQ(d.blocked,
            "waiting for dependency db (release ddddddd is at wave 1/2 canary): it must be stable or past its wave "
            "canary before wave 1/2 canary starts");

  d = decide(first_release(plan, db_at({"canary"}, "release ddddddd is at wave 2/2 europe")));
  ASSERT_TRUE(d.step) << d.blocked;
  EXPECT_EQ(d.step->action, "start");
  EXPECT_EQ(d.step->next.pins.at("dev-1").revision, kRelease);
}

TEST(DependenciesGateTest, TheNextWaveWaitsAgainWhileTheDependencyIsBehind) {
  WavePlan plan = shop_plan();
  EngineInput in = first_release(plan, db_at({"canary"}, "release ddddddd is at wave 2/2 europe"));
  in.state.release = ReleaseState{kRelease, in.head_inputs, ReleasePhase::Progressing, 0, kNow - 60'000, {}, {}};
  in.state.pins["dev-1"] = Pin{kRelease, "canary", "dev-1", kNow - 60'000};
  in.observations.by_cluster["dev-1"] = testing_support::synced_at(kRelease, kNow - 50'000);
  Decision d = decide(in);
  EXPECT_FALSE(d.step);
  EXPECT_NE(d.blocked.find("waiting for dependency db"), std::string::npos) << d.blocked;
  EXPECT_NE(d.blocked.find("before wave 2/2 europe starts"), std::string::npos) << d.blocked;

  in.dependencies = {DependencyStatus{"db", true, "", {}, ""}};
  d = decide(in);
  ASSERT_TRUE(d.step) << d.blocked;
  EXPECT_EQ(d.step->action, "advance");
  EXPECT_EQ(d.step->next.pins.at("eu-1").revision, kRelease);
}

TEST(DependenciesGateTest, AHeldDependencyReleaseNeverCountsAsPastAWave) {
  WavePlan plan = shop_plan();
  DependencyStatus held{"db", false, kDbRelease, {}, "release ddddddd is held: eu-1: Degraded"};
  Decision d = decide(first_release(plan, held));
  EXPECT_FALSE(d.step);
  EXPECT_NE(d.blocked.find("held: eu-1: Degraded"), std::string::npos) << d.blocked;
}

TEST(DependenciesGateTest, RollbackIsNeverBlockedByADependency) {
  WavePlan plan = shop_plan();
  EngineInput in = first_release(plan, db_at({}, "release ddddddd is at wave 1/2 canary"));
  in.state.release = ReleaseState{kRelease, in.head_inputs, ReleasePhase::Progressing, 0, kNow - 60'000, {}, {}};
  in.state.pins["dev-1"] = Pin{kRelease, "canary", "dev-1", kNow - 60'000};
  in.observations.by_cluster["dev-1"] = testing_support::synced_at(kRelease, kNow, "Degraded");
  Decision d = decide(in);
  ASSERT_TRUE(d.step) << d.blocked;
  EXPECT_EQ(d.step->action, "rollback");
}

}  // namespace
}  // namespace fleetwave
