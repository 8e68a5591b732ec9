// Shell completion through the built binary: `fleetwave completion bash` sourced by a real bash
// completes commands, flags, app names, cluster names and wave names from the checkout the shell
// is in; zsh and fish get their scripts; a wrong shell is a usage error.
#include "cli/completion.h"

#include <gtest/gtest.h>

#include "cli/cli_fixture.h"
#include "cli/commands.h"

namespace fleetwave::cli {
namespace {

using testing_support::CliRun;
using testing_support::CliTest;

class CliCompletionTest : public CliTest {
 protected:
  // What bash offers for `line` (the words after the program; the last one being typed), with
  // the script the binary printed sourced, in the checkout `cwd`.
  std::string bash_offers(const std::string& line, const std::string& cwd) {
    CliRun script = run_binary({"completion", "bash"});
    EXPECT_EQ(script.exit_code, 0) << script.err;
    const std::string saved = *dir_ / "completion.bash";
    EXPECT_TRUE(fleetwave::testkit::write_text_file(saved, script.out).ok());
    const std::string bin = fleetwave::testkit::cli_binary();
    const std::string dir = bin.substr(0, bin.rfind('/'));
    fleetwave::testkit::ProcessSpec spec;
    spec.argv = {"/bin/bash", "-c",
                 "source " + saved + "; COMP_WORDS=(fleetwave " + line +
                     "); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); _fleetwave; printf '%s\\n' \"${COMPREPLY[@]}\""};
    spec.cwd = cwd;
    spec.env = {"PATH=" + dir + ":/usr/bin:/bin", "HOME=" + (*dir_ / "home")};
    CliRun r = run_process(std::move(spec));
    EXPECT_EQ(r.exit_code, 0) << r.err;
    return r.out;
  }
};

TEST_F(CliCompletionTest, BashCompletesCommandsFlagsAndTheRepositorysNames) {
  const std::string work = checkout();
  EXPECT_EQ(bash_offers("sta", work), "status\n");
  EXPECT_EQ(bash_offers("re", work), "reconcile\nrelease-hold\nresume\n");
  EXPECT_EQ(bash_offers("status ''", work), "shop\n") << "APP: the checkout's apps";
  EXPECT_EQ(bash_offers("hold shop ''", work), "dev-1\neu-1\neu-2\nus-1\n") << "CLUSTER...: its inventory";
  EXPECT_EQ(bash_offers("hold shop dev-1 e", work), "eu-1\neu-2\n");
  EXPECT_EQ(bash_offers("approve shop --wave ''", work), "canary\neurope\nrest\n");
  EXPECT_EQ(bash_offers("plan -o ''", work), "json\ntext\nyaml\n");
  EXPECT_EQ(bash_offers("diff --exit", work), "--exit-code\n");
  EXPECT_EQ(bash_offers("completion ''", work), "bash\nfish\nzsh\n");
  EXPECT_EQ(bash_offers("status ''", dir_->path()), "\n") << "outside a checkout: no names, no error";
}

TEST_F(CliCompletionTest, ZshAndFishScriptsAskTheBinaryAndAWrongShellIsAUsageError) {
  CliRun zsh = run_binary({"completion", "zsh"});
  ASSERT_EQ(zsh.exit_code, 0) << zsh.err;
  EXPECT_EQ(zsh.out.rfind("#compdef fleetwave\n", 0), 0u) << zsh.out;
  EXPECT_NE(zsh.out.find("fleetwave __complete"), std::string::npos) << zsh.out;
  CliRun fish = run_binary({"completion", "fish"});
  ASSERT_EQ(fish.exit_code, 0) << fish.err;
  EXPECT_NE(fish.out.find("complete -c fleetwave -a '(_fleetwave)'"), std::string::npos) << fish.out;
  CliRun tcsh = run_binary({"completion", "tcsh"});
  EXPECT_EQ(tcsh.exit_code, 2);
  EXPECT_EQ(tcsh.err, "error: unknown shell \"tcsh\": expected bash, zsh or fish (see fleetwave completion --help)\n");
}

// Every positional a usage line names is one the completion knows: a new command's APP or
// CLUSTER is completed without anything else to change.
TEST(CompletionWordsTest, PositionalsComeFromTheUsageLine) {
  const CompletionNames names{[] {
                                return std::vector<std::string>{"shop", "web"};
                              },
                              [] {
                                return std::vector<std::string>{"eu-1", "us-1"};
                              },
                              [](const std::string& app) { return std::vector<std::string>{app + "-wave"}; }};
  const std::vector<CommandSpec> commands = builtin_commands();
  const auto offers = [&](const std::vector<std::string>& words) { return complete_words(commands, words, names); };
  EXPECT_EQ(offers({"freeze", "s"}), std::vector<std::string>{"shop"});
  EXPECT_EQ(offers({"freeze", "shop", ""}), (std::vector<std::string>{"shop", "web"})) << "APP...: repeats";
  EXPECT_EQ(offers({"uncordon", "eu-1", ""}), (std::vector<std::string>{"eu-1", "us-1"}));
  EXPECT_EQ(offers({"status", "shop", ""}), std::vector<std::string>{}) << "[APP]: one";
  EXPECT_EQ(offers({"promote", "web", "--to-wave", ""}), std::vector<std::string>{"web-wave"});
  EXPECT_EQ(offers({"wait", "shop", "--for", "W"}), std::vector<std::string>{"WaitingApproval"});
  EXPECT_EQ(offers({"nope", ""}), std::vector<std::string>{});
  EXPECT_EQ(offers({"help", "dif"}), std::vector<std::string>{"diff"});
}

}  // namespace
}  // namespace fleetwave::cli
