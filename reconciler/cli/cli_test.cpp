// The command line as a whole: help, version, unknown commands, every command's --help, flags
// from FLEETWAVE_* variables, and the binary itself.
#include "cli/cli.h"

#include <gtest/gtest.h>

#include "cli/cli_fixture.h"
#include "cli/commands.h"

namespace fleetwave::cli {
namespace {

using testing_support::CliRun;
using testing_support::CliTest;

class CliTopLevelTest : public CliTest {};

TEST_F(CliTopLevelTest, HelpVersionAndUnknownCommands) {
  struct Case {
    std::string name;
    std::vector<std::string> args;
    int exit_code;
    std::string out_prefix;
    std::string err;
  } cases[] = {
      {"no arguments", {}, 2, "fleetwave advances multi-cluster rollout waves", ""},
      {"--help", {"--help"}, 0, "fleetwave advances multi-cluster rollout waves", ""},
      {"help", {"help"}, 0, "fleetwave advances multi-cluster rollout waves", ""},
      {"help command", {"help", "diff"}, 0, "Usage: fleetwave diff [APP] --from REV --to REV", ""},
      {"--version", {"--version"}, 0, "fleetwave 0.1.0 (commit ", ""},
      {"unknown",
       {"deploy"},
       2,
       "",
       "error: unknown command \"deploy\"; commands: reconcile, status, wait, plan, validate, diff, history, approve, "
       "pause, "
       "resume, "
       "rollback, freeze, unfreeze, promote, hold, release-hold, cordon, uncordon, appset, serve, completion (see "
       "fleetwave --help)\n"},
      {"mistyped",
       {"stauts"},
       2,
       "",
       "error: unknown command \"stauts\"; did you mean \"status\"? commands: reconcile, status, wait, plan, "
       "validate, diff, history, approve, pause, resume, rollback, freeze, unfreeze, promote, hold, release-hold, "
       "cordon, uncordon, appset, serve, completion (see fleetwave --help)\n"},
      {"flag before command",
       {"--repo", "x"},
       2,
       "",
       "error: unknown command \"--repo\"; commands: reconcile, status, wait, plan, validate, diff, history, "
       "approve, pause, resume, rollback, freeze, unfreeze, promote, hold, release-hold, cordon, uncordon, appset, "
       "serve, completion (see fleetwave "
       "--help)\n"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    CliRun r = run(c.args);
    EXPECT_EQ(r.exit_code, c.exit_code);
    EXPECT_EQ(r.out.rfind(c.out_prefix, 0), 0u) << r.out;
    EXPECT_EQ(r.err, c.err);
  }
}

TEST_F(CliTopLevelTest, EveryCommandHasHelp) {
  for (const CommandSpec& spec : builtin_commands()) {
    SCOPED_TRACE(std::string(spec.name));
    CliRun r = run({std::string(spec.name), "--help"});
    EXPECT_EQ(r.exit_code, 0);
    EXPECT_EQ(r.out, command_help(spec));
    EXPECT_EQ(r.out.rfind("Usage: fleetwave " + std::string(spec.name), 0), 0u);
    if (spec.name != "completion") {  // the one command that reads no repository
      EXPECT_NE(r.out.find("\nFlags:\n"), std::string::npos);
      EXPECT_NE(r.out.find("--repo URL"), std::string::npos);
    }
    EXPECT_NE(run({"--help"}).out.find("  " + std::string(spec.name) + " "), std::string::npos);
  }
  // --help wins over missing or extra arguments, not over unknown flags.
  EXPECT_EQ(run({"pause", "--help", "--nope"}).exit_code, 2);  // unknown flags are still errors
  EXPECT_EQ(run({"pause", "a", "b", "--help"}).exit_code, 0);
}

// The --repo line of each command's help says what the command does without --repo: reconcile
// and serve refuse to run, the others use the checkout they run in.
TEST_F(CliTopLevelTest, RepoHelpAgreesWithRunningInACheckout) {
  const std::string work = checkout();
  auto repo_help = [&](const std::string& command) {
    const std::string help = run({command, "--help"}).out;
    const std::size_t at = help.rfind("--repo URL");  // its line under Flags, not the usage line
    return at == std::string::npos ? std::string() : help.substr(at, help.find('\n', at) - at);
  };
  const std::vector<std::string> argocd = start_argocd();
  std::vector<std::string> reconcile = {"reconcile", "--once"};
  reconcile.insert(reconcile.end(), argocd.begin(), argocd.end());
  struct Case {
    std::vector<std::string> args;
    bool uses_checkout;
  } cases[] = {{reconcile, false}, {{"serve"}, false}, {{"status"}, true}, {{"plan", "shop"}, true}};
  for (const Case& c : cases) {
    SCOPED_TRACE(c.args[0]);
    CliRun r = run(c.args, {}, work);
    const std::string help = repo_help(c.args[0]);
    if (c.uses_checkout) {
      EXPECT_EQ(r.exit_code, 0) << r.err;
      EXPECT_NE(help.find("default: the checkout"), std::string::npos) << help;
    } else {
      EXPECT_EQ(r.exit_code, 2);
      EXPECT_NE(r.err.find("needs --repo URL"), std::string::npos) << r.err;
      EXPECT_NE(help.find("(required)"), std::string::npos) << help;
      EXPECT_EQ(help.find("checkout"), std::string::npos) << help;
    }
  }
}

TEST_F(CliTopLevelTest, FlagsFromTheEnvironment) {
  CliRun r = run({"plan"}, {{"FLEETWAVE_REPO", remote_url()}, {"FLEETWAVE_CACHE_DIR", *dir_ / "env-cache"}}, "/");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out.rfind("shop (apps/shop) at ", 0), 0u) << r.out;
  // A flag wins over its variable.
  CliRun flag = run({"plan", "--repo", "file:///nonexistent/repo.git"}, {{"FLEETWAVE_REPO", remote_url()}}, "/");
  EXPECT_EQ(flag.exit_code, 2);  // a local repository that is not there is a configuration error
  EXPECT_NE(flag.err.find("repository file:///nonexistent/repo.git does not exist"), std::string::npos) << flag.err;
}

TEST_F(CliTopLevelTest, BinaryVersionAndUsageExitCodes) {
  CliRun version = run_binary({"--version"});
  EXPECT_EQ(version.exit_code, 0);
  // The commit the binary was built from, as fleetwave_build_info says it ("unknown" when the
  // build was not told), then the libgit2 it runs with.
  EXPECT_EQ(version.out.rfind("fleetwave 0.1.0 (commit " + build_revision().substr(0, 12) + ", libgit2 ", 0), 0u)
      << version.out;
  CliRun usage = run_binary({"status", "--output", "xml"});
  EXPECT_EQ(usage.exit_code, 2);
  EXPECT_EQ(usage.err, "error: --output must be text, json or yaml, not \"xml\" (see fleetwave status --help)\n");
}

}  // namespace
}  // namespace fleetwave::cli
