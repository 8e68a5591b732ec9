// Happy path: an image bump on the example fleet rolls through every wave to complete; every
// simulated cluster ends with exactly what fleetwave-render gives at the pins, and the trailers
// of the release read start, advance..., complete, wave by wave in plan order.
#include "scenario_test.h"

namespace fleetwave::e2e {
namespace {

class HappyPathE2eTest : public ScenarioTest {};

TEST_F(HappyPathE2eTest, ImageBumpRollsThroughEveryWaveToComplete) {
  wait_for_first_rollout();
  ASSERT_FALSE(HasFatalFailure());
  E2E_ASSERT_OK(stack_->check_clusters_match_pins({kGuestbook, kPayments, kStorefront}));
  for (const auto& [cluster, image] : live_images()) EXPECT_NE(image.find(":1.4.0"), std::string::npos) << cluster;

  const std::string release = ship_guestbook("1.5.0");
  ASSERT_FALSE(release.empty());
  E2E_ASSERT_OK(wait_for_guestbook("complete", Millis(90000)));
  expect_complete_rollout(release);
  EXPECT_EQ(actions_after(kGuestbook, guestbook_first_),
            (std::vector<std::string>{"start", "advance", "advance", "advance", "advance", "complete"}));
  std::map<std::string, std::string> images = live_images();
  EXPECT_EQ(images.size(), 6u) << "the Deployment runs everywhere but ap-1";
  for (const auto& [cluster, image] : images)
    EXPECT_NE(image.find(":1.5.0"), std::string::npos) << cluster << " " << image;
}

}  // namespace
}  // namespace fleetwave::e2e
