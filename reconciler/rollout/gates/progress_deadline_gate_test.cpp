// The progress-deadline gate: the wave waits while a pinned cluster is on the way, naming each;
// past_progress_deadline says when one counts as failed instead.
#include "rollout/gates/gate_fixture.h"

namespace fleetwave {
namespace {

class ProgressDeadlineGateTest : public testing_support::GateTest {};

TEST_F(ProgressDeadlineGateTest, TheWaveWaitsForEveryClusterOnTheWay) {
  EXPECT_TRUE(ask("progress-deadline", GatePoint::Progress).passed());
  progress_.waiting = {{"eu-1", "OutOfSync"}, {"eu-2", "Progressing"}};
  GateVerdict v = ask("progress-deadline", GatePoint::Progress);
  EXPECT_EQ(v.kind, GateVerdict::Kind::Wait);
  EXPECT_EQ(v.reason, "wave 2/3 europe waiting for eu-1: OutOfSync; eu-2: Progressing");
}

// One cause is said once however many clusters it holds: the first five names, then a count.
TEST_F(ProgressDeadlineGateTest, ClustersWaitingForTheSameReasonAreNamedOnce) {
  progress_.waiting = {{"eu-1", "Argo CD unreachable: timeout"}, {"eu-2", "OutOfSync"}};
  for (int i = 3; i <= 1000; ++i)
    progress_.waiting.push_back({"eu-" + std::to_string(i), "Argo CD unreachable: timeout"});
  GateVerdict v = ask("progress-deadline", GatePoint::Progress);
  EXPECT_EQ(v.reason,
            "wave 2/3 europe waiting for eu-1, eu-3, eu-4, eu-5, eu-6 and 994 more: Argo CD unreachable: timeout; "
            "eu-2: OutOfSync");
}

TEST_F(ProgressDeadlineGateTest, AClusterNotHealthyWithinTheDeadlineCountsAsFailed) {
  ClusterProgress eu1{"eu-1", ClusterJudgement{Verdict::Pending, "Progressing at aaaaaaa", std::nullopt},
                      kNow - 600'000};
  EXPECT_EQ(past_progress_deadline(wave(), eu1, kNow), std::nullopt) << "no progressDeadline";
  wave().progress_deadline_ms = 10 * 60'000;
  EXPECT_EQ(past_progress_deadline(wave(), eu1, kNow), std::nullopt) << "exactly at the deadline";
  EXPECT_EQ(past_progress_deadline(wave(), eu1, kNow + 1),
            "eu-1: not healthy within progressDeadline 10m (Progressing at aaaaaaa)");
  eu1.judgement.verdict = Verdict::Done;
  EXPECT_EQ(past_progress_deadline(wave(), eu1, kNow + 1), std::nullopt) << "done clusters never fail by time";
}

}  // namespace
}  // namespace fleetwave
