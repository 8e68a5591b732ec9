// The status view: one phase word for CLI, API, board and metrics (Paused and Frozen over the
// release's phase), what is known from Git kept beside an error, and a cluster's cordon and hold.
#include "reconcile/views/status_view.h"

#include <gtest/gtest.h>

namespace fleetwave {
namespace {

constexpr std::int64_t kNow = 1'800'000'000'000;
const std::string kStable(40, 's');
const std::string kRelease(40, 'a');

AppStatusInput shop(std::optional<RolloutState> state) {
  AppStatusInput in;
  in.report.app = "shop";
  in.report.path = "apps/shop";
  in.report.state = std::move(state);
  return in;
}

RolloutState releasing() {
  RolloutState s;
  s.app = "shop";
  s.path = "apps/shop";
  s.stable_revision = kStable;
  s.release = ReleaseState{kRelease, "app=B", ReleasePhase::Progressing, 0, kNow, {}, {}};
  s.pins["dev-1"] = Pin{kRelease, "canary", "dev-1", kNow};
  s.pins["eu-1"] = Pin{kStable, "europe", "eu-1", kNow - 60'000};
  return s;
}

TEST(StatusViewTest, OnePhaseWordWhateverTheReleasesOwnPhase) {
  EXPECT_EQ(app_status_json(shop(std::nullopt))["phase"], "Unknown");
  RolloutState fresh;
  EXPECT_EQ(app_status_json(shop(fresh))["phase"], "New");
  EXPECT_EQ(app_status_json(shop(releasing()))["phase"], "Progressing");
  AppStatusInput frozen = shop(releasing());
  frozen.frozen = true;
  EXPECT_EQ(app_status_json(frozen)["phase"], "Frozen");
  RolloutState paused = releasing();
  paused.paused = true;
  paused.pause_reason = "investigating";
  AppStatusInput both = shop(paused);
  both.frozen = true;
  const Json j = app_status_json(both);
  EXPECT_EQ(j["phase"], "Paused") << "a pause wins over a freeze";
  EXPECT_EQ(j["pauseReason"], "investigating");
}

TEST(StatusViewTest, AnErrorKeepsWhatGitKnows) {
  AppStatusInput broken = shop(releasing());
  broken.report.errors.push_back(invalid_input("minSucessTime: unknown field"));
  const Json j = app_status_json(broken);
  EXPECT_EQ(j["stable"], kStable);
  EXPECT_EQ(j["release"], kRelease);
  ASSERT_EQ(j["errors"].size(), 1u);
  EXPECT_NE(j["errors"][0].get<std::string>().find("minSucessTime"), std::string::npos);
}

}  // namespace
}  // namespace fleetwave
