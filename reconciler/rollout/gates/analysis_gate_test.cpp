// The analysis gates: at Progress a check of the whole wave that ended Failed or Error fails the
// wave and an Inconclusive one holds the release (as Rollouts aborts, or pauses, a rollout on its
// AnalysisRun's phase); at Leave the wave moves on only once every check succeeded for each pinned
// cluster (cordoned ones are not measured) or once for the wave, and a missing, running or
// unmeasurable check waits. dryRun checks and checks without a count never hold the wave.
#include "rollout/gates/gate_fixture.h"

namespace fleetwave {
namespace {

using Phase = CheckVerdict::Phase;

class AnalysisGateTest : public testing_support::GateTest {
 protected:
  AnalysisGateTest() {
    AnalysisCheck per_cluster;
    per_cluster.name = "error-rate";
    per_cluster.per_cluster = true;
    AnalysisCheck once;
    once.name = "smoke";
    wave().analysis = {per_cluster, once};
    for (const char* c : {"eu-1", "eu-2"}) progress_.pinned.push_back(ClusterProgress{c, {}, kNow});
  }

  static AnalysisStatus status(const std::string& check, const std::string& cluster, Phase phase,
                               const std::string& error = "") {
    AnalysisStatus s{check, cluster, "result < 0.05", {}, error};
    s.verdict.phase = phase;
    s.verdict.summary = to_string(phase);
    return s;
  }

  void all_successful() {
    in_.analysis = {status("error-rate", "eu-1", Phase::Successful), status("error-rate", "eu-2", Phase::Successful),
                    status("smoke", "", Phase::Successful)};
  }
};

TEST_F(AnalysisGateTest, AWaveWithoutChecksPasses) {
  wave().analysis.clear();
  EXPECT_TRUE(ask("analysis", GatePoint::Leave).passed());
}

TEST_F(AnalysisGateTest, TheWaveLeavesOnlyWhenEveryCheckPassedEverywhere) {
  all_successful();
  GateVerdict v = ask("analysis", GatePoint::Leave);
  EXPECT_TRUE(v.passed());
  EXPECT_EQ(v.reason.rfind("analysis passed: error-rate on eu-1 (result < 0.05): ", 0), 0u) << v.reason;
  EXPECT_NE(v.reason.find("smoke (result < 0.05): "), std::string::npos) << v.reason;

  in_.analysis.erase(in_.analysis.begin() + 1);  // eu-2 not measured yet
  EXPECT_EQ(ask("analysis", GatePoint::Leave).reason, "wave 2/3 europe waiting for analysis error-rate on eu-2");
  in_.analysis.push_back(status("error-rate", "eu-2", Phase::Running));
  EXPECT_EQ(ask("analysis", GatePoint::Leave).kind, GateVerdict::Kind::Wait);
  in_.analysis.back() = status("error-rate", "eu-2", Phase::Successful, "Prometheus unreachable");
  GateVerdict down = ask("analysis", GatePoint::Leave);
  EXPECT_EQ(down.kind, GateVerdict::Kind::Wait) << "an unmeasurable check never advances";
  EXPECT_NE(down.reason.find("Prometheus unreachable"), std::string::npos) << down.reason;
}

TEST_F(AnalysisGateTest, ACordonedClusterIsNotMeasured) {
  all_successful();
  in_.analysis.erase(in_.analysis.begin() + 1);
  in_.cordoned = {"eu-2"};
  EXPECT_TRUE(ask("analysis", GatePoint::Leave).passed());
}

TEST_F(AnalysisGateTest, AFailedCheckOfTheWholeWaveFailsTheWaveAtProgress) {
  all_successful();
  EXPECT_TRUE(ask("analysis", GatePoint::Progress).passed());
  in_.analysis[0] = status("error-rate", "eu-1", Phase::Failed);
  EXPECT_TRUE(ask("analysis", GatePoint::Progress).passed()) << "a per-cluster failure is a failed cluster instead";
  in_.analysis[2] = status("smoke", "", Phase::Failed);
  GateVerdict v = ask("analysis", GatePoint::Progress);
  EXPECT_EQ(v.kind, GateVerdict::Kind::Fail);
  EXPECT_EQ(v.reason, "analysis smoke (result < 0.05): Failed");
}

TEST_F(AnalysisGateTest, AnErrorFailsAndAnInconclusiveCheckHoldsAtProgress) {
  all_successful();
  in_.analysis[2] = status("smoke", "", Phase::Error);
  GateVerdict v = ask("analysis", GatePoint::Progress);
  EXPECT_EQ(v.kind, GateVerdict::Kind::Fail);
  EXPECT_EQ(v.reason, "analysis smoke (result < 0.05): Error");
  in_.analysis[2] = status("smoke", "", Phase::Inconclusive);
  EXPECT_EQ(ask("analysis", GatePoint::Progress).kind, GateVerdict::Kind::Hold);
  all_successful();
  in_.analysis[1] = status("error-rate", "eu-2", Phase::Inconclusive);
  v = ask("analysis", GatePoint::Progress);
  EXPECT_EQ(v.kind, GateVerdict::Kind::Hold) << "a cluster's inconclusive check is a person's decision too";
  EXPECT_EQ(v.reason, "analysis error-rate on eu-2 (result < 0.05): Inconclusive");
}

TEST_F(AnalysisGateTest, DryRunChecksAndChecksWithoutACountNeverHoldTheWave) {
  wave().analysis[1].dry_run = true;
  all_successful();
  in_.analysis[2] = status("smoke", "", Phase::Failed);
  EXPECT_TRUE(ask("analysis", GatePoint::Progress).passed()) << "a dry run never fails the wave";
  in_.analysis[2] = status("smoke", "", Phase::Inconclusive);
  EXPECT_TRUE(ask("analysis", GatePoint::Progress).passed()) << "nor holds it";
  EXPECT_TRUE(ask("analysis", GatePoint::Leave).passed()) << "nor keeps it waiting";
  wave().analysis[0].count.reset();  // measures for as long as the wave is current
  in_.analysis[0] = status("error-rate", "eu-1", Phase::Running);
  in_.analysis[1] = status("error-rate", "eu-2", Phase::Running);
  EXPECT_TRUE(ask("analysis", GatePoint::Leave).passed());
}

TEST_F(AnalysisGateTest, APromotionSkipsTheChecks) {
  release_.promoted_to = "europe";
  EXPECT_EQ(ask("analysis", GatePoint::Leave).reason, "promoted to wave europe by a person");
}

}  // namespace
}  // namespace fleetwave
