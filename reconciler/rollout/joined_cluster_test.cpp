// A cluster that joins the inventory while a release is in flight: the release continues at the
// head instead of restarting; the joined cluster is pinned now when its wave was already
// reached, else when its wave comes.
#include <gtest/gtest.h>

#include "rollout/engine_fixture.h"
#include "rollout/rollout_engine.h"

namespace fleetwave {
namespace {

using testing_support::kNow;
using testing_support::kRelease;
using testing_support::kStable;
const std::string kJoined(40, 'j');

// A release at wave 2/3 europe when dev-2, eu-3 and us-2 join the inventory (head kJoined).
struct Fixture : testing_support::EngineFixture {
  Fixture()
      : EngineFixture({{"canary", {"dev-1", "dev-2"}}, {"europe", {"eu-1", "eu-3"}}, {"rest", {"us-1", "us-2"}}},
                      false) {
    in.state.stable_revision = kStable;
    in.state.stable_inputs = "app=A clusters=C policies=P";
    in.head_revision = kJoined;
    in.head_inputs = "app=B clusters=D policies=P";
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
