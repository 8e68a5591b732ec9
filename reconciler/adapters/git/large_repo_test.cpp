// A 10,001-file repository: treebuilder commit + push through LibGit2Repository against the git
// CLI's add + commit + push in a checkout, both to file:// remotes. Prints timings (median per
// cycle) as a log line; asserts correctness only, never speed.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <map>

#include <gtest/gtest.h>

#include "adapters/git/libgit2_repository.h"
#include "testkit/builders/git_cli.h"
#include "testkit/builders/git_remote_fixture.h"
#include "testkit/builders/git_test_helpers.h"
#include "testkit/process/child_process.h"
#include "testkit/process/temp_dir.h"

namespace fleetwave::git {
namespace {

using Clock = std::chrono::steady_clock;
constexpr int kCycles = 20;

double ms_since(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0 : v[v.size() / 2];
}

std::map<std::string, std::string> ten_thousand_files() {
  std::map<std::string, std::string> files;
  char path[64];
  for (int d = 0; d < 100; ++d) {
    for (int f = 0; f < 100; ++f) {
      std::snprintf(path, sizeof path, "apps/app-%02d/res-%02d.yaml", d, f);
      files[path] = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: res-" + std::to_string(d * 100 + f) + "\n";
    }
  }
  files["state/waves.yaml"] = "seq: -1\n";
  return files;
}

class LargeRepoSlowTest : public testkit::LibGit2DirTest {
 protected:
  void SetUp() override { set_up_dir("fw-large"); }
};

TEST_F(LargeRepoSlowTest, CommitAndPushTenThousandFiles) {
  const auto files = ten_thousand_files();
  const std::string lib_remote = *dir_ / "lib.git", cli_remote = *dir_ / "cli.git";
  FW_ASSERT_OK(testkit::seed_bare_repo(lib_remote, files));
  FW_ASSERT_OK(testkit::seed_bare_repo(cli_remote, files));

  // libgit2: bare cache, treebuilder commits, push.
  FW_ASSERT_OK_AND_ASSIGN(repo, LibGit2Repository::open(runtime(), {"file://" + lib_remote, *dir_ / "cache", {}}));
  auto start = Clock::now();
  FW_ASSERT_OK_AND_ASSIGN(tip, repo->fetch("main"));
  const double clone_ms = ms_since(start);
  start = Clock::now();
  FW_ASSERT_OK_AND_ASSIGN(listing, repo->list_tree(tip, "", true));
  const double list_ms = ms_since(start);
  ASSERT_EQ(listing.size(), 10001u);
  FW_ASSERT_OK_AND_ASSIGN(apps_before, repo->tree_id(tip, "apps"));
  std::vector<double> commit_ms, push_ms, cycle_ms;
  for (int i = 0; i < kCycles; ++i) {
    auto cycle = Clock::now();
    auto req = testkit::commit_request(tip, {testkit::write("state/waves.yaml", "seq: " + std::to_string(i) + "\n")},
                                       "advance " + std::to_string(i), i);
    start = Clock::now();
    FW_ASSERT_OK_AND_ASSIGN(commit, repo->create_commit(req));
    commit_ms.push_back(ms_since(start));
    start = Clock::now();
    FW_ASSERT_OK(repo->push("main", commit, PushMode::FastForwardOnly));
    push_ms.push_back(ms_since(start));
    cycle_ms.push_back(ms_since(cycle));
    tip = commit;
  }
  FW_ASSERT_OK_AND_ASSIGN(apps_after, repo->tree_id(tip, "apps"));
  EXPECT_EQ(apps_before, apps_after);
  FW_ASSERT_OK_AND_ASSIGN(final_state, testkit::git(lib_remote, {"show", "main:state/waves.yaml"}));
  EXPECT_EQ(final_state, "seq: " + std::to_string(kCycles - 1));
  FW_ASSERT_OK_AND_ASSIGN(count, testkit::git(lib_remote, {"rev-list", "--count", "main"}));
  EXPECT_EQ(count, std::to_string(kCycles + 1));
  FW_ASSERT_OK(testkit::git(lib_remote, {"fsck", "--no-progress"}));

  // git CLI: a checkout, then add + commit + push per cycle (one sh process running three gits).
  const std::string work = *dir_ / "work";
  FW_ASSERT_OK(testkit::git(dir_->path(), {"clone", "-q", cli_remote, work}));
  std::vector<double> cli_ms;
  for (int i = 0; i < kCycles; ++i) {
    start = Clock::now();
    FW_ASSERT_OK(testkit::write_text_file(work + "/state/waves.yaml", "seq: " + std::to_string(i) + "\n"));
    testkit::ProcessSpec spec;
    spec.argv = {"sh", "-c",
                 "git add state/waves.yaml && git commit -q -m \"advance " + std::to_string(i) +
                     "\" && git push -q origin main"};
    spec.cwd = work;
    spec.env = testkit::git_environment();
    FW_ASSERT_OK_AND_ASSIGN(result, testkit::run_command(spec));
    ASSERT_EQ(result.exit_code, 0) << result.output;
    cli_ms.push_back(ms_since(start));
  }
  FW_ASSERT_OK_AND_ASSIGN(cli_state, testkit::git(cli_remote, {"show", "main:state/waves.yaml"}));
  EXPECT_EQ(cli_state, final_state);

  const double lib = median(cycle_ms), cli = median(cli_ms);
  std::printf(
      "[timing] 10001-file repo, %d cycles, file:// remote: libgit2 treebuilder commit %.2f ms + push %.2f ms "
      "= %.2f ms per cycle (median); git CLI add+commit+push %.2f ms per cycle (median); ratio %.2fx; "
      "initial fetch %.0f ms; recursive list_tree with sizes %.1f ms\n",
      kCycles, median(commit_ms), median(push_ms), lib, cli, lib / cli, clone_ms, list_ms);
}

}  // namespace
}  // namespace fleetwave::git
