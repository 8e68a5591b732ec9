#include "argocd_sim/sim_options.h"

#include <gtest/gtest.h>

namespace fleetwave::sim {
namespace {

std::vector<std::string> required() {
  return {"--repo",          "http://127.0.0.1:1/git/fleet.git",
          "--token-file",    "/t",
          "--render-binary", "/bin/render",
          "--work-dir",      "/w"};
}

std::vector<std::string> with(std::vector<std::string> extra) {
  std::vector<std::string> args = required();
  args.insert(args.end(), extra.begin(), extra.end());
  return args;
}

TEST(SimOptionsTest, ParsesEveryFlag) {
  Result<SimOptions> o = parse_sim_options(
      with({"--listen", "0.0.0.0:8080", "--progress-seconds", "0.5", "--sync-ms", "0", "--poll-interval-ms", "20",
            "--git-username", "alice", "--git-password-file", "/p", "--ready-file", "/r", "--branch", "prod"}));
  ASSERT_TRUE(o.ok()) << o.error().to_string();
  EXPECT_EQ(o->listen_host, "0.0.0.0");
  EXPECT_EQ(o->listen_port, 8080);
  EXPECT_DOUBLE_EQ(o->progress_seconds, 0.5);
  EXPECT_EQ(o->sync_ms, 0);
  EXPECT_EQ(o->poll_interval_ms, 20);
  EXPECT_EQ(o->git_username, "alice");
  EXPECT_EQ(o->ready_file, "/r");
  EXPECT_EQ(o->branch, "prod");
  Result<SimOptions> defaults = parse_sim_options(required());
  ASSERT_TRUE(defaults.ok());
  EXPECT_EQ(defaults->listen_host, "127.0.0.1");
  EXPECT_EQ(defaults->listen_port, 0);
  EXPECT_EQ(defaults->branch, "main");
}

TEST(SimOptionsTest, UsageErrors) {
  struct Case {
    const char* name;
    std::vector<std::string> args;
    const char* error;
  };
  const Case cases[] = {
      {"missing repo", {"--token-file", "/t", "--render-binary", "/r", "--work-dir", "/w"}, "--repo is required"},
      {"unknown flag", with({"--frobnicate", "1"}), "unknown flag \"--frobnicate\""},
      {"flag without value", with({"--sync-ms"}), "--sync-ms needs a value"},
      {"bad port", with({"--listen", "127.0.0.1:99999"}),
       "--listen: expected a whole number from 0 to 65535, got \"99999\""},
      {"listen without port", with({"--listen", "localhost"}), "--listen: expected HOST:PORT, got \"localhost\""},
      {"negative seconds", with({"--progress-seconds", "-1"}),
       "--progress-seconds: expected seconds (0 to 86400), got \"-1\""},
      {"user without password", with({"--git-username", "alice"}),
       "--git-username and --git-password-file go together"},
      {"relative render binary",
       {"--repo", "r", "--token-file", "/t", "--render-binary", "render", "--work-dir", "/w"},
       "--render-binary must be an absolute path"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    Result<SimOptions> o = parse_sim_options(c.args);
    ASSERT_FALSE(o.ok());
    EXPECT_EQ(o.error().kind, ErrorKind::InvalidInput);
    EXPECT_EQ(o.error().message, c.error);
  }
}

TEST(SimOptionsTest, HelpNeedsNothingElse) {
  Result<SimOptions> o = parse_sim_options({"--help"});
  ASSERT_TRUE(o.ok());
  EXPECT_TRUE(o->help);
}

}  // namespace
}  // namespace fleetwave::sim
