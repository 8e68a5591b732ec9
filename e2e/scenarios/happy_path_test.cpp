// Happy path: an image bump on the example fleet rolls through every wave to complete; every
// simulated cluster ends with exactly what fleetwave-render gives at the pins, and the trailers
// of the release read start, advance..., complete, wave by wave in plan order.
#include <sstream>

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

  // Issue 25 (2): a batch inside a wave (maxConcurrency) claims no bake it did not wait for.
  E2E_ASSERT_OK_AND_ASSIGN(
      log, stack_->repo().git(stack_->repo().bare_path(),
                              {"log", "--format=%s|%(trailers:key=Fleetwave-Evidence,valueonly,separator=)", "main"}));
  std::istringstream lines(log);
  int batches = 0;
  for (std::string line; std::getline(lines, line);) {
    if (line.find("fleetwave(guestbook): advance") == std::string::npos || line.find(" in wave ") == std::string::npos)
      continue;
    ++batches;
    EXPECT_EQ(line.find("baked"), std::string::npos) << line;
  }
  EXPECT_GT(batches, 0) << log;
}

}  // namespace
}  // namespace fleetwave::e2e
