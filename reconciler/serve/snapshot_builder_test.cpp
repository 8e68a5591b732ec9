// The snapshot builder gives way to a waiting webhook between its parts: nothing is built after
// the first "yes", and without a waiting webhook the whole snapshot is.
#include "serve/snapshot_builder.h"

#include <gtest/gtest.h>

#include "reconcile/app_steps/app_step_fixture.h"

namespace fleetwave::serve {
namespace {

class SnapshotBuilderTest : public fleetwave::testing_support::AppStepTest {
 protected:
  // Builds the snapshot of the head with `give_way` saying yes from its `yes_from`th question on
  // (0: never); `asked` counts the questions.
  std::shared_ptr<Snapshot> build(int yes_from, int& asked) {
    StatusBuilder status(repo_, argocd_, clock_);
    SnapshotBuilder builder(repo_, status, "main");
    std::map<std::string, AppGauge> gauges;
    SnapshotExtras extras{false, kNow, [&] { return ++asked == yes_from; }};
    auto snapshot = builder.build(head_, CycleReport{}, gauges, extras);
    EXPECT_TRUE(snapshot.ok()) << snapshot.error().to_string();
    return snapshot.ok() ? *snapshot : nullptr;
  }

  ManualClock clock_{kNow};
};

TEST_F(SnapshotBuilderTest, GivesWayBetweenItsPartsAndBuildsNothingAfter) {
  int asked = 0;
  auto whole = build(/*yes_from=*/0, asked);
  ASSERT_NE(whole, nullptr);
  EXPECT_EQ(whole->head, head_);
  EXPECT_FALSE(whole->status_body.empty());
  const int questions = asked;
  ASSERT_GE(questions, 2);
  for (int yes = 1; yes <= questions; ++yes) {
    SCOPED_TRACE(yes);
    asked = 0;
    EXPECT_EQ(build(yes, asked), nullptr);
    EXPECT_EQ(asked, yes) << "nothing asked after the webhook waits";
  }
}

}  // namespace
}  // namespace fleetwave::serve
