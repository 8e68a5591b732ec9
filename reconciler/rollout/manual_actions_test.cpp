// The steps people take (approve, pause, resume, rollback): each case is a rollout state and the
// step it gives, or the error it is refused with. Pure: no Git, no clock.
#include "rollout/manual_actions.h"

#include <gtest/gtest.h>

#include "rollout/engine_fixture.h"

namespace fleetwave {
namespace {

const std::string kStable = "1111111111111111111111111111111111111111";
const std::string kRelease = "2222222222222222222222222222222222222222";

WavePlan plan() {
  return testing_support::parse_shop_plan(
      "  - {name: canary, clusters: {clusterNames: [dev-1]}}\n"
      "  - {name: europe, clusters: {labelSelector: {matchLabels: {geo: eu}}}, approval: required}\n"
      "  - {name: rest, clusters: {}}\n");
}

// A release in wave `wave` (0-based): dev-1 pinned to it, eu-1 and us-1 still on the stable one.
RolloutState in_flight(std::size_t wave, ReleasePhase phase = ReleasePhase::Progressing) {
  RolloutState s;
  s.app = "shop";
  s.path = "apps/shop";
  s.stable_revision = kStable;
  s.release = ReleaseState{kRelease, "inputs", phase, wave, 1000, {}, {}};
  s.pins["dev-1"] = Pin{kRelease, "canary", "dev-1", 1000};
  s.pins["eu-1"] = Pin{kStable, "europe", "eu-1", 500};
  s.pins["us-1"] = Pin{kStable, "rest", "us-1", 500};
  return s;
}

RolloutState idle() {
  RolloutState s = in_flight(0);
  s.release.reset();
  s.pins["dev-1"].revision = kStable;
  return s;
}

std::string trailer(const Step& step, const std::string& key) { return step.message.trailer(key); }

TEST(ManualActionsTest, Approve) {
  auto waiting = approve_step(plan(), in_flight(1, ReleasePhase::WaitingApproval), std::nullopt);
  ASSERT_TRUE(waiting.ok()) << waiting.error().to_string();
  EXPECT_EQ(waiting->action, "approve");
  EXPECT_EQ(waiting->next.release->approvals, std::vector<std::string>{"europe"});
  EXPECT_EQ(waiting->message.subject, "fleetwave(shop): approve 2222222 wave europe");
  EXPECT_EQ(trailer(*waiting, "Fleetwave-Release"), kRelease);
  EXPECT_EQ(trailer(*waiting, "Fleetwave-Wave"), "europe");
  EXPECT_EQ(trailer(*waiting, "Fleetwave-Evidence"), "approved by a person");

  auto ahead = approve_step(plan(), in_flight(0), std::string("rest"));  // a later wave, in advance
  ASSERT_TRUE(ahead.ok());
  EXPECT_EQ(ahead->next.release->approvals, std::vector<std::string>{"rest"});
  EXPECT_EQ(ahead->next.pins, in_flight(0).pins) << "approving moves no pin";

  struct Refusal {
    std::string name;
    RolloutState state;
    std::optional<std::string> wave;
    ErrorKind kind;
    std::string message;
  };
  RolloutState approved = in_flight(1, ReleasePhase::WaitingApproval);
  approved.release->approvals = {"europe"};
  const std::vector<Refusal> refusals = {
      {"no release", idle(), std::nullopt, ErrorKind::InvalidInput,
       "nothing to approve: shop has no release in flight"},
      {"held", in_flight(1, ReleasePhase::Held), std::nullopt, ErrorKind::InvalidInput,
       "nothing to approve: shop has no release in flight"},
      {"nothing waiting", in_flight(0), std::nullopt, ErrorKind::InvalidInput,
       "no wave of shop is waiting for approval; name one with --wave"},
      {"unknown wave", in_flight(0), std::string("mars"), ErrorKind::InvalidInput,
       "unknown wave \"mars\" in the WavePlan of shop"},
      {"already started", in_flight(1), std::string("canary"), ErrorKind::InvalidInput,
       "wave canary of shop has already started"},
      {"twice", approved, std::nullopt, ErrorKind::Conflict, "wave europe of release 2222222 is already approved"},
  };
  for (const Refusal& r : refusals) {
    SCOPED_TRACE(r.name);
    auto got = approve_step(plan(), r.state, r.wave);
    ASSERT_FALSE(got.ok());
    EXPECT_EQ(got.error().kind, r.kind);
    EXPECT_EQ(got.error().message, r.message);
  }
}

TEST(ManualActionsTest, PauseAndResume) {
  auto paused = pause_step(plan(), in_flight(1), "");
  ASSERT_TRUE(paused.ok());
  EXPECT_TRUE(paused->next.paused);
  EXPECT_EQ(paused->next.pause_reason, "paused by a person");
  EXPECT_EQ(paused->message.subject, "fleetwave(shop): pause (by a person)");
  EXPECT_EQ(trailer(*paused, "Fleetwave-Wave"), "europe");

  auto twice = pause_step(plan(), paused->next, "again");
  ASSERT_FALSE(twice.ok());
  EXPECT_EQ(twice.error().message, "shop is already paused: paused by a person");

  auto resumed = resume_step(plan(), paused->next, 9000);
  ASSERT_TRUE(resumed.ok());
  EXPECT_FALSE(resumed->next.paused);
  EXPECT_EQ(resumed->next.pause_reason, "");
  EXPECT_EQ(resumed->message.body, "Was paused: paused by a person.");
  EXPECT_EQ(resumed->next.pins, in_flight(1).pins) << "resuming a pause moves no pin";

  auto nothing = resume_step(plan(), in_flight(1), 9000);
  ASSERT_FALSE(nothing.ok());
  EXPECT_EQ(nothing.error().message, "nothing to resume: shop is neither paused nor holding a release");
}

TEST(ManualActionsTest, ResumeAHeldRelease) {
  RolloutState held = in_flight(1, ReleasePhase::Held);
  held.release->reason = "eu-1 degraded";
  auto in_place = resume_step(plan(), held, 9000);  // pins stayed: continue where it stopped
  ASSERT_TRUE(in_place.ok());
  EXPECT_EQ(in_place->next.release->phase, ReleasePhase::Progressing);
  EXPECT_EQ(in_place->next.release->wave, 1u);
  EXPECT_EQ(in_place->next.release->reason, "");
  EXPECT_EQ(in_place->next.pins.at("dev-1").pinned_at_ms, 9000) << "a fresh progress deadline";
  EXPECT_EQ(in_place->next.pins.at("eu-1").pinned_at_ms, 500);

  RolloutState rolled_back = held;
  rolled_back.pins["dev-1"].revision = kStable;
  auto restart = resume_step(plan(), rolled_back, 9000);  // nothing left on it: from the first wave
  ASSERT_TRUE(restart.ok());
  EXPECT_EQ(restart->next.release->wave, 0u);
  EXPECT_EQ(restart->message.body, "Release 2222222 was rolled back (eu-1 degraded); it restarts from the first wave.");
}

TEST(ManualActionsTest, Rollback) {
  auto back = rollback_step(plan(), in_flight(1), "", 7000);
  ASSERT_TRUE(back.ok());
  EXPECT_EQ(back->next.pins.at("dev-1"), (Pin{kStable, "canary", "dev-1", 7000}));
  EXPECT_EQ(back->next.release->phase, ReleasePhase::Held);
  EXPECT_EQ(back->next.release->reason, "rolled back by a person");
  EXPECT_EQ(back->message.subject, "fleetwave(shop): roll back 2222222 to 1111111 (rolled back by a person)");

  RolloutState first = in_flight(1);
  first.stable_revision.clear();
  first.pins.erase("eu-1");
  first.pins.erase("us-1");
  auto unpinned = rollback_step(plan(), first, "bad image", 7000);
  ASSERT_TRUE(unpinned.ok());
  EXPECT_TRUE(unpinned->next.pins.empty()) << "a first release has nothing to return to";
  EXPECT_EQ(trailer(*unpinned, "Fleetwave-Evidence"), "bad image");

  auto none = rollback_step(plan(), idle(), "", 7000);
  ASSERT_FALSE(none.ok());
  EXPECT_EQ(none.error().message, "nothing to roll back: shop has no release in flight");
}

}  // namespace
}  // namespace fleetwave
