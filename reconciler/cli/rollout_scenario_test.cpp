// The whole life of an app through the fleetwave CLI, as an operator would drive it: a 3-wave
// rollout to completion through an approval gate (approved by merging the approval branch, as a
// reviewer merging the pull request would), a broken release that rolls itself back, and a human
// `git revert` that pauses the rollout until `fleetwave resume`. Every step goes through
// `fleetwave reconcile --once` against a real Git remote and a fake Argo CD API over HTTP built
// from the recorded Application shapes; the audit trail is read back with `git log`.
#include <gtest/gtest.h>

#include "cli/cli_fixture.h"

namespace fleetwave::cli {
namespace {

using testing_support::CliRun;

class CliRolloutScenarioTest : public testing_support::CliScenarioTest {
 protected:
  std::map<std::string, std::string> files() override { return testing_support::approval_fleet_files(); }

  // One reconcile cycle; Argo CD then syncs every pin, Healthy, unless told otherwise.
  CliRun reconcile(bool sync = true) { return reconcile_cycle(sync); }

  std::vector<std::string> actions() {
    std::string log = git(remote_, {"log", "--reverse", "--topo-order",
                                    "--format=%(trailers:key=Fleetwave-Action,valueonly,separator=)", "main"});
    std::vector<std::string> out;
    std::istringstream in(log);
    for (std::string line; std::getline(in, line);) {
      if (!line.empty()) out.push_back(line);
    }
    return out;
  }

  std::map<std::string, std::string> pins() {
    std::map<std::string, std::string> out;
    for (const Json& t : targets()) out[t["cluster"]] = t["revision"];
    return out;
  }

  std::string approval_branch() {
    std::string refs = git(remote_, {"for-each-ref", "--format=%(refname:short)", "refs/heads/fleetwave/approve/"});
    return refs.substr(0, refs.find('\n'));
  }

  // A reviewer merges the approval branch into main, as a pull-request merge would.
  void merge_approval(const std::string& branch) {
    std::string work = checkout("reviewer");
    FW_ASSERT_OK(fleetwave::testkit::git(
        work, {"merge", "--no-ff", "-q", "-m", "Merge pull request: approve europe", "origin/" + branch},
        {"GIT_AUTHOR_NAME=Rita Reviewer", "GIT_AUTHOR_EMAIL=rita@example.com"}));
    git(work, {"push", "-q", "origin", "main"});
  }
};

TEST_F(CliRolloutScenarioTest, ApprovalFailureRollbackAndRevertPause) {
  // --- Release 1: canary, then the approval gate of wave 2.
  const std::string first = head();
  EXPECT_EQ(reconcile().exit_code, 0);
  CliRun gate = reconcile();
  EXPECT_EQ(gate.exit_code, 0) << gate.err;
  EXPECT_NE(gate.out.find("shop: wait-approval"), std::string::npos) << gate.out;
  const std::string branch = approval_branch();
  EXPECT_EQ(branch, "fleetwave/approve/shop/" + first.substr(0, 7) + "/europe");
  // Nothing moves past the gate however long we wait.
  clock_.advance_ms(3'600'000);
  CliRun waiting = reconcile();
  EXPECT_NE(waiting.out.find("shop: waiting"), std::string::npos) << waiting.out;
  EXPECT_NE(waiting.out.find("approval"), std::string::npos) << waiting.out;
  EXPECT_EQ(pins().size(), 1u);

  merge_approval(branch);
  for (int i = 0; i < 6 && actions().back() != "complete"; ++i) reconcile();
  EXPECT_EQ(actions(), (std::vector<std::string>{"start", "wait-approval", "approve", "advance", "advance", "advance",
                                                 "complete"}));
  for (const auto& [cluster, revision] : pins()) EXPECT_EQ(revision, first) << cluster;
  EXPECT_EQ(pins().size(), 4u);

  // --- Release 2 is broken: the canary goes Degraded and every pin returns to release 1.
  human_commit("web broken", {{"apps/shop/deploy.yaml", testing_support::deployment("web:broken")}});
  const std::string broken = head();
  EXPECT_EQ(reconcile(/*sync=*/false).exit_code, 0);
  EXPECT_EQ(pins().at("dev-1"), broken);
  ASSERT_TRUE(argocd_
                  ->put_application(fleetwave::testkit::make_application("shop-dev-1", {{"fleetwave.io/app", "shop"}},
                                                                         "dev-1", broken, "Synced", "Degraded",
                                                                         "Succeeded", format_rfc3339(clock_.now_ms())))
                  .ok());
  CliRun rollback = reconcile();
  EXPECT_NE(rollback.out.find("shop: rollback"), std::string::npos) << rollback.out;
  EXPECT_EQ(actions().back(), "rollback");
  for (const auto& [cluster, revision] : pins()) EXPECT_EQ(revision, first) << cluster;
  // The broken release is held: no new start however often the reconciler runs.
  reconcile();
  EXPECT_EQ(actions().back(), "rollback");

  // --- Release 3 starts; a human reverts fleetwave's start commit: the rollout pauses.
  human_commit("web 3.0", {{"apps/shop/deploy.yaml", testing_support::deployment("web:3.0")}});
  const std::string third = head();
  reconcile();
  EXPECT_EQ(actions().back(), "start");
  EXPECT_EQ(pins().at("dev-1"), third);
  std::string work = checkout("reverter");
  FW_ASSERT_OK(fleetwave::testkit::git(work, {"revert", "--no-edit", "HEAD"},
                                       {"GIT_AUTHOR_NAME=Olga Operator", "GIT_AUTHOR_EMAIL=olga@example.com"}));
  git(work, {"push", "-q", "origin", "main"});
  EXPECT_EQ(pins().at("dev-1"), first);
  CliRun paused = reconcile();
  EXPECT_EQ(actions().back(), "pause");
  EXPECT_EQ(pins().at("dev-1"), first) << "the human's revert is kept, not undone";
  CliRun still = reconcile();
  EXPECT_NE(still.out.find("paused"), std::string::npos) << still.out;

  CliRun resumed = run({"resume", "shop", "--repo", remote_url(), "--cache-dir", *dir_ / "cache-cli"});
  EXPECT_EQ(resumed.exit_code, 0) << resumed.err;
  EXPECT_EQ(actions().back(), "resume");
  reconcile();
  // The revert undid the start, so the release starts again (from the current head, which has
  // release 3's inputs).
  EXPECT_EQ(actions().back(), "start");
  const std::string restarted = pins().at("dev-1");
  EXPECT_NE(restarted, first) << "the rollout continues after resume";

  // The audit trail, oldest first.
  EXPECT_EQ(actions(),
            (std::vector<std::string>{"start", "wait-approval", "approve", "advance", "advance", "advance", "complete",
                                      "start", "rollback", "start", "pause", "resume", "start"}));
  // `status` explains the state in JSON, through the real binary.
  CliRun status =
      run_binary({"status", "--output", "json", "--repo", remote_url(), "--cache-dir", *dir_ / "cache-status"});
  ASSERT_EQ(status.exit_code, 0) << status.err;
  Json doc = Json::parse(status.out);
  ASSERT_EQ(doc["apps"].size(), 1u);
  EXPECT_EQ(doc["apps"][0]["release"], restarted);
  EXPECT_EQ(doc["apps"][0]["stable"], first);

  // `history` names who took each step, newest first: the reconciler instance, the person who
  // resumed (their git identity), Olga's revert and Rita's merge of the approval branch.
  CliRun history = run_binary(
      {"history", "shop", "--output", "json", "--repo", remote_url(), "--cache-dir", *dir_ / "cache-history"},
      {"HOSTNAME=fleetwave-7f9c"});
  ASSERT_EQ(history.exit_code, 0) << history.err;
  Json trail = Json::parse(history.out);
  std::vector<std::string> trail_actions, trail_actors;
  for (const Json& step : trail["steps"]) {
    trail_actions.push_back(step["action"]);
    trail_actors.push_back(step["actor"]);
  }
  EXPECT_EQ(trail_actions,
            (std::vector<std::string>{"start", "resume", "pause", "revert", "start", "rollback", "start", "complete",
                                      "advance", "advance", "advance", "approve", "wait-approval", "start"}));
  const std::string reconciler = "fleetwave <fleetwave@localhost> (reconciler ";
  EXPECT_EQ(trail_actors.at(0).rfind(reconciler, 0), 0u) << trail_actors.at(0);
  EXPECT_EQ(trail_actors.at(1), std::string(kPersonName) + " <" + kPersonEmail + ">");
  EXPECT_EQ(trail_actors.at(3), "Olga Operator <olga@example.com>");
  EXPECT_EQ(trail_actors.at(11), "Rita Reviewer <rita@example.com>");
  EXPECT_EQ(trail["steps"][11]["release"], first);
  EXPECT_EQ(trail["steps"][11]["wave"], "europe");
  EXPECT_EQ(trail["steps"][11]["commit"], git(remote_, {"rev-parse", "main^{/Merge pull request}"}));
  EXPECT_NE(trail["steps"][3]["evidence"].get<std::string>().find("This reverts commit"), std::string::npos);
  // The text form says the same, one step a line (plus its evidence).
  CliRun text =
      run_binary({"history", "shop", "--limit", "2", "--repo", remote_url(), "--cache-dir", *dir_ / "cache-history"});
  ASSERT_EQ(text.exit_code, 0) << text.err;
  EXPECT_NE(text.out.find(" resume "), std::string::npos) << text.out;
  EXPECT_EQ(text.out.find(" pause "), std::string::npos) << "--limit 2 shows two steps: " << text.out;
}

}  // namespace
}  // namespace fleetwave::cli
