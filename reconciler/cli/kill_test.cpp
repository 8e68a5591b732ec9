// A reconciler killed at any point leaves the remote consistent, and the next run continues:
// `fleetwave reconcile --once` (the built binary) is SIGKILLed after a pseudo-random delay again
// and again while an app rolls out. After every kill the remote must pass `git fsck`, its branch
// must hold only whole steps (state.yaml and targets.json parse and agree), and in the end the
// audit trail must read start, advance, advance, advance, complete: nothing repeated, nothing
// lost.
#include <signal.h>

#include <chrono>
#include <filesystem>
#include <random>
#include <thread>

#include <gtest/gtest.h>

#include "cli/cli_fixture.h"
#include "rollout/rollout_state.h"
#include "testkit/build_paths.h"

namespace fleetwave::cli {
namespace {

using testing_support::CliTest;

constexpr const char* kFastPlan =
    "apiVersion: fleetwave.io/v1alpha1\nkind: WavePlan\nmetadata: {name: shop}\nspec:\n  waves:\n"
    "  - name: canary\n    clusters: {clusterNames: [dev-1]}\n"
    "  - name: europe\n    clusters: {labelSelector: {matchLabels: {geo: eu}}}\n    maxConcurrency: 1\n"
    "  - name: rest\n    clusters: {}\n";

class CliKillTest : public CliTest {
 protected:
  std::map<std::string, std::string> files() override {
    auto f = testing_support::fleet_files();
    f["apps/shop/rollout.yaml"] = kFastPlan;
    return f;
  }

  void SetUp() override {
    CliTest::SetUp();
    argocd_flags_ = start_argocd();
  }

  fleetwave::testkit::ChildProcess spawn_reconcile(int run) {
    fleetwave::testkit::ProcessSpec spec;
    spec.argv = {fleetwave::testkit::cli_binary(), "reconcile", "--once"};
    for (const std::string& f : repo_flags()) spec.argv.push_back(f);
    for (const std::string& f : argocd_flags_) spec.argv.push_back(f);
    spec.cwd = dir_->path();
    spec.env = {"HOME=" + (*dir_ / "home")};
    spec.stdout_path = *dir_ / ("out-" + std::to_string(run));
    spec.stderr_path = *dir_ / ("err-" + std::to_string(run));
    auto child = fleetwave::testkit::ChildProcess::spawn(spec);
    EXPECT_TRUE(child.ok());
    return std::move(child).value();
  }

  // Argo CD reports every pin Synced and Healthy, finished a minute ago by the system clock
  // (the binary's clock).
  void sync_argocd_now() {
    const auto now =
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch());
    for (const Json& t : targets()) {
      const std::string cluster = t["cluster"];
      EXPECT_TRUE(argocd_
                      ->put_application(fleetwave::testkit::make_application(
                          "shop-" + cluster, {{"fleetwave.io/app", "shop"}}, cluster, t["revision"], "Synced",
                          "Healthy", "Succeeded", format_rfc3339(now.count() - 60'000)))
                      .ok());
    }
  }

  // Whole steps only: the objects are intact, and the state and pins at the tip agree.
  void expect_consistent_remote() {
    auto fsck = fleetwave::testkit::git(remote_, {"fsck", "--no-progress", "--no-dangling"});
    EXPECT_TRUE(fsck.ok()) << (fsck.ok() ? "" : fsck.error().to_string());
    auto state_text = fleetwave::testkit::git(remote_, {"show", "main:.fleetwave/shop/state.yaml"});
    if (!state_text.ok()) return;  // no step yet
    auto state = parse_state(*state_text, ".fleetwave/shop/state.yaml");
    ASSERT_TRUE(state.ok()) << state.error().to_string();
    Json pins = targets();
    ASSERT_TRUE(pins.is_array());
    for (const Json& t : pins) {
      EXPECT_EQ(t["revision"].get<std::string>().size(), 40u);
      EXPECT_EQ(t["app"], "shop");
    }
  }

  std::vector<std::string> actions() {
    std::string log =
        git(remote_, {"log", "--reverse", "--format=%(trailers:key=Fleetwave-Action,valueonly,separator=)", "main"});
    std::vector<std::string> out;
    std::istringstream in(log);
    for (std::string line; std::getline(in, line);) {
      if (!line.empty()) out.push_back(line);
    }
    return out;
  }

  // Every *.lock under the remote and the cache, for a failure's message (a run that cannot
  // push after kills has once been seen under heavy load; this says what was left behind).
  std::string lock_files() {
    std::string out;
    std::error_code ec;
    for (const std::string& root : {remote_, std::string(*dir_ / "cache")}) {
      for (auto it = std::filesystem::recursive_directory_iterator(root, ec);
           !ec && it != std::filesystem::recursive_directory_iterator(); it.increment(ec)) {
        if (it->path().extension() == ".lock") out += it->path().string() + " ";
      }
    }
    return out.empty() ? "none" : out;
  }

  // The remote is a file:// URL, so libgit2's local transport does the server's part of a push
  // (taking refs/heads/main.lock in the remote) inside the killed process. A real Git server does
  // that in its own process, which releases the lock when the client goes away; here the kill
  // takes the "server" down too, so its ref locks are released as that server would. Locks in
  // fleetwave's own cache directory are left for fleetwave to deal with.
  void release_remote_ref_locks() {
    const std::filesystem::path remote(remote_);
    std::vector<std::filesystem::path> locks{remote / "packed-refs.lock"};
    std::error_code ec;
    for (auto it = std::filesystem::recursive_directory_iterator(remote / "refs", ec);
         !ec && it != std::filesystem::recursive_directory_iterator(); it.increment(ec)) {
      if (it->path().extension() == ".lock") locks.push_back(it->path());
    }
    for (const auto& lock : locks) std::filesystem::remove(lock, ec);
  }

  std::vector<std::string> argocd_flags_;
};

TEST_F(CliKillTest, KilledAtAnyPointLeavesTheRemoteConsistentAndTheNextRunContinues) {
  std::mt19937 random(20261122);
  int kills_before_exit = 0, runs = 0;
  double unkilled_ms = 100;  // the last whole run's duration: kills land anywhere inside one
  // At least 24 runs: kills after completion test the no-op cycle too.
  for (; runs < 120 && (runs < 24 || actions().empty() || actions().back() != "complete"); ++runs) {
    const auto started = std::chrono::steady_clock::now();
    fleetwave::testkit::ChildProcess child = spawn_reconcile(runs);
    // Three kills out of four; the fourth run is left alone so the rollout makes progress.
    if (runs % 4 != 3) {
      std::uniform_real_distribution<double> delay(0, unkilled_ms);
      std::this_thread::sleep_for(std::chrono::microseconds(static_cast<long>(delay(random) * 1000)));
      if (child.running()) {
        ::kill(child.pid(), SIGKILL);
        ++kills_before_exit;
      }
    }
    ASSERT_TRUE(child.wait_for_exit(std::chrono::seconds(60)));
    if (runs % 4 != 3) release_remote_ref_locks();
    if (runs % 4 == 3) {
      unkilled_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started).count();
      // Whatever the killed runs left in the cache directory, a whole run succeeds.
      EXPECT_EQ(child.exit_code(), 0) << fleetwave::testkit::read_text_file(*dir_ / ("err-" + std::to_string(runs)))
                                      << "lock files left: " << lock_files();
    }
    expect_consistent_remote();
    sync_argocd_now();
  }
  EXPECT_EQ(actions(), (std::vector<std::string>{"start", "advance", "advance", "advance", "complete"}));
  EXPECT_GE(kills_before_exit, 10) << "the kills must land while the reconciler runs";
  std::printf("%d runs, %d killed mid-run\n", runs, kills_before_exit);
}

}  // namespace
}  // namespace fleetwave::cli
