// The deletion-guard gate through the engine: a wave whose clusters would lose workloads waits
// for an approval, recorded in Git with the deletions listed; an approval lets it start; waves
// without guarded deletions are not held back.
#include <gtest/gtest.h>

#include "rollout/engine_fixture.h"
#include "rollout/rollout_engine.h"

namespace fleetwave {
namespace {

using testing_support::kRelease;
using testing_support::kStable;

ObjectRef web() {
  return object_ref(Json{{"apiVersion", "apps/v1"},
                         {"kind", "Deployment"},
                         {"metadata", {{"namespace", "shop"}, {"name", "web"}}},
                         {"spec", {{"replicas", 2}}}});
}

struct Fixture : testing_support::CanaryEuropeFixture {
  Fixture() {
    // eu-2 renders nothing at the release.
    in.candidate_clusters = {"dev-1", "eu-1"};
    in.deletions = {*judge_deletions("eu-2", {web()}, {}, {})};
  }
  // The canary is on the release, Synced and Healthy.
  void canary_done() { release_at(0, "dev-1"); }
};

TEST(DeletionGuardGateTest, AWaveWithoutGuardedDeletionsStarts) {
  Fixture f;
  Decision d = decide(f.in);
  ASSERT_TRUE(d.step) << d.blocked;
  EXPECT_EQ(d.step->action, "start");
  EXPECT_EQ(d.step->next.pins.at("dev-1").revision, kRelease);
}

TEST(DeletionGuardGateTest, WaitsForAnApprovalListingTheDeletions) {
  Fixture f;
  f.canary_done();
  Decision d = decide(f.in);
  ASSERT_TRUE(d.step) << d.blocked;
  EXPECT_EQ(d.step->action, "wait-deletion-guard");
  EXPECT_EQ(d.step->approval_wave, "europe");
  EXPECT_EQ(d.step->next.release->phase, ReleasePhase::WaitingApproval);
  EXPECT_EQ(d.step->next.pins.at("eu-2").revision, kStable) << "nothing is pinned while it waits";
  const std::string body = d.step->message.body;
  EXPECT_NE(body.find("Would delete: eu-2 (removes every Deployment it had): Deployment shop/web."), std::string::npos)
      << body;
  EXPECT_NE(body.find("fleetwave approve shop --wave europe"), std::string::npos) << body;

  // Waiting: each cycle says why, and writes nothing.
  f.in.state = d.step->next;
  Decision again = decide(f.in);
  EXPECT_FALSE(again.step);
  EXPECT_NE(again.blocked.find("would delete objects: eu-2"), std::string::npos) << again.blocked;

  // Approved: the wave starts.
  f.in.state.release->approvals = {"europe"};
  Decision approved = decide(f.in);
  ASSERT_TRUE(approved.step) << approved.blocked;
  EXPECT_EQ(approved.step->action, "advance");
  EXPECT_NE(approved.step->message.body.find("deletions approved"), std::string::npos) << approved.step->message.body;
}

TEST(DeletionGuardGateTest, DeletionsWithinTheGuardNeedNoApproval) {
  Fixture f;
  f.in.deletions.front().guard.clear();
  f.canary_done();
  Decision d = decide(f.in);
  ASSERT_TRUE(d.step) << d.blocked;
  EXPECT_EQ(d.step->action, "advance");
}

}  // namespace
}  // namespace fleetwave
