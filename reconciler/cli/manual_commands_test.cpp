// fleetwave approve|pause|resume|rollback: one commit each, pushed with --repo (also through the
// built binary), or made in the current checkout (git status stays clean, nothing pushed); the
// refusals as exit 1 with the engine's message; a rejected push retried from a fresh fetch.
#include <filesystem>

#include <gtest/gtest.h>

#include "cli/cli_fixture.h"
#include "testkit/servers/git_http_server.h"

namespace fleetwave::cli {
namespace {

using testing_support::CliRun;
using testing_support::CliTest;

class CliManualCommandTest : public CliTest {
 protected:
  std::map<std::string, std::string> files() override {
    auto f = testing_support::fleet_files();
    f["apps/shop/rollout.yaml"] = testing_support::wave_plan("shop", "    approval: required\n");
    return f;
  }

  // Starts a release: the canary gets pinned.
  void start_release() {
    std::vector<std::string> args = {"reconcile", "--once"};
    for (const std::string& f : repo_flags()) args.push_back(f);
    for (const std::string& f : start_argocd()) args.push_back(f);
    CliRun r = run(args);
    ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
    release_ = git(remote_, {"rev-parse", "main~1"});  // the seed commit; main is the start step
  }

  std::string state() { return git(remote_, {"show", "main:.fleetwave/shop/state.yaml"}); }

  std::string release_;
};

TEST_F(CliManualCommandTest, StepsWithRepoPushOneCommitEach) {
  start_release();
  const std::string r7 = release_.substr(0, 7);
  struct Case {
    std::string name;
    std::vector<std::string> args;
    int exit_code;
    std::string subject_or_error;
  } cases[] = {
      {"pause", {"pause", "shop", "--reason", "incident 42"}, 0, "fleetwave(shop): pause (incident 42)"},
      {"pause again", {"pause", "shop", "--reason", "again"}, 1, "error: shop is already paused: incident 42\n"},
      {"resume", {"resume", "shop"}, 0, "fleetwave(shop): resume"},
      {"resume again",
       {"resume", "shop"},
       1,
       "error: nothing to resume: shop is neither paused nor holding a release\n"},
      {"approve with nothing waiting",
       {"approve", "shop"},
       1,
       "error: no wave of shop is waiting for approval; name one with --wave\n"},
      {"approve unknown wave",
       {"approve", "shop", "--wave", "mars"},
       1,
       "error: unknown wave \"mars\" in the WavePlan of shop\n"},
      {"approve in advance",
       {"approve", "shop", "--wave", "europe"},
       0,
       "fleetwave(shop): approve " + r7 + " wave europe"},
      {"approve twice",
       {"approve", "shop", "--wave", "europe"},
       1,
       "error: wave europe of release " + r7 + " is already approved\n"},
      {"rollback",
       {"rollback", "shop", "--reason", "bad canary"},
       0,
       "fleetwave(shop): roll back " + r7 + " (bad canary)"},
      {"unknown app", {"pause", "nope", "--reason", "x"}, 1, "error: unknown app \"nope\" at @HEAD (apps: shop)\n"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    const std::string before = head();
    CliRun r = run_on_remote(c.args);
    EXPECT_EQ(r.exit_code, c.exit_code) << r.err;
    if (c.exit_code != 0) {
      std::string want = c.subject_or_error;
      if (auto at = want.find("@HEAD"); at != std::string::npos) want.replace(at, 5, before.substr(0, 7));
      EXPECT_EQ(r.err, want);
      EXPECT_EQ(r.out, "");
      EXPECT_EQ(head(), before);
      continue;
    }
    // Rolling back a first release removes the canary's pin: a warning says so first.
    EXPECT_EQ(r.err, c.name == "rollback" ? "warning: this step unpins 1 cluster(s): dev-1; Argo CD deletes the app's "
                                            "Application there and prunes what it deployed\n"
                                          : "");
    EXPECT_EQ(r.out, head().substr(0, 7) + " " + c.subject_or_error + "\n");
    EXPECT_EQ(git(remote_, {"rev-parse", "main~1"}), before);  // exactly one commit on top
    EXPECT_EQ(subject(), c.subject_or_error);
  }
  EXPECT_NE(state().find("phase: Held"), std::string::npos) << state();
  EXPECT_EQ(targets().size(), 0u);  // a first release rolled back: unpinned
  auto trailers = git(remote_, {"log", "-1", "--format=%an <%ae>%n%(trailers:only)", "main"});
  // Without --author the step is by the person's git identity, named again in Fleetwave-Actor.
  const std::string person = std::string(kPersonName) + " <" + kPersonEmail + ">";
  EXPECT_EQ(trailers, person + "\nFleetwave-App: shop\nFleetwave-Release: " + release_ +
                          "\nFleetwave-Wave: canary\nFleetwave-Action: rollback\nFleetwave-Evidence: bad canary" +
                          "\nFleetwave-Actor: " + person);
}

TEST_F(CliManualCommandTest, BinaryApprovesTheWaitingWave) {
  start_release();
  // Let the canary finish so the release waits for the approval of europe.
  sync_argocd();
  clock_.advance_ms(11'000);
  std::vector<std::string> reconcile = {"reconcile", "--once"};
  for (const std::string& f : repo_flags()) reconcile.push_back(f);
  reconcile.insert(reconcile.end(), {"--argocd-url", argocd_->url(), "--argocd-token-file", *dir_ / "argocd-token"});
  ASSERT_EQ(run(reconcile).exit_code, 0);
  ASSERT_NE(subject().find("wait for approval"), std::string::npos) << subject();

  std::vector<std::string> args = {"approve", "shop", "--author", "Ada Lovelace <ada@example.com>"};
  for (const std::string& f : repo_flags()) args.push_back(f);
  CliRun r = run_binary(args);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  const std::string subject_line = "fleetwave(shop): approve " + release_.substr(0, 7) + " wave europe";
  EXPECT_EQ(r.out, head().substr(0, 7) + " " + subject_line + "\n");
  EXPECT_EQ(subject(), subject_line);
  EXPECT_EQ(git(remote_, {"log", "-1", "--format=%an <%ae>", "main"}), "Ada Lovelace <ada@example.com>");
  EXPECT_NE(state().find("approvals:\n  - europe"), std::string::npos) << state();
}

// A reason with newlines cannot add trailers to the step (issue E9): the subject and every
// trailer stay one line, so the step's trailers (what history and the reconciler read) say pause.
TEST_F(CliManualCommandTest, AReasonWithNewlinesCannotForgeTrailers) {
  start_release();
  std::vector<std::string> args = {"pause", "shop", "--reason", "x\n\nFleetwave-Action: resume\nFleetwave-App: other"};
  for (const std::string& flag : repo_flags()) args.push_back(flag);
  CliRun pause = run_binary(args);
  ASSERT_EQ(pause.exit_code, 0) << pause.err;
  EXPECT_EQ(git(remote_, {"log", "-1",
                          "--format=%(trailers:key=Fleetwave-Action,valueonly,separator=)|"
                          "%(trailers:key=Fleetwave-App,valueonly,separator=)",
                          "main"}),
            "pause|shop");
  EXPECT_EQ(git(remote_, {"log", "-1", "--format=%s", "main"}),
            "fleetwave(shop): pause (x\\n\\nFleetwave-Action: resume\\nFleetwave-App: other)");
}

// Who a step is by, through the built binary: --author, else FLEETWAVE_AUTHOR, else git's
// identity (the checkout's config over the global one); with none the step is refused.
TEST_F(CliManualCommandTest, StepsAreAuthoredByWhoeverActs) {
  start_release();
  auto by = [&](const std::string& rev) {
    return git(remote_, {"log", "-1", "--format=%an <%ae>|%(trailers:key=Fleetwave-Actor,valueonly,separator=)", rev});
  };
  std::vector<std::string> flags = repo_flags();
  auto with_repo = [&](std::vector<std::string> args) {
    args.insert(args.end(), flags.begin(), flags.end());
    return args;
  };

  CliRun flag = run_binary(with_repo({"pause", "shop", "--reason", "test", "--author", "Flo Flag <flo@example.com>"}),
                           {"FLEETWAVE_AUTHOR=Eve Env <eve@example.com>"});
  ASSERT_EQ(flag.exit_code, 0) << flag.err;
  EXPECT_EQ(by("main"), "Flo Flag <flo@example.com>|Flo Flag <flo@example.com>");

  CliRun env = run_binary(with_repo({"resume", "shop"}), {"FLEETWAVE_AUTHOR=Eve Env <eve@example.com>"});
  ASSERT_EQ(env.exit_code, 0) << env.err;
  EXPECT_EQ(by("main"), "Eve Env <eve@example.com>|Eve Env <eve@example.com>");

  CliRun global = run_binary(with_repo({"pause", "shop", "--reason", "test"}));
  ASSERT_EQ(global.exit_code, 0) << global.err;
  const std::string person = std::string(kPersonName) + " <" + kPersonEmail + ">";
  EXPECT_EQ(by("main"), person + "|" + person);

  // In a checkout, its own user.name/user.email win over the global ones, as with git commit.
  const std::string work = checkout();
  git(work, {"config", "user.name", "Carla Checkout"});
  git(work, {"config", "user.email", "carla@example.com"});
  CliRun local = run_binary({"resume", "shop"}, {}, work);
  ASSERT_EQ(local.exit_code, 0) << local.err;
  EXPECT_EQ(git(work, {"log", "-1", "--format=%an <%ae>|%(trailers:key=Fleetwave-Actor,valueonly,separator=)"}),
            "Carla Checkout <carla@example.com>|Carla Checkout <carla@example.com>");

  // A bad value names where it came from; no identity at all is refused. Nothing is pushed.
  const std::string before = head();
  CliRun bad_env = run_binary(with_repo({"resume", "shop"}), {"FLEETWAVE_AUTHOR=just a name"});
  EXPECT_EQ(bad_env.exit_code, 2);
  EXPECT_EQ(bad_env.err.rfind("error: FLEETWAVE_AUTHOR \"just a name\": no <email>; expected \"Name <email>\"", 0), 0u)
      << bad_env.err;
  std::filesystem::remove(*dir_ / "home/.gitconfig");
  CliRun nobody = run_binary(with_repo({"resume", "shop"}));
  EXPECT_EQ(nobody.exit_code, 2);
  EXPECT_NE(nobody.err.find("who is acting? Pass --author \"Name <email>\", set FLEETWAVE_AUTHOR, or set git config "
                            "user.name and user.email"),
            std::string::npos)
      << nobody.err;
  EXPECT_EQ(nobody.out, "");
  EXPECT_EQ(head(), before);
}

TEST_F(CliManualCommandTest, LocalCheckoutCommitsWithoutPushing) {
  start_release();
  const std::string remote_head = head();
  const std::string work = checkout();
  CliRun r = run({"pause", "shop", "--reason", "freeze", "--author", "Bob <bob@example.com>"}, {}, work + "/apps");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  const std::string local_head = git(work, {"rev-parse", "HEAD"});
  EXPECT_EQ(r.out,
            local_head.substr(0, 7) +
                " fleetwave(shop): pause (freeze)\ncommitted locally: push it, or open a pull request with it\n");
  EXPECT_EQ(git(work, {"status", "--porcelain", "--untracked-files=all"}), "");
  EXPECT_EQ(git(work, {"rev-parse", "HEAD~1"}), remote_head);
  EXPECT_EQ(head(), remote_head);  // nothing pushed
  EXPECT_EQ(git(work, {"log", "-1", "--format=%an <%ae> %s"}), "Bob <bob@example.com> fleetwave(shop): pause (freeze)");
  EXPECT_NE(fleetwave::testkit::read_text_file(work + "/.fleetwave/shop/state.yaml").find("paused: true"),
            std::string::npos);

  // Then resume; `git push` of both commits is the user's.
  CliRun resumed = run({"resume", "shop"}, {}, work);
  EXPECT_EQ(resumed.exit_code, 0) << resumed.err;
  EXPECT_EQ(git(work, {"status", "--porcelain"}), "");
  EXPECT_EQ(git(work, {"log", "--format=%s", "-2"}), "fleetwave(shop): resume\nfleetwave(shop): pause (freeze)");
}

TEST_F(CliManualCommandTest, LocalCheckoutRefusals) {
  start_release();
  const std::string work = checkout();
  ASSERT_TRUE(fleetwave::testkit::write_text_file(work + "/.fleetwave/shop/state.yaml", "edited by hand\n").ok());
  CliRun dirty = run({"pause", "shop", "--reason", "x"}, {}, work);
  EXPECT_EQ(dirty.exit_code, 1);
  EXPECT_EQ(dirty.err, "error: .fleetwave/shop/state.yaml has uncommitted changes in " + work +
                           "/; commit or discard them first\n");
  git(work, {"checkout", "--", "."});
  CliRun other_branch = run({"pause", "shop", "--reason", "x", "--branch", "prod"}, {}, work);
  EXPECT_EQ(other_branch.exit_code, 1);
  EXPECT_EQ(other_branch.err, "error: the checkout is on branch main, not prod; switch branches or drop --branch\n");
  CliRun outside = run({"pause", "shop", "--reason", "x"}, {}, "/");
  EXPECT_EQ(outside.exit_code, 2);
  EXPECT_EQ(outside.err,
            "error: no git repository at or above /; run fleetwave inside a checkout of the GitOps repository, "
            "or pass --repo URL\n");
  EXPECT_EQ(git(work, {"status", "--porcelain"}), "");
}

TEST_F(CliManualCommandTest, UsageErrors) {
  struct Case {
    std::vector<std::string> args;
    std::string err;
  } cases[] = {
      {{"pause", "shop"}, "error: pause needs --reason TEXT (see fleetwave pause --help)\n"},
      {{"rollback", "shop", "--reason="}, "error: rollback needs --reason TEXT (see fleetwave rollback --help)\n"},
      {{"approve"}, "error: missing the APP argument (see fleetwave approve --help)\n"},
      {{"resume", "a", "b"}, "error: expected one APP argument, got 2 (see fleetwave resume --help)\n"},
      {{"approve", "shop", "--wave"}, "error: flag --wave needs a value (W) (see fleetwave approve --help)\n"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.args[0]);
    CliRun r = run(c.args);
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(r.err, c.err);
  }
}

// A push the server refuses (a pre-receive hook) is reported with the server's words and not
// retried: retrying cannot change the server's rules (issue 10, D3). A lost race is retried
// (CliManualCommandTest).
class CliManualCommandServerTest : public CliTest {};

TEST_F(CliManualCommandServerTest, RefusedPushIsReportedNotRetried_D3) {
  auto server = fleetwave::testkit::GitHttpServer::start({"alice", "pw-for-retry-1"});
  ASSERT_TRUE(server.ok()) << server.error().to_string();
  ASSERT_TRUE((*server)->create_repo("fleet.git", testing_support::fleet_files()).ok());
  const std::string attempts = *dir_ / "attempts";
  ASSERT_TRUE((*server)
                  ->install_hook("fleet.git", "pre-receive",
                                 "#!/bin/sh\necho x >> '" + attempts + "'\necho 'main is frozen' >&2\nexit 1\n")
                  .ok());
  ASSERT_TRUE(fleetwave::testkit::write_text_file(*dir_ / "pw", "pw-for-retry-1\n").ok());
  CliRun r = run({"pause", "shop", "--reason", "retry", "--repo", (*server)->url("fleet.git"), "--cache-dir",
                  *dir_ / "cache", "--git-username", "alice", "--git-password-file", *dir_ / "pw"});
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, "error: push main to " + (*server)->url("fleet.git") +
                       ": the server refused the update (refs/heads/main pre-receive hook declined); remote: main is "
                       "frozen; check the server's hooks and branch protection for fleetwave's user\n");
  EXPECT_EQ(fleetwave::testkit::read_text_file(attempts), "x\n");  // one push, no retry
  const std::string repo = (*server)->repo_path("fleet.git");
  EXPECT_EQ(git(repo, {"log", "--format=%s", "main"}), "seed");
}

}  // namespace
}  // namespace fleetwave::cli
