// Operator controls around the manual steps and a CI pipeline: --dry-run prints the commit and
// every pin change without writing anything, a step that unpins clusters warns first, and
// `fleetwave wait` blocks until a release is Stable, WaitingApproval or Held (exit 0, 1, 124).
#include <gtest/gtest.h>

#include "cli/cli_fixture.h"

namespace fleetwave::cli {
namespace {

using testing_support::CliRun;

class CliOperatorControlsTest : public testing_support::CliScenarioTest {
 protected:
  std::map<std::string, std::string> files() override { return testing_support::approval_fleet_files(); }

  void SetUp() override {
    CliScenarioTest::SetUp();
    release_ = head();
  }

  void reconcile() {
    CliRun r = reconcile_cycle();
    ASSERT_EQ(r.exit_code, 0) << r.err;
  }

  std::string release_;
};

TEST_F(CliOperatorControlsTest, DryRunPrintsTheCommitAndEveryPinChangeAndWritesNothing) {
  reconcile();  // the first release starts: dev-1 is pinned
  const std::string before = head();
  CliRun dry = with_repo({"rollback", "shop", "--reason", "bad canary", "--dry-run"});
  ASSERT_EQ(dry.exit_code, 0) << dry.err;
  EXPECT_EQ(head(), before) << "nothing pushed";
  EXPECT_NE(dry.out.find("dry run: nothing committed or pushed; on main at " + before.substr(0, 7)), std::string::npos)
      << dry.out;
  EXPECT_NE(dry.out.find("fleetwave(shop): roll back " + release_.substr(0, 7)), std::string::npos) << dry.out;
  EXPECT_NE(dry.out.find("Fleetwave-Action: rollback"), std::string::npos) << dry.out;
  EXPECT_NE(dry.out.find("--- a/.fleetwave/shop/targets.json"), std::string::npos) << dry.out;
  EXPECT_NE(dry.out.find("-    \"cluster\": \"dev-1\""), std::string::npos) << dry.out;
  // A first release has no stable one to return to: rolling it back removes the canary's pin.
  EXPECT_NE(dry.err.find("warning: this step unpins 1 cluster(s): dev-1; Argo CD deletes"), std::string::npos)
      << dry.err;

  // The real step warns the same way, and then commits.
  CliRun real = with_repo({"rollback", "shop", "--reason", "bad canary"});
  ASSERT_EQ(real.exit_code, 0) << real.err;
  EXPECT_NE(real.err.find("warning: this step unpins 1 cluster(s): dev-1"), std::string::npos) << real.err;
  EXPECT_NE(head(), before);
}

TEST_F(CliOperatorControlsTest, WaitReturnsWhenTheReleaseReachesThePhase) {
  const std::string r7 = release_.substr(0, 7);
  reconcile();  // start
  reconcile();  // wait-approval of europe
  CliRun waiting = with_repo({"wait", "shop", "--for", "WaitingApproval", "--release", r7});
  EXPECT_EQ(waiting.exit_code, 0) << waiting.err;
  EXPECT_EQ(waiting.out, "shop is WaitingApproval at " + r7 + "\n");

  ASSERT_EQ(with_repo({"approve", "shop"}).exit_code, 0);
  for (int i = 0; i < 6; ++i) reconcile();
  CliRun stable = with_repo({"wait", "shop", "--for", "Stable", "--release", release_}, /*binary=*/true);
  EXPECT_EQ(stable.exit_code, 0) << stable.err;
  EXPECT_EQ(stable.out, "shop is Stable at " + r7 + "\n");
}

TEST_F(CliOperatorControlsTest, WaitFailsWhenTheReleaseIsHeldAndTimesOut) {
  // Pushed but not started yet: not Stable; the binary (real clock) gives up after --timeout.
  human_commit("web 2.0", {{"apps/shop/deploy.yaml", testing_support::deployment("web:2.0")}});
  const std::string second = head();
  CliRun pending =
      with_repo({"wait", "shop", "--for", "Stable", "--timeout", "1s", "--interval", "200ms"}, /*binary=*/true);
  EXPECT_EQ(pending.exit_code, 124) << pending.err;
  EXPECT_EQ(pending.err, "error: timed out after 1s waiting for Stable: shop is Pending\n");

  reconcile();  // start
  ASSERT_EQ(with_repo({"rollback", "shop", "--reason", "smoke test failed"}).exit_code, 0);
  CliRun held = with_repo({"wait", "shop", "--for", "Stable", "--release", second.substr(0, 7)});
  EXPECT_EQ(held.exit_code, 1) << held.err;
  EXPECT_NE(held.out.find("shop is Held at " + second.substr(0, 7) + " ("), std::string::npos) << held.out;

  CliRun usage = with_repo({"wait", "shop", "--for", "Done"});
  EXPECT_EQ(usage.exit_code, 2);
  EXPECT_NE(usage.err.find("--for must be Stable, WaitingApproval, Held or Paused"), std::string::npos);
}

// Issue 25 (8): a release rolled back and then superseded is lost for good (exit 1 at once), and
// a --release that names no commit is a usage error, not a silent wait.
TEST_F(CliOperatorControlsTest, WaitStopsForASupersededReleaseAndAnUnknownOne) {
  human_commit("web 2.0", {{"apps/shop/deploy.yaml", testing_support::deployment("web:2.0")}});
  const std::string second = head();
  reconcile();  // start
  ASSERT_EQ(with_repo({"rollback", "shop", "--reason", "smoke test failed"}).exit_code, 0);
  human_commit("web 3.0", {{"apps/shop/deploy.yaml", testing_support::deployment("web:3.0")}});
  reconcile();  // start web 3.0: it supersedes the held release
  CliRun lost = with_repo({"wait", "shop", "--for", "Stable", "--release", second.substr(0, 7), "--timeout", "1m"},
                          /*binary=*/true);
  EXPECT_EQ(lost.exit_code, 1) << lost.out << lost.err;
  EXPECT_NE(lost.out.find("(release " + second.substr(0, 7) + " was rolled back or superseded)"), std::string::npos)
      << lost.out;

  CliRun unknown = with_repo({"wait", "shop", "--for", "Stable", "--release", "deadbeef"}, /*binary=*/true);
  EXPECT_EQ(unknown.exit_code, 2) << unknown.out << unknown.err;
  EXPECT_NE(unknown.err.find("--release deadbeef: no such commit in the repository"), std::string::npos) << unknown.err;
}

TEST_F(CliOperatorControlsTest, AHeldClusterSitsOutTheReleaseAndCatchesUpWhenReleased) {
  auto complete = [&] {
    for (int i = 0; i < 10; ++i) {
      reconcile();
      const std::string action =
          git(remote_, {"log", "-1", "--first-parent", "--format=%(trailers:key=Fleetwave-Action,valueonly)", "main"});
      if (action == "complete") return;
      if (action == "wait-approval") {
        ASSERT_EQ(with_repo({"approve", "shop"}).exit_code, 0);
      }
    }
    FAIL() << "the release did not complete";
  };
  auto pin_of = [&](const std::string& cluster) {
    for (const Json& t : targets()) {
      if (t["cluster"] == cluster) return t["revision"].get<std::string>();
    }
    return std::string();
  };
  complete();
  const std::string first = pin_of("eu-2");
  CliRun unknown = with_repo({"hold", "shop", "mars-1", "--reason", "x"});
  EXPECT_EQ(unknown.exit_code, 1);
  EXPECT_NE(unknown.err.find("cluster mars-1 has no Application of shop"), std::string::npos) << unknown.err;
  CliRun held = with_repo({"hold", "shop", "eu-2", "--reason", "node pool upgrade"});
  ASSERT_EQ(held.exit_code, 0) << held.err;
  EXPECT_NE(held.out.find("fleetwave(shop): hold eu-2 (node pool upgrade)"), std::string::npos) << held.out;

  human_commit("web 2.0", {{"apps/shop/deploy.yaml", testing_support::deployment("web:2.0")}});
  const std::string second = head();
  complete();
  EXPECT_EQ(pin_of("eu-1"), second);
  EXPECT_EQ(pin_of("eu-2"), first) << "held: sat the release out";
  CliRun status = with_repo({"status"}, /*binary=*/true);
  EXPECT_NE(status.out.find("held: node pool upgrade"), std::string::npos) << status.out;

  ASSERT_EQ(with_repo({"release-hold", "shop", "eu-2"}).exit_code, 0);
  reconcile();
  EXPECT_EQ(pin_of("eu-2"), second) << "caught up with the stable release";
  EXPECT_EQ(subject(), "fleetwave(shop): catch up eu-2 to " + second.substr(0, 7) + " (hold released)");
}

TEST_F(CliOperatorControlsTest, PromoteFullTakesAHotfixThroughEveryWaveWithoutApprovals) {
  reconcile();  // start: the canary is pinned, europe needs an approval
  CliRun usage = with_repo({"promote", "shop", "--reason", "hotfix"});
  EXPECT_EQ(usage.exit_code, 2);
  CliRun promoted = with_repo({"promote", "shop", "--full", "--reason", "CVE hotfix"});
  ASSERT_EQ(promoted.exit_code, 0) << promoted.err;
  EXPECT_NE(promoted.out.find("fleetwave(shop): promote " + release_.substr(0, 7) + " through every wave (CVE hotfix)"),
            std::string::npos)
      << promoted.out;
  for (int i = 0; i < 4; ++i) reconcile();
  const std::string log =
      git(remote_, {"log", "--reverse", "--format=%(trailers:key=Fleetwave-Action,valueonly,separator=)", "main"});
  EXPECT_EQ(log, "\nstart\npromote\nadvance\nadvance\ncomplete")
      << "the seed, then no wait-approval; europe pinned whole";
}

// Issue 25 (5): a promotion applies to the try of the release it was given for. Rolled back and
// resumed, the release starts again at the canary with its bake and approval in force.
TEST_F(CliOperatorControlsTest, APromotionDoesNotSurviveARollback) {
  reconcile();  // start: the canary is pinned
  ASSERT_EQ(with_repo({"promote", "shop", "--to-wave", "europe", "--reason", "hotfix"}).exit_code, 0);
  ASSERT_EQ(with_repo({"rollback", "shop", "--reason", "wrong build"}).exit_code, 0);
  ASSERT_EQ(with_repo({"resume", "shop"}).exit_code, 0);
  CliRun status = with_repo({"status", "-o", "json"}, /*binary=*/true);
  ASSERT_EQ(status.exit_code, 0) << status.err;
  EXPECT_EQ(git(remote_, {"show", "main:.fleetwave/shop/state.yaml"}).find("promotedTo"), std::string::npos)
      << git(remote_, {"show", "main:.fleetwave/shop/state.yaml"});
  for (int i = 0; i < 3; ++i) reconcile();
  // Without the promotion, europe waits for its approval again instead of being pinned at once.
  EXPECT_NE(subject().find("wait"), std::string::npos) << subject();
}

}  // namespace
}  // namespace fleetwave::cli
