// decide: the engine's decision on what the steps gathered: the first release starts at the
// canary; an app waiting says why.
#include "reconcile/app_steps/app_step_fixture.h"

namespace fleetwave {
namespace {

class DecideStepTest : public testing_support::AppStepTest {};

TEST_F(DecideStepTest, TheFirstReleaseStartsAtTheCanary) {
  run_through("decide");
  const PlannedApp& out = context().out;
  ASSERT_TRUE(out.step) << out.report.blocked;
  EXPECT_EQ(out.step->action, "start");
  EXPECT_EQ(out.step->next.pins.at("dev-1").revision, head_);
  EXPECT_EQ(out.step->next.pins.count("eu-1"), 0u);
}

TEST_F(DecideStepTest, AnAppThatCannotMoveSaysWhy) {
  commit({{".fleetwave/freezes.yaml",
           "apiVersion: fleetwave.io/v1alpha1\nkind: Freezes\nfreezes:\n- apps: [shop]\n  reason: incident INC-42\n"
           "  by: Ira Oncall <ira@example.com>\n  since: \"2027-01-15T07:00:00Z\"\n"}},
         "freeze shop");
  run_through("decide");
  const PlannedApp& out = context().out;
  EXPECT_FALSE(out.step);
  EXPECT_NE(out.report.blocked.find("incident INC-42"), std::string::npos) << out.report.blocked;
}

}  // namespace
}  // namespace fleetwave
