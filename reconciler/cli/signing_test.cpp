// Signed commits and verified approvals, through the built fleetwave binary: --signing-key signs
// every commit as `git commit -S` with an SSH key does (git verify-commit and ssh-keygen -Y verify
// accept them), and with --allowed-signers an unsigned or wrongly signed approve is ignored and
// rejected in a commit while a signed one is honoured. Bad key and allowed-signers files are
// usage errors naming the file.
#include <filesystem>

#include <gtest/gtest.h>

#include "cli/cli_fixture.h"

namespace fleetwave::cli {
namespace {

using testing_support::CliRun;

class CliSigningTest : public testing_support::CliScenarioTest {
 protected:
  std::map<std::string, std::string> files() override { return testing_support::approval_fleet_files(); }

  void SetUp() override {
    CliScenarioTest::SetUp();
    std::filesystem::create_directories(*dir_ / "keys");
    for (const char* name : {"fleetwave", "alice", "eve"})
      keygen({"-t", "ed25519", "-N", "", "-C", name, "-f", key(name)});
    keygen({"-t", "ed25519", "-N", "secret", "-f", key("locked")});
    // Who may approve: Alice. The reconciler's own key is in a second file, for git verify-commit.
    allowed_ = *dir_ / "keys/allowed_signers";
    write(allowed_, "alice@fleetwave.test namespaces=\"git\" " + public_key("alice"));
    reconciler_signers_ = *dir_ / "keys/reconciler_signers";
    write(reconciler_signers_, "fleetwave@localhost namespaces=\"git\" " + public_key("fleetwave"));
  }

  std::string key(const std::string& name) { return *dir_ / ("keys/" + name); }
  std::string public_key(const std::string& name) { return fleetwave::testkit::read_text_file(key(name) + ".pub"); }
  void write(const std::string& path, const std::string& text) {
    ASSERT_TRUE(fleetwave::testkit::write_text_file(path, text).ok());
  }

  void keygen(const std::vector<std::string>& args) {
    fleetwave::testkit::ProcessSpec spec;
    spec.argv = {"ssh-keygen", "-q"};
    spec.argv.insert(spec.argv.end(), args.begin(), args.end());
    auto r = fleetwave::testkit::run_command(spec);
    ASSERT_TRUE(r.ok() && r->exit_code == 0) << (r.ok() ? r->output : r.error().to_string());
  }

  // `fleetwave ARGS --repo ... [--signing-key KEY]` as the built binary.
  CliRun binary(std::vector<std::string> args, const std::string& signing_key = "") {
    for (const std::string& f : repo_flags()) args.push_back(f);
    if (!signing_key.empty()) {
      args.push_back("--signing-key");
      args.push_back(key(signing_key));
    }
    return run_binary(args);
  }

  // One reconcile cycle by the built binary, signing with the reconciler's key and honouring
  // only steps Alice signed.
  CliRun reconcile() {
    std::vector<std::string> args = {"reconcile", "--once", "--allowed-signers", allowed_};
    args.insert(args.end(), argocd_flags_.begin(), argocd_flags_.end());
    CliRun r = binary(args, "fleetwave");
    sync_argocd();
    return r;
  }

  // `git verify-commit REV` against `signers`: its output, or the error with the output.
  Result<std::string> verify_commit(const std::string& signers, const std::string& rev = "main") {
    return fleetwave::testkit::git(remote_, {"-c", "gpg.ssh.allowedSignersFile=" + signers, "verify-commit", rev});
  }

  std::string action(const std::string& rev = "main") {
    return git(remote_, {"log", "-1", "--format=%(trailers:key=Fleetwave-Action,valueonly)", rev});
  }

  // The canary baked (manual clock, so in process): europe waits for its approval.
  void reach_wait_approval() {
    ASSERT_EQ(reconcile().exit_code, 0);  // start: the canary
    clock_.advance_ms(11'000);
    std::vector<std::string> args = {"reconcile", "--once",        "--allowed-signers",
                                     allowed_,    "--signing-key", key("fleetwave")};
    for (const std::string& f : repo_flags()) args.push_back(f);
    args.insert(args.end(), argocd_flags_.begin(), argocd_flags_.end());
    CliRun waits = run(args);
    ASSERT_EQ(waits.exit_code, 0) << waits.out << waits.err;
    ASSERT_EQ(action(), "wait-approval") << waits.out;
  }

  // A person's unsigned commit made in a checkout: `fleetwave ARGS` there (or nothing), then the
  // message replaced by `message` (forged trailers and all), `empty_on_top` empty commits, pushed.
  // Returns the forged commit.
  std::string forge(const std::vector<std::string>& args, const std::string& message, int empty_on_top = 0) {
    const std::string work = checkout("forger-" + std::to_string(++forgeries_));
    if (!args.empty()) {
      CliRun r = run_binary(args, {}, work);
      EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
    }
    git(work, {"commit", "-q", "--amend", "--allow-empty", "-m", message});
    const std::string forged = git(work, {"rev-parse", "HEAD"});
    for (int i = 0; i < empty_on_top; ++i)
      git(work, {"commit", "-q", "--allow-empty", "-m", "empty " + std::to_string(i)});
    git(work, {"push", "-q", "origin", "HEAD:main"});
    return forged;
  }

  std::string show(const std::string& path, const std::string& rev = "main") {
    auto text = fleetwave::testkit::git(remote_, {"show", rev + ":" + path});
    return text.ok() ? *text : "(missing)";
  }

  int forgeries_ = 0;
  std::string allowed_;
  std::string reconciler_signers_;
};

TEST_F(CliSigningTest, ReconcileSignsItsCommitsAsGitDoes) {
  CliRun r = reconcile();
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_EQ(action(), "start");
  auto verified = verify_commit(reconciler_signers_);
  ASSERT_TRUE(verified.ok()) << verified.error().to_string();
  EXPECT_NE(verified->find("Good \"git\" signature for fleetwave@localhost with ED25519 key SHA256:"),
            std::string::npos)
      << *verified;
  const std::string log = git(
      remote_, {"-c", "gpg.ssh.allowedSignersFile=" + reconciler_signers_, "log", "-1", "--show-signature", "main"});
  EXPECT_NE(log.find("Good \"git\" signature for fleetwave@localhost"), std::string::npos) << log;
  EXPECT_FALSE(verify_commit(allowed_).ok()) << "Alice's file does not hold the reconciler's key";

  // ssh-keygen itself, on the signature and payload as Git stores them (the gpgsig header).
  const std::string object = git(remote_, {"cat-file", "commit", "main"});
  std::string payload, signature;
  bool in_signature = false;
  std::istringstream lines(object + "\n");  // git() trims the object's final newline
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind("gpgsig ", 0) == 0) {
      in_signature = true;
      signature += line.substr(7) + "\n";
    } else if (in_signature && line.rfind(" ", 0) == 0) {
      signature += line.substr(1) + "\n";
    } else {
      in_signature = false;
      payload += line + "\n";
    }
  }
  write(*dir_ / "commit.sig", signature);
  write(*dir_ / "commit.payload", payload);
  fleetwave::testkit::ProcessSpec spec;
  spec.argv = {"ssh-keygen",          "-Y", "verify", "-f", reconciler_signers_, "-I",
               "fleetwave@localhost", "-n", "git",    "-s", *dir_ / "commit.sig"};
  spec.stdin_path = *dir_ / "commit.payload";
  auto checked = fleetwave::testkit::run_command(spec);
  ASSERT_TRUE(checked.ok());
  EXPECT_EQ(checked->exit_code, 0) << checked->output;
  EXPECT_NE(checked->output.find("Good \"git\" signature for fleetwave@localhost"), std::string::npos)
      << checked->output;
}

TEST_F(CliSigningTest, AnUnsignedApproveIsIgnoredAndASignedOneHonoured) {
  ASSERT_EQ(reconcile().exit_code, 0);  // start: the canary
  clock_.advance_ms(11'000);
  std::vector<std::string> in_process = {"reconcile", "--once",        "--allowed-signers",
                                         allowed_,    "--signing-key", key("fleetwave")};
  for (const std::string& f : repo_flags()) in_process.push_back(f);
  in_process.insert(in_process.end(), argocd_flags_.begin(), argocd_flags_.end());
  CliRun waits = run(in_process);  // the canary baked (manual clock): europe waits for its approval
  ASSERT_EQ(waits.exit_code, 0) << waits.out << waits.err;
  ASSERT_EQ(action(), "wait-approval") << waits.out;

  // Pat approves without signing: pushed, but it does not count.
  CliRun unsigned_approve = binary({"approve", "shop"});
  ASSERT_EQ(unsigned_approve.exit_code, 0) << unsigned_approve.err;
  const std::string pat = head().substr(0, 7);
  CliRun pending = binary({"status", "shop", "--allowed-signers", allowed_});
  EXPECT_EQ(pending.exit_code, 0) << pending.err;
  EXPECT_NE(pending.out.find("  ignored:  approve in " + pat +
                             " by Pat Person <pat@fleetwave.test>: not signed by a key in approvals.allowedSigners "
                             "(unsigned)\n"),
            std::string::npos)
      << pending.out;
  EXPECT_NE(pending.out.find("  next:     reject — fleetwave(shop): reject approve in " + pat), std::string::npos)
      << pending.out;
  CliRun rejected = reconcile();
  EXPECT_EQ(rejected.exit_code, 0) << rejected.err;
  EXPECT_NE(rejected.out.find("shop: ignored approve in " + pat +
                              " by Pat Person <pat@fleetwave.test>: not signed by a key in "
                              "approvals.allowedSigners (unsigned)\n"),
            std::string::npos)
      << rejected.out;
  EXPECT_NE(rejected.out.find("shop: reject — fleetwave(shop): reject approve in " + pat +
                              " (not signed by an allowed key)\n"),
            std::string::npos)
      << rejected.out;
  EXPECT_EQ(action(), "reject");
  EXPECT_TRUE(verify_commit(reconciler_signers_).ok()) << "the reject is the reconciler's, signed";
  EXPECT_EQ(git(remote_, {"show", "main:.fleetwave/shop/state.yaml"}),
            git(remote_, {"show", "main~2:.fleetwave/shop/state.yaml"}))
      << "the state before the approve is written back";
  CliRun still = reconcile();
  EXPECT_NE(still.out.find("shop: waiting — "), std::string::npos) << still.out;
  EXPECT_EQ(still.out.find("ignored"), std::string::npos) << "reported once, with its reject" << still.out;
  CliRun status = binary({"status", "shop"});
  EXPECT_NE(status.out.find("approval: waiting for approval"), std::string::npos) << status.out;
  EXPECT_NE(status.out.find("approval"), std::string::npos) << status.out;

  // Eve signs, but her key is not in the file.
  ASSERT_EQ(binary({"approve", "shop", "--author", "Eve <eve@fleetwave.test>"}, "eve").exit_code, 0);
  const std::string eve = head().substr(0, 7);
  CliRun unknown = reconcile();
  EXPECT_NE(unknown.out.find("shop: ignored approve in " + eve +
                             " by Eve <eve@fleetwave.test>: not signed by a key in approvals.allowedSigners "
                             "(signed by an unknown ED25519 key SHA256:"),
            std::string::npos)
      << unknown.out;
  EXPECT_EQ(action(), "reject");

  // Alice signs with her key: git verifies it, and the wave starts.
  CliRun signed_approve = binary({"approve", "shop", "--author", "Alice <alice@fleetwave.test>"}, "alice");
  ASSERT_EQ(signed_approve.exit_code, 0) << signed_approve.err;
  auto verified = verify_commit(allowed_);
  ASSERT_TRUE(verified.ok()) << verified.error().to_string();
  EXPECT_NE(verified->find("Good \"git\" signature for alice@fleetwave.test"), std::string::npos) << *verified;
  CliRun honoured = reconcile();
  EXPECT_EQ(honoured.exit_code, 0) << honoured.err;
  EXPECT_EQ(honoured.out.find("ignored"), std::string::npos) << honoured.out;
  EXPECT_EQ(action(), "advance") << honoured.out;
  EXPECT_NE(subject().find("wave 2/3 europe"), std::string::npos) << subject();
}

TEST_F(CliSigningTest, AnUnsignedUnfreezeIsRejectedAndItsFreezeWrittenBack) {
  ASSERT_EQ(reconcile().exit_code, 0);  // start
  ASSERT_EQ(binary({"freeze", "shop", "--reason", "incident 7"}).exit_code, 0) << "stopping needs no signature";
  ASSERT_EQ(binary({"unfreeze", "shop"}).exit_code, 0);
  const std::string unfreeze = head().substr(0, 7);
  const std::string frozen = git(remote_, {"show", "main~1:.fleetwave/freezes.yaml"});
  CliRun rejected = reconcile();
  EXPECT_EQ(rejected.exit_code, 0) << rejected.err;
  EXPECT_NE(rejected.out.find("ignored unfreeze in " + unfreeze +
                              " by Pat Person <pat@fleetwave.test>: not signed by a key in approvals.allowedSigners "
                              "(unsigned)\npushed 1 commit to main"),
            std::string::npos)
      << rejected.out;
  EXPECT_EQ(subject(), "fleetwave: reject unfreeze in " + unfreeze + " (not signed by an allowed key)");
  EXPECT_EQ(git(remote_, {"show", "main:.fleetwave/freezes.yaml"}), frozen) << "the freeze is back";
  EXPECT_TRUE(verify_commit(reconciler_signers_).ok());
  CliRun frozen_cycle = reconcile();
  EXPECT_NE(
      frozen_cycle.out.find("shop: waiting — wave 1/3 canary waits: shop is frozen by Pat Person <pat@fleetwave.test>"),
      std::string::npos)
      << frozen_cycle.out;

  ASSERT_EQ(binary({"unfreeze", "shop", "--author", "Alice <alice@fleetwave.test>"}, "alice").exit_code, 0);
  CliRun lifted = reconcile();
  EXPECT_EQ(lifted.out.find("ignored"), std::string::npos) << lifted.out;
  EXPECT_EQ(lifted.out.find("frozen"), std::string::npos) << lifted.out;
}

TEST_F(CliSigningTest, ChangesOnTopOfAnIgnoredStepPauseTheApp) {
  ASSERT_EQ(reconcile().exit_code, 0);                                                  // start
  ASSERT_EQ(binary({"promote", "shop", "--full", "--reason", "hotfix"}).exit_code, 0);  // unsigned
  const std::string promote = head().substr(0, 7);
  ASSERT_EQ(binary({"hold", "shop", "dev-1", "--reason", "x"}).exit_code, 1) << "a hold may not empty a wave";
  ASSERT_EQ(binary({"pause", "shop", "--reason", "looking"}).exit_code, 0);  // a stop: counts unsigned
  CliRun paused = reconcile();
  EXPECT_NE(paused.out.find("shop: ignored promote in " + promote), std::string::npos) << paused.out;
  EXPECT_NE(paused.out.find("shop: pause — fleetwave(shop): pause (promote in " + promote +
                            " is not signed by an allowed key)\n"),
            std::string::npos)
      << paused.out;
  // A signed resume accepts the state as it stands.
  ASSERT_EQ(binary({"resume", "shop", "--author", "Alice <alice@fleetwave.test>"}, "alice").exit_code, 0);
  CliRun resumed = reconcile();
  EXPECT_EQ(resumed.out.find("ignored"), std::string::npos) << resumed.out;
  EXPECT_EQ(resumed.out.find("paused"), std::string::npos) << resumed.out;
}

TEST_F(CliSigningTest, EveryManualCommandSignsItsCommit) {
  ASSERT_EQ(reconcile().exit_code, 0);  // start: a release in flight
  const std::vector<std::vector<std::string>> steps = {
      {"freeze", "shop", "--reason", "incident 7"},
      {"unfreeze", "shop"},
      {"pause", "shop", "--reason", "look first"},
      {"resume", "shop"},
      {"promote", "shop", "--to-wave", "europe", "--reason", "hotfix"},
      {"hold", "shop", "eu-2", "--reason", "node pool upgrade"},
      {"release-hold", "shop", "eu-2"},
      {"rollback", "shop", "--reason", "bad canary"},
      {"cordon", "eu-1", "--reason", "node pool upgrade"},
      {"uncordon", "eu-1"},
  };
  for (const auto& step : steps) {
    SCOPED_TRACE(step[0]);
    CliRun r = binary(step, "alice");
    ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
    EXPECT_EQ(action(), step[0] == "hold" ? "hold-cluster" : step[0]);
    auto verified = verify_commit(allowed_);
    EXPECT_TRUE(verified.ok()) << (verified.ok() ? "" : verified.error().to_string());
    if (step[0] != "promote") continue;
    // Europe is pinned whole (its clusters get Applications), so one of them can be held.
    for (int i = 0; i < 2; ++i) ASSERT_EQ(reconcile().exit_code, 0);
    ASSERT_EQ(action(), "advance");
  }
  // From the environment, and in a checkout (the local commit is signed too).
  const std::string work = checkout();
  CliRun local = run_binary({"pause", "shop", "--reason", "local"}, {"FLEETWAVE_SIGNING_KEY=" + key("alice")}, work);
  ASSERT_EQ(local.exit_code, 0) << local.err;
  EXPECT_NE(local.out.find("committed locally"), std::string::npos) << local.out;
  auto verified =
      fleetwave::testkit::git(work, {"-c", "gpg.ssh.allowedSignersFile=" + allowed_, "verify-commit", "HEAD"});
  EXPECT_TRUE(verified.ok()) << (verified.ok() ? "" : verified.error().to_string());
  EXPECT_EQ(git(work, {"status", "--porcelain"}), "") << "HEAD, index and working tree agree";
}

TEST_F(CliSigningTest, BadKeysAndSignerFilesAreUsageErrorsNamingTheFile) {
  write(*dir_ / "keys/junk", "hello\n");
  write(*dir_ / "keys/empty-signers", "# nobody\n");
  write(*dir_ / "keys/bad-signers", "alice@fleetwave.test ssh-ed25519\n");
  struct Case {
    std::string name;
    std::vector<std::string> args;
    std::vector<std::string> env;
    std::string error;
  };
  const std::string see = " (see fleetwave approve --help)\n";
  const Case cases[] = {
      {"missing key file",
       {"approve", "shop", "--signing-key", "keys/nothing"},
       {},
       "error: --signing-key: cannot read keys/nothing: no such file; pass an SSH private key file (ssh-keygen -t "
       "ed25519 -N '' -f FILE makes one)" +
           see},
      {"missing key file from the environment",
       {"approve", "shop"},
       {"FLEETWAVE_SIGNING_KEY=keys/nothing"},
       "error: FLEETWAVE_SIGNING_KEY: cannot read keys/nothing: no such file; pass an SSH private key file "
       "(ssh-keygen -t ed25519 -N '' -f FILE makes one)" +
           see},
      {"a public key",
       {"approve", "shop", "--signing-key", "keys/alice.pub"},
       {},
       "error: --signing-key keys/alice.pub: is a public key; pass the private key file (the one without .pub)" + see},
      {"not a key",
       {"approve", "shop", "--signing-key", "keys/junk"},
       {},
       "error: --signing-key keys/junk: is not an SSH private key (expected -----BEGIN OPENSSH PRIVATE KEY-----; "
       "make one with ssh-keygen -t ed25519 -N '' -f FILE)" +
           see},
      {"a key with a passphrase",
       {"approve", "shop", "--signing-key", "keys/locked"},
       {},
       "error: --signing-key keys/locked: the key has a passphrase; fleetwave signs unattended, so use a key "
       "without one (ssh-keygen -p -N '' -f FILE removes it)" +
           see},
      {"allowed signers that do not parse",
       {"reconcile", "--once", "--signing-key", "keys/fleetwave", "--allowed-signers", *dir_ / "keys/bad-signers"},
       {},
       "error: --allowed-signers: " + dir_->path() +
           "/keys/bad-signers:1: missing the base64 key after ssh-ed25519 (see "
           "fleetwave reconcile --help)\n"},
      {"allowed signers without a signer",
       {"reconcile", "--once", "--signing-key", "keys/fleetwave", "--allowed-signers", *dir_ / "keys/empty-signers"},
       {},
       "error: --allowed-signers: " + dir_->path() +
           "/keys/empty-signers: no signer in the file: every signed step would "
           "be ignored; add a line PRINCIPAL namespaces=\"git\" KEYTYPE KEY per person (see fleetwave reconcile "
           "--help)\n"},
      {"serve with a public key",
       {"serve", "--signing-key", "keys/alice.pub"},
       {},
       "error: --signing-key keys/alice.pub: is a public key; pass the private key file (the one without .pub) (see "
       "fleetwave serve --help)\n"},
      {"serve with allowed reviewers but no provider",
       {"serve", "--allowed-reviewers", "alice,bob"},
       {},
       "error: --allowed-reviewers needs --approvals-provider (see fleetwave serve --help)\n"},
      {"allowed signers without a signing key",
       {"reconcile", "--once", "--allowed-signers", "keys/allowed_signers"},
       {},
       "error: --allowed-signers needs --signing-key: fleetwave tells its own commits from forged ones by its "
       "signature (see fleetwave reconcile --help)\n"},
  };
  const std::string before = head();
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    std::vector<std::string> args = c.args;
    for (const std::string& f : repo_flags()) args.push_back(f);
    args.insert(args.end(), argocd_flags_.begin(), argocd_flags_.end());
    if (c.args[0] == "approve") args.resize(args.size() - argocd_flags_.size());
    CliRun r = run_binary(args, c.env);
    EXPECT_EQ(r.exit_code, 2) << r.out;
    EXPECT_EQ(r.err, c.error);
    EXPECT_EQ(r.err.find("PRIVATE KEY-----\n"), std::string::npos) << "no key material in messages";
  }
  EXPECT_EQ(head(), before) << "nothing committed";
}

TEST_F(CliSigningTest, AllowedSignersInTheRepositoryThatDoNotParseStopEveryApp) {
  human_commit("who approves", {{"keys/allowed_signers", "alice@fleetwave.test ssh-ed25519\n"}});
  CliRun r = binary({"reconcile", "--once", "--allowed-signers", "keys/allowed_signers", "--argocd-url",
                     argocd_flags_[1], "--argocd-token-file", argocd_flags_[3]},
                    "fleetwave");
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_NE(r.out.find("shop: error — keys/allowed_signers:1: approvals.allowedSigners does not parse: missing the "
                       "base64 key after ssh-ed25519\n"),
            std::string::npos)
      << r.out;
  EXPECT_EQ(subject(), "who approves") << "nothing advanced";
}

// Issue 24, E2: trailers prove nothing; the diff says what a commit does.
TEST_F(CliSigningTest, AnUnsignedApprovalWithForgedTrailersIsRejected) {
  reach_wait_approval();
  const std::string waiting_state = show(".fleetwave/shop/state.yaml");
  for (const std::string claimed : {"advance", "pause", ""}) {
    SCOPED_TRACE(claimed);
    const std::string message = "fleetwave(shop): " + (claimed.empty() ? std::string("tidy") : claimed) +
                                "\n\nFleetwave-App: " + (claimed.empty() ? "cart" : "shop") +
                                (claimed.empty() ? std::string() : "\nFleetwave-Action: " + claimed);
    const std::string forged = forge({"approve", "shop"}, message).substr(0, 7);
    CliRun r = reconcile();
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("shop: ignored approve in " + forged +
                         " by Pat Person <pat@fleetwave.test>: not signed by a key in approvals.allowedSigners "
                         "(unsigned)\n"),
              std::string::npos)
        << r.out;
    EXPECT_EQ(action(), "reject");
    EXPECT_EQ(show(".fleetwave/shop/state.yaml"), waiting_state) << "the approval is gone again";
    EXPECT_EQ(reconcile().out.find("advance"), std::string::npos) << "europe still waits";
  }
}

// Issue 24, E2: removing a pause is a resume, whatever the commit calls itself.
TEST_F(CliSigningTest, AnUnsignedResumeCalledSomethingElseIsRejected) {
  ASSERT_EQ(reconcile().exit_code, 0);  // start
  ASSERT_EQ(binary({"pause", "shop", "--reason", "incident 7"}).exit_code, 0) << "a pause counts unsigned";
  const std::string paused = show(".fleetwave/shop/state.yaml");
  const std::string forged =
      forge({"resume", "shop"}, "fleetwave(shop): hold eu-2\n\nFleetwave-App: shop\nFleetwave-Action: hold-cluster")
          .substr(0, 7);
  CliRun r = reconcile();
  EXPECT_NE(r.out.find("shop: ignored resume in " + forged), std::string::npos) << r.out;
  EXPECT_EQ(action(), "reject");
  EXPECT_EQ(show(".fleetwave/shop/state.yaml"), paused) << "still paused";
}

// Issue 24, E3: no number of commits on top hides an unsigned step.
TEST_F(CliSigningTest, AnUnsignedApproveUnder256EmptyCommitsIsRejected) {
  reach_wait_approval();
  const std::string forged =
      forge({"approve", "shop"}, "fleetwave(shop): approve\n\nFleetwave-App: shop\nFleetwave-Action: approve", 256)
          .substr(0, 7);
  CliRun r = reconcile();
  EXPECT_NE(r.out.find("shop: ignored approve in " + forged), std::string::npos) << r.out;
  EXPECT_EQ(action(), "reject");
}

// Issue 24, E4: deleting the freezes file is an unfreeze.
TEST_F(CliSigningTest, RemovingTheFreezesFileUnsignedIsRejected) {
  ASSERT_EQ(reconcile().exit_code, 0);  // start
  ASSERT_EQ(binary({"freeze", "shop", "--reason", "incident 7"}).exit_code, 0);
  const std::string frozen = show(".fleetwave/freezes.yaml");
  const std::string work = checkout("remover");
  git(work, {"rm", "-q", ".fleetwave/freezes.yaml"});
  git(work, {"commit", "-qm", "tidy up"});
  git(work, {"push", "-q", "origin", "main"});
  const std::string removed = head().substr(0, 7);
  CliRun r = reconcile();
  EXPECT_NE(r.out.find("ignored unfreeze in " + removed + " by Fixture <fixture@test>: not signed"), std::string::npos)
      << r.out;
  EXPECT_EQ(subject(), "fleetwave: reject unfreeze in " + removed + " (not signed by an allowed key)");
  EXPECT_EQ(show(".fleetwave/freezes.yaml"), frozen) << "the freeze is back";
  EXPECT_TRUE(verify_commit(reconciler_signers_).ok());
  EXPECT_NE(reconcile().out.find("shop is frozen"), std::string::npos);
}

// Issue 24, E12: cordon and uncordon are gated like the other controls.
TEST_F(CliSigningTest, UnsignedCordonsAndUncordonsAreRejected) {
  ASSERT_EQ(reconcile().exit_code, 0);  // start
  ASSERT_EQ(binary({"cordon", "eu-1", "--reason", "upgrade"}).exit_code, 0);
  const std::string cordon = head().substr(0, 7);
  CliRun r = reconcile();
  EXPECT_NE(r.out.find("ignored cordon in " + cordon + " by Pat Person <pat@fleetwave.test>"), std::string::npos)
      << r.out;
  EXPECT_EQ(subject(), "fleetwave: reject cordon in " + cordon + " (not signed by an allowed key)");
  EXPECT_EQ(show(".fleetwave/cordons.yaml").find("eu-1"), std::string::npos) << show(".fleetwave/cordons.yaml");

  ASSERT_EQ(
      binary({"cordon", "eu-1", "--reason", "upgrade", "--author", "Alice <alice@fleetwave.test>"}, "alice").exit_code,
      0);
  const std::string cordoned = show(".fleetwave/cordons.yaml");
  EXPECT_EQ(reconcile().out.find("ignored"), std::string::npos) << "Alice's signed cordon counts";
  ASSERT_EQ(binary({"uncordon", "eu-1"}).exit_code, 0);
  const std::string uncordon = head().substr(0, 7);
  CliRun lifted = reconcile();
  EXPECT_NE(lifted.out.find("ignored uncordon in " + uncordon), std::string::npos) << lifted.out;
  EXPECT_EQ(show(".fleetwave/cordons.yaml"), cordoned) << "Alice's cordon is back";
}

}  // namespace
}  // namespace fleetwave::cli
