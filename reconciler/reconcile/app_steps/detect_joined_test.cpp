// detect-joined: while a release is in flight, a head whose only change is clusters added to the
// inventory names them, so the release continues instead of restarting.
#include "reconcile/app_steps/app_step_fixture.h"

namespace fleetwave {
namespace {

class DetectJoinedStepTest : public testing_support::AppStepTest {
 protected:
  // A release of web 2.0 in flight at the canary.
  void release_in_flight() {
    head_is_stable();
    const std::string stable = head_;
    commit({{"apps/shop/deploy.yaml", testkit::deployment("web:2.0")}}, "web 2.0");
    RolloutState s;
    s.app = "shop";
    s.path = "apps/shop";
    s.stable_revision = stable;
    s.stable_inputs = "-";
    s.release = ReleaseState{head_, digest(), ReleasePhase::Progressing, 0, kNow, {}, {}};
    s.pins["dev-1"] = Pin{head_, "canary", "dev-1", kNow};
    commit({{state_path("shop"), serialize_state(s)}}, fleetwave_message("start"));
  }
};

TEST_F(DetectJoinedStepTest, ClustersAddedToTheInventoryAreNamed) {
  release_in_flight();
  commit({{"clusters/eu-3.yaml", testkit::cluster_yaml("eu-3", "eu")}}, "eu-3 joins");
  EXPECT_EQ(run_through("detect-joined"), StepOutcome::Continue);
  EXPECT_EQ(context().in.joined, (std::vector<std::string>{"eu-3"}));
}

TEST_F(DetectJoinedStepTest, AnyOtherChangeJoinsNothing) {
  release_in_flight();
  commit({{"clusters/eu-3.yaml", testkit::cluster_yaml("eu-3", "eu")},
          {"apps/shop/deploy.yaml", testkit::deployment("web:3.0")}},
         "eu-3 and web 3.0");
  EXPECT_EQ(run_through("detect-joined"), StepOutcome::Continue);
  EXPECT_TRUE(context().in.joined.empty());
}

}  // namespace
}  // namespace fleetwave
