// Held clusters: out of every wave while held (the rest of the rollout proceeds and completes
// without them), brought up to date once released; the hold and release-hold steps and their
// refusals; holds survive the state file.
#include "rollout/cluster_holds.h"

#include <gtest/gtest.h>

#include "rollout/engine_fixture.h"
#include "rollout/manual_actions.h"

namespace fleetwave {
namespace {

using testing_support::kNow;
using testing_support::kRelease;
using testing_support::kStable;

using Fixture = testing_support::CanaryEuropeFixture;

TEST(ClusterHoldsTest, AHeldClusterIsLeftOutAndTheRolloutCompletesWithoutIt) {
  Fixture f;
  auto held = hold_clusters_step(f.plan, f.in.state, {"eu-2"}, "node upgrade", kNow);
  ASSERT_TRUE(held.ok()) << held.error().to_string();
  EXPECT_EQ(held->action, "hold-cluster");
  EXPECT_EQ(held->message.subject, "fleetwave(shop): hold eu-2 (node upgrade)");
  f.in.state = held->next;

  f.step(decide(f.in));  // start: dev-1
  f.healthy("dev-1");
  Decision europe = decide(f.in);
  f.step(europe);
  EXPECT_EQ(europe.step->message.subject, "fleetwave(shop): advance aaaaaaa to wave 2/2 europe (1 of 1 clusters)");
  EXPECT_EQ(f.in.state.pins.at("eu-2").revision, kStable) << "held: keeps its pin";
  f.healthy("eu-1");
  Decision done = decide(f.in);
  f.step(done);
  EXPECT_EQ(done.step->action, "complete");
  EXPECT_EQ(f.in.state.stable_revision, kRelease);
  EXPECT_EQ(f.in.state.pins.at("eu-2").revision, kStable);

  // Stable and held: nothing to do.
  f.in.head_inputs = f.in.state.stable_inputs;
  EXPECT_FALSE(decide(f.in).step);

  // Released: it catches up to the stable release.
  auto released = release_hold_step(f.plan, f.in.state, {"eu-2"});
  ASSERT_TRUE(released.ok()) << released.error().to_string();
  EXPECT_EQ(released->action, "release-hold");
  f.in.state = released->next;
  Decision catch_up = decide(f.in);
  ASSERT_TRUE(catch_up.step) << catch_up.blocked;
  EXPECT_EQ(catch_up.step->message.subject, "fleetwave(shop): catch up eu-2 to aaaaaaa (hold released)");
  EXPECT_EQ(catch_up.step->next.pins.at("eu-2").revision, kRelease);
  f.in.state = catch_up.step->next;
  EXPECT_FALSE(decide(f.in).step);
}

TEST(ClusterHoldsTest, AClusterReleasedBehindTheReleaseJoinsItAtOnce) {
  Fixture f;
  f.in.state.holds["dev-1"] = ClusterHold{"busy", kNow};
  f.plan.waves[1].clusters.cluster_names = {"eu-1"};  // keep eu-2 for a third wave
  f.plan.waves.push_back(Wave{.name = "rest"});
  f.in.waves.clusters = {{"dev-1"}, {"eu-1"}, {"eu-2"}};
  f.step(decide(f.in));  // canary has no unheld cluster: the release starts at europe
  EXPECT_EQ(f.in.state.release->wave, 1u);
  EXPECT_EQ(f.in.state.pins.at("eu-1").revision, kRelease);
  f.in.state.holds.clear();
  Decision d = decide(f.in);
  ASSERT_TRUE(d.step) << d.blocked;
  EXPECT_EQ(d.step->message.subject, "fleetwave(shop): catch up dev-1 to aaaaaaa (hold released)");
}

TEST(ClusterHoldsTest, RefusesUnknownClustersWholeWavesAndRepeats) {
  Fixture f;
  auto unknown = hold_clusters_step(f.plan, f.in.state, {"mars-1"}, "x", kNow);
  ASSERT_FALSE(unknown.ok());
  EXPECT_EQ(unknown.error().message, "cluster mars-1 has no Application of shop (its clusters: dev-1, eu-1, eu-2)");
  auto whole = hold_clusters_step(f.plan, f.in.state, {"eu-1", "eu-2"}, "x", kNow);
  ASSERT_FALSE(whole.ok());
  EXPECT_NE(whole.error().message.find("that would hold every cluster of wave europe"), std::string::npos);
  EXPECT_FALSE(hold_clusters_step(f.plan, f.in.state, {"eu-1"}, "", kNow).ok());
  EXPECT_FALSE(hold_clusters_step(f.plan, f.in.state, {"eu-1", "eu-1"}, "x", kNow).ok());
  f.in.state.holds["eu-1"] = ClusterHold{"first", kNow};
  auto again = hold_clusters_step(f.plan, f.in.state, {"eu-1"}, "x", kNow);
  ASSERT_FALSE(again.ok());
  EXPECT_EQ(again.error().message, "cluster eu-1 is already held: first");
  auto not_held = release_hold_step(f.plan, f.in.state, {"eu-2"});
  ASSERT_FALSE(not_held.ok());
  EXPECT_EQ(not_held.error().message, "cluster eu-2 is not held");
}

TEST(ClusterHoldsTest, HoldsSurviveTheStateFile) {
  Fixture f;
  f.in.state.holds["eu-2"] = ClusterHold{"node upgrade", kNow};
  const std::string text = serialize_state(f.in.state);
  EXPECT_NE(text.find("holds:"), std::string::npos) << text;
  auto parsed = parse_state(text, "state.yaml");
  ASSERT_TRUE(parsed.ok()) << parsed.error().to_string();
  EXPECT_EQ(*parsed, f.in.state);
  f.in.state.holds.clear();
  EXPECT_EQ(serialize_state(f.in.state).find("holds:"), std::string::npos) << "no key without holds";
}

}  // namespace
}  // namespace fleetwave
