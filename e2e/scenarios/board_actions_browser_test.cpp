// Acting from the board in a real browser (e2e/browser/board_actions.mjs): fleetwave serve with
// board.actorsFile listing Alice (every right) and Bob (pause only), the Argo CD simulator and
// the Git server. guestbook's last wave waits for an approval; Alice approves it from the app
// page after the commit preview, the release completes, then she pauses the app. Both steps must
// be in Git as commits authored by her with the trailers of the CLI's steps; Bob only ever sees
// the pause button and a POST without the CSRF token changes nothing.
#include <algorithm>
#include <filesystem>
#include <fstream>

#include "base/text.h"
#include "scenario_test.h"
#include "testkit/build_paths.h"
#include "testkit/process/child_process.h"
#include "testkit/process/temp_dir.h"

namespace fleetwave::e2e {
namespace {

// printf %s TOKEN | sha256sum of each person's token.
constexpr const char* kAliceToken = "alice-token";
constexpr const char* kBobToken = "bob-token";

class BoardActionsBrowserE2eTest : public RestGatedScenarioTest {
 protected:
  void configure(StackOptions& options) override {
    auto dir = testkit::TempDir::create("fw-board-actors");
    ASSERT_TRUE(dir.ok()) << dir.error().to_string();
    dir_ = std::make_unique<testkit::TempDir>(std::move(dir).value());
    std::ofstream(*dir_ / "actors")
        << "# the board's actors: email, rights, sha256 of the token, name\n"
        << "alice@example.com * sha256:9c220f200955d76c0a38d308225e0ef10c5f971acaf2f8d1d8f732affa5bd1dc Alice Doe\n"
        << "bob@example.com pause sha256:97dd3707015dcf069cf73022ed7173b1165db6eff24b441cb57fd069a8c4e525 Bob\n";
    options.serve_args = {"--board-actors-file", *dir_ / "actors"};
  }

  // "author|Fleetwave-Action|Fleetwave-Actor" of `commit`.
  std::string described(const std::string& commit) {
    auto text = stack_->repo().git(stack_->repo().bare_path(),
                                   {"log", "-1",
                                    "--format=%an <%ae>|%(trailers:key=Fleetwave-Action,valueonly,separator=)|"
                                    "%(trailers:key=Fleetwave-Actor,valueonly,separator=)",
                                    commit});
    return text.ok() ? trim_space(*text) : text.error().to_string();
  }

  std::unique_ptr<testkit::TempDir> dir_;
};

TEST_F(BoardActionsBrowserE2eTest, AliceApprovesTheGatedWaveAndPausesTheAppFromTheBoard) {
  E2E_ASSERT_OK(stack_->wait_for_last_action(kGuestbook, "wait-approval", Millis(60000)));
  E2E_ASSERT_OK_AND_ASSIGN(before, stack_->repo().actions(kGuestbook));

  const std::filesystem::path artifacts = std::filesystem::current_path() / "artifacts" / "board-actions";
  std::filesystem::create_directories(artifacts);
  const std::string dir = stack_->repo().dir("browser-actions");
  std::filesystem::create_directories(dir);
  const Json config = {{"url", stack_->fleetwave().url()},
                       {"artifacts", artifacts.string()},
                       {"app", kGuestbook},
                       {"wave", "rest"},
                       {"alice", {{"user", "alice@example.com"}, {"token", kAliceToken}}},
                       {"bob", {{"user", "bob@example.com"}, {"token", kBobToken}}},
                       {"approvedFile", dir + "/approved"},
                       {"continueFile", dir + "/continue"},
                       {"resultFile", dir + "/result.json"}};
  std::ofstream(dir + "/config.json") << config.dump();
  const std::string script = std::string(testkit::source_dir()) + "/e2e/browser/board_actions.mjs";
  const std::string output = dir + "/board_actions.log";
  E2E_ASSERT_OK_AND_ASSIGN(
      browser, testkit::ChildProcess::spawn({{"node", script, dir + "/config.json"}, "", {}, "", output, output}));

  // The approval from the board releases the gate: the release completes.
  E2E_ASSERT_OK(poll_until([&] { return std::filesystem::exists(dir + "/approved") || !browser.running(); },
                           Millis(120000), "the browser to approve"));
  ASSERT_TRUE(std::filesystem::exists(dir + "/approved")) << testkit::read_text_file(output);
  E2E_ASSERT_OK(stack_->wait_for_last_action(kGuestbook, "complete", Millis(90000), before.size()));
  std::ofstream(dir + "/continue") << "go\n";
  ASSERT_TRUE(browser.wait_for_exit(Millis(180000))) << testkit::read_text_file(output);
  ASSERT_EQ(browser.exit_code(), 0) << testkit::read_text_file(output) << "\n" << stack_->diagnostics();

  const Json result = Json::parse(testkit::read_text_file(dir + "/result.json"));
  EXPECT_EQ(described(result["approve"]), "Alice Doe <alice@example.com>|approve|Alice Doe <alice@example.com>");
  EXPECT_EQ(described(result["pause"]), "Alice Doe <alice@example.com>|pause|Alice Doe <alice@example.com>");
  E2E_ASSERT_OK_AND_ASSIGN(state, stack_->repo().file_at("main", ".fleetwave/guestbook/state.yaml"));
  EXPECT_NE(state.find("paused: true"), std::string::npos) << state;
  EXPECT_NE(state.find("board e2e: hold everything"), std::string::npos) << state;
  E2E_ASSERT_OK_AND_ASSIGN(after, stack_->repo().actions(kGuestbook));
  EXPECT_EQ(std::count(after.begin(), after.end(), "pause"), 1) << "Bob's forged POST wrote nothing";
  for (const char* shot : {"actions-signed-in.png", "action-approve-confirm.png", "action-pause-confirm.png"})
    EXPECT_TRUE(std::filesystem::exists(artifacts / shot)) << shot;
}

}  // namespace
}  // namespace fleetwave::e2e
