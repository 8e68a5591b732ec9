// fleetwave reconcile --once against a real Git remote and a fake Argo CD API over HTTP: the
// per-app lines and the summary, a broken app next to a healthy one, usage errors, and (against
// lighttpd with basic auth) wrong credentials: exit 3, a clear message, no secret anywhere.
#include <gtest/gtest.h>

#include "cli/cli_fixture.h"
#include "testkit/servers/git_http_server.h"

namespace fleetwave::cli {
namespace {

using testing_support::CliRun;
using testing_support::CliTest;

class CliReconcileCommandTest : public CliTest {
 protected:
  std::vector<std::string> reconcile_args() {
    std::vector<std::string> args = {"reconcile", "--once"};
    for (const std::string& f : repo_flags()) args.push_back(f);
    for (const std::string& f : argocd_flags_) args.push_back(f);
    return args;
  }
  void SetUp() override {
    CliTest::SetUp();
    argocd_flags_ = start_argocd();
  }
  std::vector<std::string> argocd_flags_;
};

TEST_F(CliReconcileCommandTest, BinaryPrintsOneLinePerAppAndASummary) {
  const std::string release = head().substr(0, 7);
  CliRun first = run_binary(reconcile_args());
  EXPECT_EQ(first.exit_code, 0) << first.err;
  EXPECT_EQ(first.out, "shop: start — fleetwave(shop): start " + release +
                           " at wave 1/3 canary (1 of 1 clusters)\n"
                           "pushed 1 commit to main (0 conflicts)\n");
  EXPECT_EQ(first.err, "");
  EXPECT_EQ(subject(), "fleetwave(shop): start " + release + " at wave 1/3 canary (1 of 1 clusters)");

  CliRun second = run_binary(reconcile_args());
  EXPECT_EQ(second.exit_code, 0) << second.err;
  EXPECT_EQ(second.out,
            "shop: waiting — wave 1/3 canary waiting for dev-1: no Argo CD Application for dev-1 yet\n"
            "pushed 0 commits to main (0 conflicts)\n");
}

TEST_F(CliReconcileCommandTest, AdvancesThroughWavesWithArgoCd) {
  const std::string release = head().substr(0, 7);
  EXPECT_EQ(run(reconcile_args()).exit_code, 0);
  sync_argocd();
  CliRun baking = run(reconcile_args());
  EXPECT_EQ(baking.out,
            "shop: waiting — wave 1/3 canary healthy for 0s of minSuccessTime 10s, 10s left\npushed 0 commits to main "
            "(0 conflicts)\n");
  clock_.advance_ms(11'000);
  CliRun advance = run(reconcile_args());
  EXPECT_EQ(advance.exit_code, 0) << advance.err;
  EXPECT_EQ(advance.out, "shop: advance — fleetwave(shop): advance " + release +
                             " to wave 2/3 europe (1 of 2 clusters)\n"
                             "pushed 1 commit to main (0 conflicts)\n");
  EXPECT_EQ(targets().size(), 2u);
}

// Issue 25 (11): a token Argo CD rejects is a credentials problem: exit 3, as the README says,
// with the app's error naming it and no token in the output.
TEST_F(CliReconcileCommandTest, ARejectedArgoCdTokenExitsThree) {
  ASSERT_EQ(run_binary(reconcile_args()).exit_code, 0);  // start: the canary is pinned
  const std::string wrong = *dir_ / "wrong-token";
  ASSERT_TRUE(fleetwave::testkit::write_text_file(wrong, "not-the-token\n").ok());
  std::vector<std::string> args = reconcile_args();
  args[args.size() - 1] = wrong;  // --argocd-token-file is the last flag
  CliRun r = run_binary(args);
  EXPECT_EQ(r.exit_code, 3) << r.out << r.err;
  EXPECT_NE(r.out.find("shop: error — "), std::string::npos) << r.out;
  EXPECT_EQ((r.out + r.err).find("not-the-token"), std::string::npos) << "no secret in any message";
}

TEST_F(CliReconcileCommandTest, BrokenAppIsReportedWhileOthersProceed) {
  human_commit("add a broken app", {{"apps/broken/rollout.yaml",
                                     "apiVersion: fleetwave.io/v1alpha1\nkind: WavePlan\n"
                                     "metadata: {name: broken}\nspec:\n  waves:\n"
                                     "  - name: all\n    clusters: {}\n    maxConcurrency: lots\n"}});
  CliRun r = run(reconcile_args());
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out,
            "broken: error — apps/broken/rollout.yaml:8:21: spec.waves[0].maxConcurrency: expected a count (e.g. 2) or "
            "a percentage (e.g. \"25%\")\n"
            "shop: start — " +
                subject() +
                "\n"
                "pushed 1 commit to main (0 conflicts)\n");
  EXPECT_EQ(targets().size(), 1u);
}

// Argo CD going down mid-rollout: the app waits (no step on missing observations), and the
// binary says so on stderr and exits 3 as its --help promises, so callers retry.
TEST_F(CliReconcileCommandTest, BinaryExits3WhenArgoCdIsUnreachable) {
  ASSERT_EQ(run_binary(reconcile_args()).exit_code, 0);
  const std::string started = head();
  const std::string url = argocd_->url();
  argocd_.reset();  // stops the server: its port now refuses connections
  CliRun r = run_binary(reconcile_args());
  EXPECT_EQ(r.exit_code, 3) << r.out << r.err;
  EXPECT_NE(r.out.find("shop: waiting — "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("pushed 0 commits to main"), std::string::npos) << r.out;
  EXPECT_EQ(r.err.rfind("error: Argo CD could not be reached", 0), 0u) << r.err;
  EXPECT_NE(r.err.find(url), std::string::npos) << r.err;
  EXPECT_EQ(head(), started) << "nothing advances without Argo CD's observations";
}

TEST_F(CliReconcileCommandTest, UsageErrors) {
  struct Case {
    std::string name;
    std::vector<std::string> args;
    std::string err;
  } cases[] = {
      {"no --once",
       {"reconcile", "--repo", remote_url()},
       "error: reconcile runs one cycle and needs --once (see fleetwave reconcile --help)\n"},
      {"no --repo", {"reconcile", "--once"}, "error: reconcile needs --repo URL (see fleetwave reconcile --help)\n"},
      {"no Argo CD",
       {"reconcile", "--once", "--repo", remote_url()},
       "error: --argocd-url is required (and --argocd-token-file) (see fleetwave reconcile --help)\n"},
      {"argument", {"reconcile", "shop"}, "error: unexpected argument \"shop\" (see fleetwave reconcile --help)\n"},
      {"bad author",
       {"reconcile", "--once", "--repo", remote_url(), "--argocd-url", argocd_->url(), "--argocd-token-file",
        *dir_ / "argocd-token", "--author", "nobody"},
       "error: --author \"nobody\": no <email>; expected \"Name <email>\" (see fleetwave reconcile --help)\n"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    CliRun r = run(c.args);
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(r.err, c.err);
  }
}

TEST_F(CliReconcileCommandTest, MissingBranchFailsTheCycle) {
  std::vector<std::string> args = reconcile_args();
  args.insert(args.end(), {"--branch", "nope"});
  CliRun r = run(args);
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_EQ(r.err, "error: reconcile cycle failed: branch nope does not exist in the repository\n");
}

// Against a real smart-HTTP server with basic auth (lighttpd + git-http-backend).
class CliReconcileServerTest : public CliTest {
 protected:
  void SetUp() override {
    CliTest::SetUp();
    auto server = fleetwave::testkit::GitHttpServer::start({"alice", "right-pa55word-XYZ"});
    ASSERT_TRUE(server.ok()) << server.error().to_string();
    server_ = std::move(server).value();
    ASSERT_TRUE(server_->create_repo("fleet.git", testing_support::fleet_files()).ok());
    argocd_flags_ = start_argocd();
    ASSERT_TRUE(fleetwave::testkit::write_text_file(*dir_ / "wrong-pw", "wrong-secret-987\n").ok());
    ASSERT_TRUE(fleetwave::testkit::write_text_file(*dir_ / "right-pw", "right-pa55word-XYZ\n").ok());
    ASSERT_TRUE(fleetwave::testkit::write_text_file(*dir_ / "bad-token", "bad-argocd-token-4242\n").ok());
  }

  std::vector<std::string> args(const std::string& password_file, const std::string& token_file = "") {
    return {"reconcile",
            "--once",
            "--repo",
            server_->url("fleet.git"),
            "--cache-dir",
            *dir_ / "cache",
            "--git-username",
            "alice",
            "--git-password-file",
            *dir_ / password_file,
            "--argocd-url",
            argocd_->url(),
            "--argocd-token-file",
            token_file.empty() ? *dir_ / "argocd-token" : *dir_ / token_file};
  }

  std::unique_ptr<fleetwave::testkit::GitHttpServer> server_;
  std::vector<std::string> argocd_flags_;
};

TEST_F(CliReconcileServerTest, WrongPasswordExits3WithAClearMessageAndNoSecret) {
  CliRun r = run_binary(args("wrong-pw"));
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, "error: reconcile cycle failed: fetch main from " + server_->url("fleet.git") +
                       ": authentication failed: the server rejected user/password (alice) (gave up after 3 attempts); "
                       "check --git-username and --git-password-file\n");
  for (const std::string* text : {&r.out, &r.err}) EXPECT_EQ(text->find("wrong-secret-987"), std::string::npos);
}

TEST_F(CliReconcileServerTest, RefusedPushIsAFailureWithTheServersWordsAndOnePush_D3) {
  const std::string attempts = *dir_ / "attempts";
  ASSERT_TRUE(
      server_
          ->install_hook("fleet.git", "pre-receive",
                         "#!/bin/sh\necho x >> '" + attempts + "'\necho 'branch is frozen by policy' >&2\nexit 1\n")
          .ok());
  CliRun r = run_binary(args("right-pw"));
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, "error: reconcile cycle failed: push to main: push main to " + server_->url("fleet.git") +
                       ": the server refused the update (refs/heads/main pre-receive hook declined); remote: branch is "
                       "frozen by policy; check the server's hooks and branch protection for fleetwave's user\n");
  EXPECT_EQ(fleetwave::testkit::read_text_file(attempts), "x\n") << "a refusal is not a race: no retry";
}

TEST_F(CliReconcileServerTest, WrongPasswordInTheUrlIsNamedAsSuch_D13) {
  std::vector<std::string> url_args = args("right-pw");
  url_args[3] = "http://alice:wrong-url-pw-77@127.0.0.1:" + std::to_string(server_->port()) + "/git/fleet.git";
  url_args.erase(url_args.begin() + 6, url_args.begin() + 10);  // no --git-username/--git-password-file
  CliRun r = run_binary(url_args);
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_EQ(r.err,
            "error: reconcile cycle failed: fetch main from http://***@127.0.0.1:" + std::to_string(server_->port()) +
                "/git/fleet.git: authentication failed: the server rejected the password in the repository URL "
                "(user alice); fix it, or put the credentials in --git-password-file instead\n");
  EXPECT_EQ(r.err.find("wrong-url-pw-77"), std::string::npos);
}

TEST_F(CliReconcileServerTest, NoSecretInAnyOutput) {
  // The right password, a token Argo CD refuses, and a password in the URL of a second run.
  // A refused token is a misconfiguration: an app error, never a silent "unknown", and exit 3 as
  // for any credentials Git or Argo CD refuse (README).
  CliRun first = run_binary(args("right-pw", "bad-token"));
  EXPECT_EQ(first.exit_code, 3) << first.err;
  EXPECT_NE(first.out.find("shop: error — cannot observe Argo CD: "), std::string::npos) << first.out;
  CliRun second = run_binary(args("right-pw", "bad-token"));
  EXPECT_EQ(second.exit_code, 3) << second.err;
  EXPECT_NE(second.out.find("shop: waiting — "), std::string::npos) << second.out;
  std::vector<std::string> url_args = args("right-pw");
  url_args[3] = "http://alice:url-secret-5150@127.0.0.1:" + std::to_string(server_->port()) + "/git/missing.git";
  url_args.erase(url_args.begin() + 6, url_args.begin() + 10);  // no --git-username/--git-password-file
  CliRun third = run_binary(url_args);
  EXPECT_EQ(third.exit_code, 3);
  for (const CliRun* r : {&first, &second, &third}) {
    for (const std::string* text : {&r->out, &r->err}) {
      for (const char* secret : {"right-pa55word-XYZ", "bad-argocd-token-4242", "url-secret-5150"}) {
        EXPECT_EQ(text->find(secret), std::string::npos) << secret << " in: " << *text;
      }
    }
  }
}

}  // namespace
}  // namespace fleetwave::cli
