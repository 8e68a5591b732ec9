// A cluster that joins the inventory while a release is in flight: the release continues at the
// head instead of restarting; the joined cluster is pinned now when its wave was already
// reached, else when its wave comes.
#include <gtest/gtest.h>

#include "rollout/engine_fixture.h"
#include "rollout/rollout_engine.h"

namespace fleetwave {
namespace {

const std::string kStable(40, 's');
const std::string kRelease(40, 'a');
const std::string kJoined(40, 'j');
constexpr std::int64_t kNow = 1'800'000'000'000;

struct Fixture {
  WavePlan plan;
  EngineInput in;
  Fixture() {
    plan.name = "shop";
    plan.waves = {Wave{.name = "canary"}, Wave{.name = "europe"}, Wave{.name = "rest"}};
    in.plan = &plan;
    in.state.app = "shop";
    in.state.stable_revision = kStable;
    in.state.stable_inputs = "app=A clusters=C policies=P";
    in.head_revision = kJoined;
    in.head_inputs = "app=B clusters=D policies=P";
    in.waves.clusters = {{"dev-1", "dev-2"}, {"eu-1", "eu-3"}, {"us-1", "us-2"}};
    in.candidate_clusters = {"dev-1", "dev-2", "eu-1", "eu-3", "us-1", "us-2"};
    in.observations.reachable = true;
    in.now_ms = kNow;
    in.state.release =
        ReleaseState{kRelease, "app=B clusters=C policies=P", ReleasePhase::Progressing, 1, kNow - 60'000, {}, {}};
    in.state.pins["dev-1"] = Pin{kRelease, "canary", "dev-1", kNow - 60'000};
    in.state.pins["eu-1"] = Pin{kRelease, "europe", "eu-1", kNow - 30'000};
    in.state.pins["us-1"] = Pin{kStable, "", "us-1", kNow - 600'000};
  }
};

TEST(JoinedClusterTest, TheReleaseContinuesAtTheHeadInsteadOfRestarting) {
  Fixture f;
  f.in.joined = {"dev-2", "eu-3", "us-2"};
  Decision d = decide(f.in);
  ASSERT_TRUE(d.step) << d.blocked;
  EXPECT_EQ(d.step->action, "advance");
  EXPECT_EQ(d.step->message.subject,
            "fleetwave(shop): continue aaaaaaa as jjjjjjj (dev-2, eu-3, us-2 joined the inventory)");
  const RolloutState& next = d.step->next;
  EXPECT_EQ(next.release->revision, kJoined);
  EXPECT_EQ(next.release->inputs, f.in.head_inputs);
  EXPECT_EQ(next.release->wave, 1u) << "still at europe";
  EXPECT_EQ(next.pins.at("dev-1").revision, kJoined);
  EXPECT_EQ(next.pins.at("eu-1").revision, kJoined);
  EXPECT_EQ(next.pins.at("dev-2").revision, kJoined) << "its wave was reached: pinned now";
  EXPECT_EQ(next.pins.count("eu-3"), 0u) << "the current wave pins it in a batch";
  EXPECT_EQ(next.pins.count("us-2"), 0u) << "pinned when rest is reached";
  EXPECT_EQ(next.pins.at("us-1").revision, kStable);
  EXPECT_EQ(d.step->message.trailer("Fleetwave-Evidence"), "inventory grew: dev-2, eu-3, us-2");
}

TEST(JoinedClusterTest, AnyOtherChangeStillRestartsTheRollout) {
  Fixture f;  // no joined clusters: an edit of the inventory or of the app
  Decision d = decide(f.in);
  ASSERT_TRUE(d.step) << d.blocked;
  EXPECT_EQ(d.step->action, "start");
  EXPECT_EQ(d.step->next.release->wave, 0u);
}

TEST(JoinedClusterTest, OnlyTheInventoryPartOfTheDigestMayDiffer) {
  EXPECT_TRUE(only_inventory_changed("app=B clusters=C policies=P", "app=B clusters=D policies=P"));
  EXPECT_FALSE(only_inventory_changed("app=B clusters=C policies=P", "app=A clusters=D policies=P"));
  EXPECT_FALSE(only_inventory_changed("app=B clusters=C policies=P", "app=B clusters=C policies=P cordons=K"));
  EXPECT_FALSE(only_inventory_changed("", "app=B clusters=D policies=P"));
}

}  // namespace
}  // namespace fleetwave
