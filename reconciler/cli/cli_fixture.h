// Test support for the CLI tests (header-only, test-only): a small fleet in a real bare Git
// repository (file://), the CLI run in-process with a manual clock or as the built binary in a
// subprocess, a fake Argo CD API over HTTP that follows targets.json, and helpers to inspect the
// remote with the git CLI.
#pragma once

#include <sstream>

#include <gtest/gtest.h>

#include "base/clock.h"
#include "base/json.h"
#include "base/timestamp.h"
#include "cli/cli.h"
#include "testkit/build_paths.h"
#include "testkit/builders/fleet_files.h"
#include "testkit/builders/git_cli.h"
#include "testkit/builders/git_remote_fixture.h"
#include "testkit/fakes/fake_argocd.h"
#include "testkit/fakes/fake_argocd_apps.h"
#include "testkit/process/child_process.h"
#include "testkit/process/temp_dir.h"

namespace fleetwave::cli::testing_support {

using testkit::cluster_yaml;
using testkit::deployment;
using testkit::fleet_files;
using testkit::kPolicy;
using testkit::wave_plan;

struct CliRun {
  int exit_code = -1;
  std::string out;
  std::string err;
};

class CliTest : public fleetwave::testkit::LibGit2RemoteTest {
 protected:
  void SetUp() override {
    set_up_remote("fw-cli", files());
    if (HasFatalFailure()) return;
    // The person running the CLI has a git identity, as on their own machine: approve, pause,
    // resume and rollback are authored by it unless --author says otherwise.
    ASSERT_TRUE(fleetwave::testkit::write_text_file(
                    *dir_ / "home/.gitconfig",
                    std::string("[user]\n\tname = ") + kPersonName + "\n\temail = " + kPersonEmail + "\n")
                    .ok());
  }

  static constexpr const char* kPersonName = "Pat Person";
  static constexpr const char* kPersonEmail = "pat@fleetwave.test";

  virtual std::map<std::string, std::string> files() { return fleet_files(); }

  std::string remote_url() const { return "file://" + remote_; }
  std::vector<std::string> repo_flags() const { return {"--repo", remote_url(), "--cache-dir", *dir_ / "cache"}; }

  // `fleetwave ARGS` with repo_flags(), in this process or (with `binary`) as the built binary.
  CliRun run_on_remote(std::vector<std::string> args, bool binary = false) {
    for (const std::string& f : repo_flags()) args.push_back(f);
    return binary ? run_binary(args) : run(args);
  }

  // `fleetwave COMMAND ARGS` with repo_flags(), as run_on_remote.
  CliRun command_on_remote(const std::string& command, std::vector<std::string> args, bool binary = false) {
    args.insert(args.begin(), command);
    return run_on_remote(std::move(args), binary);
  }

  // Runs the CLI in this process (manual clock, an environment of only `env` plus HOME).
  CliRun run(const std::vector<std::string>& args, std::map<std::string, std::string> env = {}, std::string cwd = "") {
    env.emplace("HOME", *dir_ / "home");
    CliProcess process{args, env, cwd.empty() ? dir_->path() : cwd};
    std::ostringstream out, err;
    CliServices services{runtime(), clock_, sleeper_, random_};
    CliRun r;
    r.exit_code = run_cli(services, process, out, err);
    r.out = out.str();
    r.err = err.str();
    return r;
  }

  // Runs the built fleetwave binary (real process boundary, system clock).
  CliRun run_binary(const std::vector<std::string>& args, const std::vector<std::string>& env = {},
                    std::string cwd = "") {
    fleetwave::testkit::ProcessSpec spec;
    spec.argv = {fleetwave::testkit::cli_binary()};
    spec.argv.insert(spec.argv.end(), args.begin(), args.end());
    spec.cwd = cwd.empty() ? dir_->path() : cwd;
    spec.env = {"HOME=" + (*dir_ / "home"), "XDG_CACHE_HOME=" + (*dir_ / "xdg")};
    spec.env.insert(spec.env.end(), env.begin(), env.end());
    return run_process(std::move(spec));
  }

  // Runs a built binary to its exit; stdout and stderr go to files in the test directory.
  CliRun run_process(fleetwave::testkit::ProcessSpec spec) {
    const std::string tag = std::to_string(++binary_runs_);
    spec.stdout_path = *dir_ / ("stdout-" + tag);
    spec.stderr_path = *dir_ / ("stderr-" + tag);
    CliRun r;
    auto child = fleetwave::testkit::ChildProcess::spawn(spec);
    if (!child.ok()) {
      ADD_FAILURE() << child.error().to_string();
      return r;
    }
    if (!child->wait_for_exit(std::chrono::seconds(120))) ADD_FAILURE() << spec.argv[0] << " did not exit";
    r.exit_code = child->exit_code().value_or(-1);
    r.out = fleetwave::testkit::read_text_file(spec.stdout_path);
    r.err = fleetwave::testkit::read_text_file(spec.stderr_path);
    return r;
  }

  std::string git(const std::string& cwd, const std::vector<std::string>& args) {
    auto r = fleetwave::testkit::git(cwd, args);
    EXPECT_TRUE(r.ok()) << r.error().to_string();
    return r.ok() ? *r : "";
  }

  std::string head() { return git(remote_, {"rev-parse", "main"}); }
  std::string subject(const std::string& rev = "main") { return git(remote_, {"log", "-1", "--format=%s", rev}); }

  Json targets(const std::string& app = "shop") {
    auto text = fleetwave::testkit::git(remote_, {"show", "main:.fleetwave/" + app + "/targets.json"});
    return text.ok() ? Json::parse(*text) : Json::array();
  }

  // A clone of the remote for commands run without --repo.
  std::string checkout(const std::string& name = "work") {
    std::string work = *dir_ / name;
    git(dir_->path(), {"clone", "-q", remote_, work});
    return work;
  }

  // A person's commit on the remote's main branch (through a scratch clone).
  void human_commit(const std::string& message, const std::map<std::string, std::string>& files) {
    push_as_person({{"commit", "-qm", message}}, files);
  }

  // Starts a fake Argo CD API and writes its token to a file; returns the flags to reach it.
  std::vector<std::string> start_argocd() {
    auto fake = fleetwave::testkit::FakeArgoCd::start();
    EXPECT_TRUE(fake.ok()) << (fake.ok() ? "" : fake.error().to_string());
    if (!fake.ok()) return {};
    argocd_ = std::move(fake).value();
    EXPECT_TRUE(fleetwave::testkit::write_text_file(*dir_ / "argocd-token", argocd_->token() + "\n").ok());
    return {"--argocd-url", argocd_->url(), "--argocd-token-file", *dir_ / "argocd-token"};
  }

  // Argo CD does what targets.json asks: every pinned cluster Synced/Healthy at its pin,
  // finished now (by the manual clock).
  void sync_argocd(const std::string& app = "shop") {
    for (const Json& t : targets(app)) {
      const std::string cluster = t["cluster"];
      Json a =
          fleetwave::testkit::make_application(app + "-" + cluster, {{"fleetwave.io/app", app}}, cluster, t["revision"],
                                               "Synced", "Healthy", "Succeeded", format_rfc3339(clock_.now_ms()));
      EXPECT_TRUE(argocd_->put_application(std::move(a)).ok());
    }
  }

  ManualClock clock_{1'800'000'000'000};  // 2027-01-15T08:00:00Z
  SystemSleeper sleeper_;
  SystemRandom random_{20270115};
  std::unique_ptr<fleetwave::testkit::FakeArgoCd> argocd_;
  int binary_runs_ = 0;
};

// fleet_files() with a WavePlan whose waves after the canary need an approval.
inline std::map<std::string, std::string> approval_fleet_files() {
  auto f = fleet_files();
  f["apps/shop/rollout.yaml"] = wave_plan("shop", "    approval: required\n");
  return f;
}

// A CliTest with the fake Argo CD running, and what the scenario tests share: a reconcile cycle
// after which Argo CD syncs every pin, the CLI run against the remote, the newest step's action
// and a cluster's pin.
class CliScenarioTest : public CliTest {
 protected:
  void SetUp() override {
    CliTest::SetUp();
    argocd_flags_ = start_argocd();
  }

  // `reconcile --once` in process (manual clock); then Argo CD syncs every pin (unless `sync` is
  // false) except on the clusters in `down_`, whose Applications never answer, and `step_ms_`
  // pass. A cycle that cannot run (exit 3) fails the test.
  CliRun reconcile_cycle(bool sync = true) {
    std::vector<std::string> args = {"reconcile", "--once"};
    for (const std::string& f : repo_flags()) args.push_back(f);
    for (const std::string& f : argocd_flags_) args.push_back(f);
    CliRun r = run(args);
    EXPECT_NE(r.exit_code, 3) << r.err;
    if (sync) sync_argocd();
    for (const std::string& c : down_) (void)argocd_->remove_application("shop-" + c);
    clock_.advance_ms(step_ms_);
    return r;
  }

  // `fleetwave ARGS --repo REMOTE`, in process or as the built binary.
  CliRun with_repo(std::vector<std::string> args, bool binary = false) {
    args.insert(args.end(), {"--repo", remote_url(), "--cache-dir", *dir_ / "cache-cli"});
    return binary ? run_binary(args) : run(args);
  }

  // The Fleetwave-Action of the newest step on main.
  std::string last_action() {
    return git(remote_, {"log", "-1", "--first-parent", "--format=%(trailers:key=Fleetwave-Action,valueonly)", "main"});
  }

  // The revision targets.json pins `cluster` to ("" when unpinned).
  std::string pin_of(const std::string& cluster) {
    for (const Json& t : targets()) {
      if (t["cluster"] == cluster) return t["revision"].get<std::string>();
    }
    return "";
  }

  std::vector<std::string> argocd_flags_;
  std::vector<std::string> down_;  // clusters whose Applications never answer
  std::int64_t step_ms_ = 11'000;  // past the canary's minSuccessTime of 10s
};

}  // namespace fleetwave::cli::testing_support
