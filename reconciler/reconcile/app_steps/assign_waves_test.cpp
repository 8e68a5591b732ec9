// assign-waves: the reached clusters into the WavePlan's waves, and the cordons at the head
// (which clusters, and the overlay a new release carries).
#include "model/cordons.h"
#include "reconcile/app_steps/app_step_fixture.h"

namespace fleetwave {
namespace {

class AssignWavesStepTest : public testing_support::AppStepTest {};

TEST_F(AssignWavesStepTest, TheWavesTakeTheReachedClusters) {
  EXPECT_EQ(run_through("assign-waves"), StepOutcome::Continue);
  const EngineInput& in = context().in;
  ASSERT_EQ(in.waves.clusters.size(), 3u);
  EXPECT_EQ(in.waves.clusters[0], (std::vector<std::string>{"dev-1"}));
  EXPECT_EQ(in.waves.clusters[1], (std::vector<std::string>{"eu-1", "eu-2"}));
  EXPECT_EQ(in.waves.clusters[2], (std::vector<std::string>{"us-1"}));
  EXPECT_TRUE(in.cordoned.empty());
  EXPECT_EQ(in.head_cordons, cordons_document({}));
}

TEST_F(AssignWavesStepTest, CordonsAtTheHeadAreReadWithTheirOverlay) {
  Cordon eu2{"eu-2", Taint{"cluster.karmada.io/not-ready", "", "NoExecute"}, "disk", "Pat <pat@example.com>", kNow};
  commit({{kCordonsPath, serialize_cordons({eu2})}}, "cordon eu-2");
  EXPECT_EQ(run_through("assign-waves"), StepOutcome::Continue);
  const EngineInput& in = context().in;
  EXPECT_EQ(in.cordoned, (std::vector<std::string>{"eu-2"}));
  EXPECT_EQ(in.head_cordons, cordons_document({eu2}));
}

}  // namespace
}  // namespace fleetwave
