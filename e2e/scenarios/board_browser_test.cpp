// The board in a real browser: Debian's chromium, driven by playwright-core from npm
// (e2e/browser/board_check.mjs), against fleetwave serve with the Argo CD simulator and the Git
// server. A release whose commit subject carries a <script> reaches guestbook's gated last
// wave; the browser checks each cluster's state on the grid, that the script shows as text,
// then the gate is approved while the page stays open and the grid must change without a
// reload; the app page must list the audit trail. Screenshots land in artifacts/board/ under
// the test's working directory (docs/board.png is one of them).
#include <chrono>
#include <filesystem>
#include <fstream>
#include <thread>

#include "scenario_test.h"
#include "testkit/build_paths.h"
#include "testkit/process/child_process.h"

namespace fleetwave::e2e {
namespace {

constexpr const char* kHostile = "<script>window.__pwned=1</script>";

class BoardBrowserE2eTest : public RestGatedScenarioTest {
 protected:
  // `fleetwave approve guestbook --wave rest` as Rita, once the gate is reached.
  void approve_rest() {
    E2E_ASSERT_OK_AND_ASSIGN(
        approved, stack_->fleetwave_cli({"approve", kGuestbook, "--wave", "rest"}, "Rita Reviewer <rita@example.com>"));
    ASSERT_EQ(approved.exit_code, 0) << approved.output;
  }
};

std::string replaced(std::string text, const std::string& from, const std::string& to) {
  const std::size_t at = text.find(from);
  if (at != std::string::npos) text.replace(at, from.size(), to);
  return text;
}

TEST_F(BoardBrowserE2eTest, GridShowsTheRolloutLiveAndTheAppPageItsAuditTrail) {
  // The first release stops at the gate; Rita approves it and it completes.
  E2E_ASSERT_OK(stack_->wait_for_last_action(kGuestbook, "wait-approval", Millis(60000)));
  approve_rest();
  ASSERT_FALSE(HasFatalFailure());
  E2E_ASSERT_OK(stack_->wait_for_last_action(kGuestbook, "complete", Millis(90000)));
  const std::string stable = stack_->repo().seed();

  // A release with a hostile subject reaches the gate again: canary and europe on it, rest on stable.
  E2E_ASSERT_OK_AND_ASSIGN(before, stack_->repo().actions(kGuestbook));
  E2E_ASSERT_OK_AND_ASSIGN(deployment, stack_->repo().file_at("main", kDeployment));
  E2E_ASSERT_OK_AND_ASSIGN(
      release, stack_->repo().commit_and_push(
                   "Dana Developer", {{kDeployment, replaced(deployment, "guestbook/ui:1.4.0", "guestbook/ui:1.5.0")}},
                   std::string("guestbook: ship ui 1.5.0 ") + kHostile));
  E2E_ASSERT_OK(stack_->wait_for_last_action(kGuestbook, "wait-approval", Millis(90000), before.size()));
  E2E_ASSERT_OK(stack_->wait_for_sim_converged(kGuestbook, Millis(30000)));

  // What each cell must say, from the pins in Git (not from fleetwave's own status).
  Json expect = Json::object();
  std::string live_cluster;
  for (const auto& [cluster, pin] : pins(kGuestbook)) {
    if (pin == release) {
      expect[cluster] = "done";  // its wave is behind the gated one
    } else {
      ASSERT_EQ(pin, stable) << cluster;
      expect[cluster] = "on-stable";
      if (live_cluster.empty()) live_cluster = cluster;
    }
  }
  ASSERT_FALSE(live_cluster.empty()) << "the gated wave holds clusters still on the stable release";

  // By the labels in the fleet's clusters/: env is prod everywhere but on dev-1, geo is eu on eu-*.
  Json prod_outside_eu = Json::array();
  for (const auto& [cluster, state] : expect.items()) {
    if (cluster != "dev-1" && !cluster.starts_with("eu-")) prod_outside_eu.push_back(cluster);
  }
  const std::filesystem::path artifacts = std::filesystem::current_path() / "artifacts" / "board";
  std::filesystem::create_directories(artifacts);
  const std::string dir = stack_->repo().dir("browser");
  std::filesystem::create_directories(dir);
  const Json config = {{"url", stack_->fleetwave().url()},
                       {"artifacts", artifacts.string()},
                       {"app", kGuestbook},
                       {"expect", expect},
                       {"hostile", kHostile},
                       {"readyFile", dir + "/ready"},
                       {"liveCluster", live_cluster},
                       {"liveFrom", "on-stable"},
                       {"trailActions", {"start", "advance", "wait-approval", "approve", "complete"}},
                       {"approver", "Rita Reviewer"},
                       {"labelFilter", {{"selector", "env=prod,geo notin (eu)"}, {"clusters", prod_outside_eu}}}};
  std::ofstream(dir + "/config.json") << config.dump();

  const std::string script = std::string(fleetwave::testkit::source_dir()) + "/e2e/browser/board_check.mjs";
  ASSERT_TRUE(std::filesystem::exists(std::string(fleetwave::testkit::source_dir()) +
                                      "/e2e/browser/node_modules/playwright-core"))
      << "playwright-core is not installed: run `npm ci` in e2e/browser (.ci/lib.sh does)";
  const std::string output = dir + "/board_check.log";
  E2E_ASSERT_OK_AND_ASSIGN(
      browser, testkit::ChildProcess::spawn({{"node", script, dir + "/config.json"}, "", {}, "", output, output}));
  // The page is loaded and checked: approve the gate while it stays open.
  E2E_ASSERT_OK(poll_until([&] { return std::filesystem::exists(dir + "/ready") || !browser.running(); },
                           Millis(120000), "the browser to load the board"));
  ASSERT_TRUE(std::filesystem::exists(dir + "/ready")) << testkit::read_text_file(output);
  approve_rest();
  ASSERT_FALSE(HasFatalFailure());
  ASSERT_TRUE(browser.wait_for_exit(Millis(180000))) << testkit::read_text_file(output);
  EXPECT_EQ(browser.exit_code(), 0) << testkit::read_text_file(output) << "\n" << stack_->diagnostics();
  for (const char* shot : {"board-mid-rollout.png", "board-live-update.png", "app-page.png"})
    EXPECT_TRUE(std::filesystem::exists(artifacts / shot)) << shot;
}

}  // namespace
}  // namespace fleetwave::e2e
