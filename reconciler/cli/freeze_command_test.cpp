// fleetwave freeze|unfreeze: one commit each to .fleetwave/freezes.yaml, authored by the person;
// a frozen app takes no start (reconcile says why), an unfrozen one goes on; refusals exit 1
// with what to do, and write nothing.
#include <gtest/gtest.h>

#include "cli/cli_fixture.h"

namespace fleetwave::cli {
namespace {

using testing_support::CliRun;
using testing_support::CliTest;

class CliFreezeCommandTest : public CliTest {
 protected:
  CliRun reconcile_once() {
    std::vector<std::string> args = {"reconcile", "--once"};
    for (const std::string& f : flags_for_argocd_) args.push_back(f);
    return run_on_remote(args);
  }
  std::string freezes() { return git(remote_, {"show", "main:.fleetwave/freezes.yaml"}); }

  std::vector<std::string> flags_for_argocd_;
};

// Issue 25 (7): one phase word everywhere. A paused app is Paused and a frozen release Frozen in
// status (text and JSON, the document the API serves and the board and metrics read), not the
// release's Progressing; the built binary throughout, so every step runs at the real clock.
TEST_F(CliFreezeCommandTest, PausedAndFrozenAreThePhaseWhileTheyHold) {
  flags_for_argocd_ = start_argocd();
  auto binary = [&](std::vector<std::string> args) { return run_on_remote(std::move(args), true); };
  auto phase = [&] {
    CliRun status = binary({"status", "shop", "-o", "json"});
    EXPECT_EQ(status.exit_code, 0) << status.err;
    return Json::parse(status.out)["apps"][0]["phase"].get<std::string>();
  };
  std::vector<std::string> reconcile = {"reconcile", "--once"};
  reconcile.insert(reconcile.end(), flags_for_argocd_.begin(), flags_for_argocd_.end());
  ASSERT_EQ(binary(reconcile).exit_code, 0);
  ASSERT_EQ(phase(), "Progressing");
  ASSERT_EQ(binary({"pause", "shop", "--reason", "look first"}).exit_code, 0);
  EXPECT_EQ(phase(), "Paused");
  CliRun text = binary({"status", "shop"});
  EXPECT_NE(text.out.find("  phase:    Paused — release "), std::string::npos) << text.out;
  ASSERT_EQ(binary({"resume", "shop"}).exit_code, 0);
  EXPECT_EQ(phase(), "Progressing");
  ASSERT_EQ(binary({"freeze", "shop", "--reason", "incident"}).exit_code, 0);
  EXPECT_EQ(phase(), "Frozen");
  ASSERT_EQ(binary({"unfreeze", "shop"}).exit_code, 0);
  EXPECT_EQ(phase(), "Progressing");
}

// Issue 25 (9): a release is named by the last commit that changed the app's inputs, not by the
// head when it starts: a freeze and an unfreeze pushed after the change leave it the release.
TEST_F(CliFreezeCommandTest, AReleaseIsNamedByTheCommitThatChangedItsInputs) {
  flags_for_argocd_ = start_argocd();
  human_commit("web 2", {{"apps/shop/deploy.yaml", testing_support::deployment("web:2")}});
  const std::string change = head();
  ASSERT_EQ(run_on_remote({"freeze", "shop", "--reason", "wait for the review"}).exit_code, 0);
  ASSERT_EQ(run_on_remote({"unfreeze", "shop"}).exit_code, 0);
  ASSERT_NE(head(), change);
  ASSERT_EQ(reconcile_once().exit_code, 0);
  EXPECT_EQ(subject().rfind("fleetwave(shop): start " + change.substr(0, 7) + " ", 0), 0u) << subject();
  EXPECT_EQ(git(remote_, {"log", "-1", "--format=%(trailers:key=Fleetwave-Release,valueonly)", "main"}), change);
  ASSERT_FALSE(targets().empty());
  EXPECT_EQ(targets()[0]["revision"], change);
}

TEST_F(CliFreezeCommandTest, AFrozenAppStartsNothingUntilUnfrozen) {
  flags_for_argocd_ = start_argocd();
  const std::string seed = head();
  CliRun frozen =
      run_on_remote({"freeze", "shop", "--reason", "incident INC-42", "--author", "Ira Oncall <ira@example.com>"});
  ASSERT_EQ(frozen.exit_code, 0) << frozen.err;
  EXPECT_EQ(frozen.out, head().substr(0, 7) + " fleetwave: freeze shop (incident INC-42)\n");
  EXPECT_EQ(git(remote_, {"rev-parse", "main~1"}), seed);
  EXPECT_EQ(git(remote_, {"log", "-1", "--format=%an <%ae>|%(trailers:only,separator=;)", "main"}),
            "Ira Oncall <ira@example.com>|Fleetwave-App: shop;Fleetwave-Action: freeze;Fleetwave-Evidence: incident "
            "INC-42;Fleetwave-Actor: Ira Oncall <ira@example.com>");
  EXPECT_EQ(freezes(),
            "# Written by fleetwave; change it with `fleetwave freeze|unfreeze`.\n"
            "apiVersion: fleetwave.io/v1alpha1\nfreezes:\n- apps:\n  - shop\n  by: Ira Oncall <ira@example.com>\n"
            "  reason: incident INC-42\n  since: \"2027-01-15T08:00:00Z\"\nkind: Freezes");

  const std::string before = head();
  CliRun blocked = reconcile_once();
  EXPECT_EQ(blocked.exit_code, 0) << blocked.err;
  EXPECT_EQ(head(), before) << "a frozen app must not start its release";
  EXPECT_NE(blocked.out.find("shop is frozen by Ira Oncall <ira@example.com> since 2027-01-15T08:00:00Z: incident "
                             "INC-42 (until `fleetwave unfreeze`)"),
            std::string::npos)
      << blocked.out;

  CliRun again = run_on_remote({"freeze", "shop", "--reason", "twice"});
  EXPECT_EQ(again.exit_code, 1);
  EXPECT_NE(again.err.find("error: shop is already frozen by Ira Oncall"), std::string::npos) << again.err;

  CliRun lifted = run_on_remote({"unfreeze", "shop"});
  ASSERT_EQ(lifted.exit_code, 0) << lifted.err;
  EXPECT_EQ(subject(), "fleetwave: unfreeze shop");
  EXPECT_EQ(git(remote_, {"log", "-1", "--format=%b", "main"}).rfind("Lifted: frozen by Ira Oncall", 0), 0u);
  CliRun started = reconcile_once();
  EXPECT_EQ(started.exit_code, 0) << started.err;
  EXPECT_NE(subject().find("fleetwave(shop): start"), std::string::npos) << subject();
}

TEST_F(CliFreezeCommandTest, AFreezeOfEveryAppIsLiftedOnlyAsAWhole) {
  ASSERT_EQ(run_on_remote({"freeze", "--reason", "friday", "--until", "2h"}).exit_code, 0);
  EXPECT_EQ(subject(), "fleetwave: freeze every app (friday)");
  EXPECT_NE(freezes().find("apps: []"), std::string::npos) << freezes();
  EXPECT_NE(freezes().find("until: \"2027-01-15T10:00:00Z\""), std::string::npos) << freezes();
  const std::string before = head();
  CliRun one = run_on_remote({"unfreeze", "shop"});
  EXPECT_EQ(one.exit_code, 1);
  EXPECT_EQ(one.err,
            "error: shop is frozen (every app) by Pat Person <pat@fleetwave.test> since 2027-01-15T08:00:00Z: friday "
            "(until 2027-01-15T10:00:00Z); lift it with `fleetwave unfreeze` (no app)\n");
  EXPECT_EQ(head(), before);
  ASSERT_EQ(run_on_remote({"unfreeze"}).exit_code, 0);
  EXPECT_EQ(subject(), "fleetwave: unfreeze every app");
  EXPECT_EQ(freezes().find("reason"), std::string::npos) << freezes();
}

TEST_F(CliFreezeCommandTest, Refusals) {
  const std::string before = head();
  struct Case {
    std::vector<std::string> args;
    int exit_code;
    std::string err_start;
  } cases[] = {
      {{"freeze", "shop"}, 2, "error: freeze needs --reason TEXT"},
      {{"freeze", "shop", "--reason", "x", "--until", "soonish"}, 2, "error: --until \"soonish\" is neither"},
      {{"freeze", "shop", "--reason", "x", "--until", "2020-01-01T00:00:00Z"},
       1,
       "error: --until 2020-01-01T00:00:00Z is not in the future"},
      {{"freeze", "shpo", "--reason", "x"},
       1,
       "error: unknown app \"shpo\" at " + before.substr(0, 7) + " (apps: shop)"},
      {{"unfreeze", "shop"}, 1, "error: nothing to unfreeze: shop is not frozen"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.args[0] + " " + c.args.back());
    CliRun r = run_on_remote(c.args);
    EXPECT_EQ(r.exit_code, c.exit_code) << r.err;
    EXPECT_EQ(r.err.rfind(c.err_start, 0), 0u) << r.err;
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(head(), before);
  }
}

TEST_F(CliFreezeCommandTest, BinaryFreezesInACheckoutWithoutPushing) {
  const std::string remote_head = head();
  const std::string work = checkout();
  CliRun r = run_binary({"freeze", "--reason", "release train stopped", "--author", "Bo <bo@example.com>"}, {}, work);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(git(work, {"log", "-1", "--format=%an <%ae> %s"}),
            "Bo <bo@example.com> fleetwave: freeze every app (release train stopped)");
  EXPECT_EQ(git(work, {"status", "--porcelain", "--untracked-files=all"}), "");
  EXPECT_EQ(head(), remote_head);
}

}  // namespace
}  // namespace fleetwave::cli
