// fleetwave diff between two revisions, rendered from Git objects: per-cluster unified hunks,
// --cluster and --app filters, identical renders print nothing, render errors exit 1.
#include <gtest/gtest.h>

#include "cli/cli_exit_fixture.h"
#include "cli/cli_fixture.h"

namespace fleetwave::cli {
namespace {

using testing_support::CliRun;
using testing_support::CliTest;

class CliDiffCommandTest : public CliTest {
 protected:
  CliRun diff(std::vector<std::string> args) { return command_on_remote("diff", std::move(args)); }
};

std::string hunk(const std::string& app, const std::string& cluster, const std::string& from, const std::string& to) {
  return "--- a/" + app + "/" + cluster + " (" + from.substr(0, 7) +
         ")\n"
         "+++ b/" +
         app + "/" + cluster + " (" + to.substr(0, 7) +
         ")\n"
         "@@ -8,5 +8,5 @@ Deployment shop/web\n"
         "   template:\n"
         "     spec:\n"
         "       containers:\n"
         "-      - image: web:1.0\n"
         "+      - image: web:1.1\n"
         "         name: web\n";
}

TEST_F(CliDiffCommandTest, PerClusterHunks) {
  const std::string from = head();
  human_commit("web 1.1", {{"apps/shop/deploy.yaml", testing_support::deployment("web:1.1")}});
  const std::string to = head();
  CliRun all = diff({"--from", from, "--to", "HEAD"});
  EXPECT_EQ(all.exit_code, 0) << all.err;
  EXPECT_EQ(all.out, hunk("shop", "dev-1", from, to) + hunk("shop", "eu-1", from, to) + hunk("shop", "eu-2", from, to) +
                         hunk("shop", "us-1", from, to));
  CliRun one = diff({"--from", "HEAD~1", "--to", "main", "--cluster", "eu-2", "--app", "shop"});
  EXPECT_EQ(one.exit_code, 0) << one.err;
  EXPECT_EQ(one.out, hunk("shop", "eu-2", from, to));
  CliRun positional = diff({"shop", "--from", "HEAD~1", "--to", "main", "--cluster", "eu-2"});
  EXPECT_EQ(positional.exit_code, 0) << positional.err;
  EXPECT_EQ(positional.out, one.out) << "the app as an argument, as every other command takes it";
  CliRun same = diff({"--from", from, "--to", from});
  EXPECT_EQ(same.exit_code, 0);
  EXPECT_EQ(same.out, "");
}

// --exit-code as git diff has it: 1 when a cluster's manifests differ, 0 when none do; the
// same diff is printed either way, and without the flag a difference still exits 0.
TEST_F(CliDiffCommandTest, BinaryExitCodeFlagReportsWhetherSomethingDiffers) {
  const std::string from = head();
  human_commit("web 1.1", {{"apps/shop/deploy.yaml", testing_support::deployment("web:1.1")}});
  auto binary_diff = [&](std::vector<std::string> args) { return command_on_remote("diff", std::move(args), true); };
  CliRun plain = binary_diff({"--from", from, "--to", "HEAD"});
  EXPECT_EQ(plain.exit_code, 0) << plain.err;
  EXPECT_NE(plain.out, "");
  CliRun differs = binary_diff({"--from", from, "--to", "HEAD", "--exit-code"});
  EXPECT_EQ(differs.exit_code, 1) << differs.err;
  EXPECT_EQ(differs.out, plain.out);
  EXPECT_EQ(differs.err, "");
  CliRun equal = binary_diff({"--from", "HEAD", "--to", "HEAD", "--exit-code"});
  EXPECT_EQ(equal.exit_code, 0) << equal.err;
  EXPECT_EQ(equal.out, "");
}

TEST_F(CliDiffCommandTest, ExitCodeFlagKeepsRenderErrorsAndIsInTheHelp) {
  const std::string from = head();
  human_commit("break", {{"apps/shop/deploy.yaml", "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web\n"}});
  CliRun broken = diff({"--from", from, "--to", "HEAD", "--exit-code"});
  EXPECT_EQ(broken.exit_code, 1);
  EXPECT_NE(broken.err, "");
  CliRun help = run({"diff", "--help"});
  EXPECT_EQ(help.exit_code, 0);
  EXPECT_NE(help.out.find("--exit-code"), std::string::npos) << help.out;
}

TEST_F(CliDiffCommandTest, ClusterGainedOrLostShowsTheWholeStream) {
  const std::string from = head();
  human_commit("drop us-1", {{"clusters/us-1.yaml", ""}});
  CliRun r = diff({"--from", from, "--to", "HEAD", "--cluster", "us-1"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(
      r.out.rfind("--- a/shop/us-1 (" + from.substr(0, 7) + ")\n+++ b/shop/us-1 (" + head().substr(0, 7) + ")\n@@ -1,",
                  0),
      0u)
      << r.out;
  EXPECT_NE(r.out.find(" +0,0 @@ Deployment shop/web\n-apiVersion: apps/v1\n"), std::string::npos) << r.out;
}

TEST_F(CliDiffCommandTest, ErrorsExit1) {
  const std::string from = head();
  human_commit("break", {{"apps/shop/deploy.yaml", "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web\n"}});
  CliRun broken = diff({"--from", from, "--to", "HEAD"});
  EXPECT_EQ(broken.exit_code, 1);
  EXPECT_EQ(broken.err.rfind("error: shop at " + head().substr(0, 7) + ": apps/shop/deploy.yaml:", 0), 0u)
      << broken.err;

  const std::vector<testing_support::ExpectedExit> refusals = {
      {"no --to", {"--from", from}, 2, "error: diff needs --from REV and --to REV (see fleetwave diff --help)\n"},
      {"two apps",
       {"shop", "web", "--from", from, "--to", from},
       2,
       "error: expected at most one APP argument (see fleetwave diff --help)\n"},
      {"APP and --app differ",
       {"shop", "--app", "web", "--from", from, "--to", from},
       2,
       "error: APP \"shop\" and --app \"web\" differ: give one (see fleetwave diff --help)\n"},
      {"unknown app as the argument",
       {"nope", "--from", from, "--to", from},
       1,
       "error: unknown app \"nope\" at " + from.substr(0, 7) + " and " + from.substr(0, 7) + "\n"},
      {"unknown app",
       {"--from", from, "--to", from, "--app", "nope"},
       1,
       "error: unknown app \"nope\" at " + from.substr(0, 7) + " and " + from.substr(0, 7) + "\n"},
      {"unknown cluster",
       {"--from", from, "--to", from, "--cluster", "mars-1"},
       1,
       "error: cluster mars-1 is in no app's inventory at either revision\n"},
  };
  testing_support::expect_exits(refusals, [&](const std::vector<std::string>& args) { return diff(args); });
}

TEST_F(CliDiffCommandTest, WorksInALocalCheckout) {
  const std::string work = checkout();
  ASSERT_TRUE(
      fleetwave::testkit::write_text_file(work + "/apps/shop/deploy.yaml", testing_support::deployment("web:1.1"))
          .ok());
  git(work, {"commit", "-qam", "web 1.1"});
  CliRun r = run({"diff", "--from", "HEAD~1", "--to", "HEAD", "--cluster", "dev-1"}, {}, work);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, hunk("shop", "dev-1", head(), git(work, {"rev-parse", "HEAD"})));
}

}  // namespace
}  // namespace fleetwave::cli
