// Bad release: an image tag containing "broken" makes the canary Degraded; the reconciler
// commits a rollback that restores every pin and every simulated cluster's objects.
#include "scenario_test.h"

namespace fleetwave::e2e {
namespace {

class BadReleaseE2eTest : public ScenarioTest {};

TEST_F(BadReleaseE2eTest, BrokenTagDegradesTheCanaryAndRollsBack) {
  wait_for_first_rollout();
  ASSERT_FALSE(HasFatalFailure());
  const std::map<std::string, std::string> stable_pins = pins(kGuestbook);
  const std::map<std::string, std::string> stable_images = live_images();

  std::vector<AuditEntry> steps;
  ship_and_expect_canary_rollback("1.5.0-broken", Millis(60000), steps);
  ASSERT_FALSE(HasFatalFailure());

  // The canary really was Degraded at the release (the simulator's event log says so).
  E2E_ASSERT_OK_AND_ASSIGN(events, stack_->sim().get("/sim/v1/events"));
  bool degraded = false;
  for (const Json& e : events) {
    degraded |= string_at(e, {"app"}) == "guestbook-dev-1" && string_at(e, {"type"}) == "health" &&
                string_at(e, {"detail"}).find("-> Degraded") != std::string::npos;
  }
  EXPECT_TRUE(degraded) << events.dump(1);

  EXPECT_EQ(pins(kGuestbook), stable_pins);
  E2E_ASSERT_OK(stack_->wait_for_sim_converged(kGuestbook, Millis(20000)));
  E2E_ASSERT_OK(stack_->check_clusters_match_pins({kGuestbook, kPayments, kStorefront}));
  EXPECT_EQ(live_images(), stable_images);
}

}  // namespace
}  // namespace fleetwave::e2e
