// Cordons in the engine's eyes: a release that only changes cordons skips bake times with
// spec.failover.expedite (never health), and a cordoned cluster is pinned with its wave but not
// waited for. Also the cordon/uncordon commits (rollout/cordon_changes.h).
#include <gtest/gtest.h>

#include "codec/json_writer.h"
#include "model/cordons.h"
#include "rollout/cordon_changes.h"
#include "rollout/engine_fixture.h"
#include "rollout/rollout_engine.h"

namespace fleetwave {
namespace {

using testing_support::kNow;
using testing_support::kRelease;
using testing_support::kStable;

struct Fixture : testing_support::EngineFixture {
  explicit Fixture(const std::string& release_inputs)
      : EngineFixture({{"canary", {"dev-1"}}, {"europe", {"eu-1", "eu-2"}}, {"rest", {"us-1"}}}) {
    plan.waves[0].min_success_time_ms = plan.waves[1].min_success_time_ms = 3'600'000;
    in.head_inputs = release_inputs;
    release_at(0, "dev-1");
  }
};

TEST(CordonEngineTest, ExpediteSkipsTheBakeOfAReleaseThatOnlyChangesCordons) {
  Fixture failover("app=A clusters=C policies=P cordons=K");
  EXPECT_FALSE(decide(failover.in).step) << "without spec.failover.expedite it bakes";
  failover.plan.expedite_failover = true;
  Decision d = decide(failover.in);
  ASSERT_TRUE(d.step) << d.blocked;
  EXPECT_EQ(d.step->action, "advance");
  EXPECT_NE(d.step->message.body.find("a failover: only cordons changed"), std::string::npos) << d.step->message.body;

  Fixture app_change("app=B clusters=C policies=P cordons=K");
  app_change.plan.expedite_failover = true;
  EXPECT_FALSE(decide(app_change.in).step) << "an app change with a cordon still bakes";
}

TEST(CordonEngineTest, ExpediteNeverSkipsHealth) {
  Fixture f("app=A clusters=C policies=P cordons=K");
  f.plan.expedite_failover = true;
  f.in.observations.by_cluster["dev-1"] = testing_support::synced_at(kRelease, kNow - 60'000, "Degraded");
  Decision d = decide(f.in);
  ASSERT_TRUE(d.step) << d.blocked;
  EXPECT_EQ(d.step->action, "rollback");
}

TEST(CordonEngineTest, ACordonedClusterIsPinnedWithItsWaveButNotWaitedFor) {
  Fixture f("app=A clusters=C policies=P cordons=K");
  f.plan.waves[0].min_success_time_ms = 0;
  f.plan.waves[1].min_success_time_ms = 0;
  f.in.cordoned = {"eu-2"};
  Decision enter = decide(f.in);
  ASSERT_TRUE(enter.step) << enter.blocked;
  f.in.state = enter.step->next;
  EXPECT_EQ(f.in.state.pins.at("eu-2").revision, kRelease) << "pinned, so Argo CD prunes it once it is back";
  // eu-1 is healthy; eu-2 (down, cordoned) never reports: the wave still moves on.
  f.in.observations.by_cluster["eu-1"] = testing_support::synced_at(kRelease, kNow - 1'000);
  Decision next = decide(f.in);
  ASSERT_TRUE(next.step) << next.blocked;
  EXPECT_EQ(next.step->action, "advance");
  EXPECT_EQ(next.step->next.pins.at("us-1").revision, kRelease);
}

// The overlay of the uncordon release the tests roll back: eu-2 is in service again.
Json uncordoned_overlay() { return cordons_document({}); }

TEST(CordonEngineTest, ANewReleaseCarriesItsCordonsOnlyWhenTheyDifferFromTheStables) {
  Fixture uncordon("app=A clusters=C policies=P");
  uncordon.in.state.stable_inputs = "app=A clusters=C policies=P cordons=K";
  uncordon.in.state.release.reset();
  uncordon.in.head_cordons = uncordoned_overlay();
  Decision start = decide(uncordon.in);
  ASSERT_TRUE(start.step) << start.blocked;
  EXPECT_EQ(start.step->action, "start");
  EXPECT_EQ(start.step->next.release->cordons, uncordoned_overlay());

  Fixture app_only("app=B clusters=C policies=P");
  app_only.in.state.release.reset();
  app_only.in.head_cordons = uncordoned_overlay();
  Decision plain = decide(app_only.in);
  ASSERT_TRUE(plain.step) << plain.blocked;
  EXPECT_TRUE(plain.step->next.release->cordons.is_null()) << "same cordons as the stable: nothing to keep";
}

TEST(CordonEngineTest, AFailedReleaseReturnsClustersToTheStableWithItsCordons) {
  Fixture f("app=B clusters=C policies=P");  // an uncordon together with an app change
  f.in.state.stable_inputs = "app=A clusters=C policies=P cordons=K";
  f.in.state.release->cordons = uncordoned_overlay();
  f.in.state.pins["eu-2"] = Pin{kRelease, "europe", "eu-2", kNow - 60'000};
  f.in.state.release->wave = 1;
  f.in.state.pins["eu-1"] = Pin{kRelease, "europe", "eu-1", kNow - 60'000};
  f.in.observations.by_cluster["eu-2"] = testing_support::synced_at(kRelease, kNow - 60'000, "Degraded");
  Decision d = decide(f.in);
  ASSERT_TRUE(d.step) << d.blocked;
  ASSERT_EQ(d.step->action, "rollback");
  const RolloutState& next = d.step->next;
  for (const char* c : {"dev-1", "eu-1", "eu-2"}) {
    EXPECT_EQ(next.pins.at(c).revision, kStable) << c;
    EXPECT_EQ(next.pins.at(c).cordons_of, kRelease) << c << " keeps the release's cordons";
  }
  EXPECT_EQ(next.pins.at("us-1").cordons_of, "") << "never left the stable release";
  EXPECT_EQ(next.cordon_overlays.at(kRelease), uncordoned_overlay());

  // targets.json hands the overlay to the renderer; the state survives a round trip.
  const Json targets = targets_json(next);
  for (const Json& t : targets) {
    const std::string expected = t["cluster"] == "us-1" ? "" : write_json(uncordoned_overlay());
    EXPECT_EQ(t["cordons"], expected) << t.dump();
  }
  auto parsed = parse_state(serialize_state(next), "state.yaml");
  ASSERT_TRUE(parsed.ok()) << parsed.error().to_string();
  EXPECT_EQ(*parsed, next);

  // A person's rollback does the same; a resumed release pinning the cluster again drops it.
  RolloutState manual = f.in.state;
  ASSERT_EQ(return_to_stable(manual, kRelease, kNow), 3u);
  EXPECT_EQ(manual.pins.at("eu-2").cordons_of, kRelease);
}

TEST(CordonEngineTest, AnOverlayNoPinNamesIsNotKept) {
  RolloutState s;
  s.app = "shop";
  s.path = "apps/shop";
  s.stable_revision = kStable;
  s.pins["eu-1"] = Pin{kStable, "europe", "eu-1", kNow};
  s.cordon_overlays[kRelease] = uncordoned_overlay();
  auto parsed = parse_state(serialize_state(s), "state.yaml");
  ASSERT_TRUE(parsed.ok()) << parsed.error().to_string();
  EXPECT_TRUE(parsed->cordon_overlays.empty());
  s.pins["eu-1"].cordons_of = std::string(40, 'b');
  s.cordon_overlays.clear();
  auto dangling = parse_state(serialize_state(s), "state.yaml");
  ASSERT_FALSE(dangling.ok());
  EXPECT_NE(dangling.error().to_string().find("pins.eu-1.cordonsOf"), std::string::npos)
      << dangling.error().to_string();
}

TEST(CordonChangesTest, CordonWritesTheOverlayAndSaysWhatMoves) {
  Cordon c{"eu-2", *parse_taint(kDefaultCordonTaint), "kernel upgrade", "Olga <olga@example.com>", kNow, false};
  auto change = cordon_change({}, {"dev-1", "eu-1", "eu-2"}, c, "kernel upgrade");
  ASSERT_TRUE(change.ok()) << change.error().to_string();
  EXPECT_EQ(change->next, std::vector<Cordon>{c});
  EXPECT_EQ(change->message.subject, "fleetwave: cordon eu-2 (kernel upgrade)");
  EXPECT_EQ(change->message.trailer("Fleetwave-Action"), "cordon");
  EXPECT_EQ(change->message.trailer("Fleetwave-Cluster"), "eu-2");
  EXPECT_EQ(change->message.trailer("Fleetwave-Evidence"), "kernel upgrade");

  auto twice = cordon_change(change->next, {"dev-1", "eu-1", "eu-2"}, c, "again");
  ASSERT_FALSE(twice.ok());
  EXPECT_EQ(twice.error().message,
            "eu-2 is already cordoned by Olga <olga@example.com> since 2027-01-15T08:00:00Z: kernel upgrade (taint "
            "cluster.karmada.io/not-ready:NoExecute); uncordon it first to change the taint");
  c.cluster = "mars-1";
  auto unknown = cordon_change({}, {"dev-1", "eu-1"}, c, "");
  ASSERT_FALSE(unknown.ok());
  EXPECT_EQ(unknown.error().message, "cluster \"mars-1\" is not in the inventory (its clusters: dev-1, eu-1)");
}

TEST(CordonChangesTest, UncordonRemovesOnlyWhatIsCordoned) {
  Cordon a{"eu-1", *parse_taint(kDefaultCordonTaint), "r", "x", kNow, true};
  Cordon b{"eu-2", *parse_taint(kDefaultCordonTaint), "r", "x", kNow, false};
  auto change = uncordon_change({a, b}, {"eu-1"});
  ASSERT_TRUE(change.ok()) << change.error().to_string();
  EXPECT_EQ(change->next, std::vector<Cordon>{b});
  EXPECT_EQ(change->message.subject, "fleetwave: uncordon eu-1");
  EXPECT_EQ(change->message.trailer("Fleetwave-Action"), "uncordon");
  auto not_cordoned = uncordon_change({b}, {"us-1"});
  ASSERT_FALSE(not_cordoned.ok());
  EXPECT_EQ(not_cordoned.error().message, "cluster \"us-1\" is not cordoned (cordoned: eu-2)");
}

}  // namespace
}  // namespace fleetwave
