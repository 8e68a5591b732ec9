// Colour through the built binary: on a terminal (a pseudo-terminal from script(1)) status and
// diff are coloured; NO_COLOR, --no-color (before or after the command) and a pipe turn it off.
#include <gtest/gtest.h>

#include "cli/cli_fixture.h"

namespace fleetwave::cli {
namespace {

using testing_support::CliRun;
using testing_support::CliTest;

class CliColourTest : public CliTest {
 protected:
  // `fleetwave ARGS` with stdout on a pseudo-terminal, `env` (NAME=VALUE) added.
  std::string on_terminal(const std::vector<std::string>& args, const std::string& env = "") {
    std::string command = env.empty() ? "" : env + " ";
    command += fleetwave::testkit::cli_binary();
    for (const std::string& a : args) command += " '" + a + "'";
    fleetwave::testkit::ProcessSpec spec;
    spec.argv = {"/usr/bin/script", "-qec", command, "/dev/null"};
    spec.cwd = dir_->path();
    spec.env = {"HOME=" + (*dir_ / "home"), "TERM=xterm", "PATH=/usr/bin:/bin"};
    CliRun r = run_process(std::move(spec));
    EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
    return r.out;
  }
};

TEST_F(CliColourTest, ColourOnATerminalOnlyAndNeverWhenAskedNot) {
  std::vector<std::string> status = {"status"};
  for (const std::string& f : repo_flags()) status.push_back(f);
  const std::string coloured = on_terminal(status);
  EXPECT_NE(coloured.find("\033[1mshop\033[0m"), std::string::npos) << coloured;
  EXPECT_NE(coloured.find("phase:    \033["), std::string::npos) << coloured;

  EXPECT_EQ(on_terminal(status, "NO_COLOR=1").find('\033'), std::string::npos);
  std::vector<std::string> no_color = status;
  no_color.push_back("--no-color");
  EXPECT_EQ(on_terminal(no_color).find('\033'), std::string::npos);
  no_color.insert(no_color.begin(), "--no-color");
  no_color.pop_back();
  EXPECT_EQ(on_terminal(no_color).find('\033'), std::string::npos) << "before the command too";
  CliRun piped = run_binary(status);
  ASSERT_EQ(piped.exit_code, 0) << piped.err;
  EXPECT_EQ(piped.out.find('\033'), std::string::npos) << "a pipe or a file gets plain text";

  const std::string from = head();
  human_commit("web 1.1", {{"apps/shop/deploy.yaml", testing_support::deployment("web:1.1")}});
  std::vector<std::string> diff = {"diff", "--from", from, "--to", "HEAD"};
  for (const std::string& f : repo_flags()) diff.push_back(f);
  const std::string coloured_diff = on_terminal(diff);
  EXPECT_NE(coloured_diff.find("\033[31m-"), std::string::npos) << coloured_diff;
  EXPECT_NE(coloured_diff.find("\033[32m+"), std::string::npos) << coloured_diff;
}

}  // namespace
}  // namespace fleetwave::cli
