// The failure-budget gate: a wave fails when more of its clusters failed than maxFailures allows
// (a count, or a percentage of the wave rounded down); the evidence lists every failure.
#include "rollout/gates/gate_fixture.h"

namespace fleetwave {
namespace {

class FailureBudgetGateTest : public testing_support::GateTest {};

TEST_F(FailureBudgetGateTest, NoFailureIsToleratedByDefault) {
  EXPECT_TRUE(ask("failure-budget", GatePoint::Progress).passed());
  progress_.failures = {"eu-1: Degraded at aaaaaaa (crash loop)"};
  GateVerdict v = ask("failure-budget", GatePoint::Progress);
  EXPECT_EQ(v.kind, GateVerdict::Kind::Fail);
  EXPECT_EQ(v.reason, "eu-1: Degraded at aaaaaaa (crash loop)");
}

TEST_F(FailureBudgetGateTest, ACountOrAPercentageOfTheWaveIsTolerated) {
  progress_.failures = {"eu-1: Degraded", "eu-2: sync Failed"};
  wave().max_failures = CountOrPercent{false, 2};
  EXPECT_TRUE(ask("failure-budget", GatePoint::Progress).passed());
  wave().max_failures = CountOrPercent{true, 50};  // 50% of 3 clusters, rounded down: 1
  GateVerdict v = ask("failure-budget", GatePoint::Progress);
  EXPECT_EQ(v.kind, GateVerdict::Kind::Fail);
  EXPECT_EQ(v.reason, "eu-1: Degraded; eu-2: sync Failed");
}

}  // namespace
}  // namespace fleetwave
