// Commits and pushes through LibGit2Repository against file:// remotes: subtree-only rewrites,
// deletes, determinism, push races and re-anchoring on fetch.
#include <atomic>
#include <filesystem>
#include <iterator>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "adapters/git/libgit2_repository.h"
#include "testkit/builders/git_cli.h"
#include "testkit/builders/git_remote_fixture.h"
#include "testkit/builders/git_test_helpers.h"
#include "testkit/process/temp_dir.h"

namespace fleetwave::git {
namespace {

using testkit::commit_request;
using testkit::git;
using testkit::remove;
using testkit::write;

class LibGit2WriteTest : public testkit::LibGit2RemoteTest {
 protected:
  void SetUp() override {
    set_up_remote("fw-write", {{"apps/a/app.yaml", "a\n"},
                               {"apps/b/app.yaml", "b\n"},
                               {"clusters/eu-1.yaml", "eu\n"},
                               {".fleetwave/a/state.yaml", "wave: 0\n"},
                               {".fleetwave/b/state.yaml", "wave: 0\n"}});
    if (HasFatalFailure()) return;
    repo_ = open_cache("cache");
  }

  std::string remote_tip() {
    auto tip = git(remote_, {"rev-parse", "refs/heads/main"});
    return tip.ok() ? *tip : "error: " + tip.error().message;
  }

  std::unique_ptr<LibGit2Repository> repo_;
};

TEST_F(LibGit2WriteTest, CommitRewritesOnlyTheChangedSubtree) {
  FW_ASSERT_OK(repo_->fetch("main"));
  FW_ASSERT_OK_AND_ASSIGN(commit,
                          repo_->create_commit(commit_request(seed_, {write(".fleetwave/a/state.yaml", "wave: 1\n")})));
  for (const std::string path : {"apps", "apps/a", "clusters", ".fleetwave/b"}) {
    SCOPED_TRACE(path);
    FW_ASSERT_OK_AND_ASSIGN(before, repo_->tree_id(seed_, path));
    FW_ASSERT_OK_AND_ASSIGN(after, repo_->tree_id(commit, path));
    EXPECT_EQ(before, after);
  }
  for (const std::string path : {"", ".fleetwave", ".fleetwave/a"}) {
    SCOPED_TRACE(path);
    FW_ASSERT_OK_AND_ASSIGN(before, repo_->tree_id(seed_, path));
    FW_ASSERT_OK_AND_ASSIGN(after, repo_->tree_id(commit, path));
    EXPECT_NE(before, after);
  }
  FW_ASSERT_OK_AND_ASSIGN(content, repo_->read_file(commit, ".fleetwave/a/state.yaml"));
  EXPECT_EQ(content, "wave: 1\n");
  FW_ASSERT_OK_AND_ASSIGN(changed, repo_->changed_paths(commit));
  EXPECT_EQ(changed, std::vector<std::string>{".fleetwave/a/state.yaml"});
}

TEST_F(LibGit2WriteTest, CommitAddsDeletesAndPrunesEmptyDirectories) {
  FW_ASSERT_OK(repo_->fetch("main"));
  FileChange exec{"bin/run.sh", std::string("#!/bin/sh\n"), kModeExecutable};
  FW_ASSERT_OK_AND_ASSIGN(commit, repo_->create_commit(commit_request(
                                      seed_, {remove("apps/b/app.yaml"), remove("apps/none.yaml"),
                                              remove("missing/dir/x"), write("new/deep/dir/f.txt", "f"), exec})));
  FW_ASSERT_OK_AND_ASSIGN(apps, repo_->list_tree(commit, "apps", false));
  ASSERT_EQ(apps.size(), 1u);  // apps/b vanished with its only file
  EXPECT_EQ(apps[0].path, "apps/a");
  FW_ASSERT_OK_AND_ASSIGN(bin, repo_->list_tree(commit, "bin", false));
  ASSERT_EQ(bin.size(), 1u);
  EXPECT_EQ(bin[0].mode, kModeExecutable);
  FW_ASSERT_OK_AND_ASSIGN(f, repo_->read_file(commit, "new/deep/dir/f.txt"));
  EXPECT_EQ(f, "f");
  // Updating an executable keeps its mode.
  FW_ASSERT_OK_AND_ASSIGN(next,
                          repo_->create_commit(commit_request(commit, {write("bin/run.sh", "#!/bin/sh\nexit 0\n")})));
  FW_ASSERT_OK_AND_ASSIGN(bin2, repo_->list_tree(next, "bin", false));
  EXPECT_EQ(bin2[0].mode, kModeExecutable);
  FW_ASSERT_OK(repo_->push("main", next, PushMode::FastForwardOnly));
  FW_ASSERT_OK(git(remote_, {"fsck", "--strict", "--no-progress"}));
}

TEST_F(LibGit2WriteTest, DeletingEverythingGivesTheEmptyTree) {
  FW_ASSERT_OK(repo_->fetch("main"));
  FW_ASSERT_OK_AND_ASSIGN(all, repo_->list_tree(seed_, "", true));
  std::vector<FileChange> changes;
  for (const TreeEntry& e : all) changes.push_back(remove(e.path));
  FW_ASSERT_OK_AND_ASSIGN(commit, repo_->create_commit(commit_request(seed_, changes)));
  FW_ASSERT_OK_AND_ASSIGN(root, repo_->tree_id(commit, ""));
  EXPECT_EQ(root, "4b825dc642cb6eb9a060e54bf8d69288fbee4904");
}

TEST_F(LibGit2WriteTest, SameInputsGiveTheSameCommitAndNoOpReturnsParent) {
  FW_ASSERT_OK(repo_->fetch("main"));
  auto req = commit_request(seed_, {write("clusters/us-1.yaml", "us\n")}, "add us-1", 10);
  FW_ASSERT_OK_AND_ASSIGN(first, repo_->create_commit(req));
  FW_ASSERT_OK_AND_ASSIGN(second, repo_->create_commit(req));
  EXPECT_EQ(first, second);
  auto later = req;
  later.author = testkit::test_signature(11);
  FW_ASSERT_OK_AND_ASSIGN(third, repo_->create_commit(later));
  EXPECT_NE(first, third);

  FW_ASSERT_OK_AND_ASSIGN(noop, repo_->create_commit(commit_request(seed_, {write("apps/a/app.yaml", "a\n")})));
  EXPECT_EQ(noop, seed_);
  auto empty = commit_request(seed_, {});
  empty.allow_empty = true;
  FW_ASSERT_OK_AND_ASSIGN(forced, repo_->create_commit(empty));
  EXPECT_NE(forced, seed_);
}

// The loose object files of the bare clones below a cache directory (objects/xx/...), not packs.
std::size_t loose_objects(const std::filesystem::path& cache) {
  std::size_t count = 0;
  for (const auto& dir : std::filesystem::recursive_directory_iterator(cache)) {
    if (dir.path().parent_path().filename() != "objects") continue;
    const std::string name = dir.path().filename();
    if (name.size() != 2 || !dir.is_directory()) continue;
    count += static_cast<std::size_t>(std::distance(std::filesystem::directory_iterator(dir.path()), {}));
  }
  return count;
}

// A hydrated step writes a directory per cluster: its objects go to the cache as one pack, not
// as thousands of loose files. The commit reads back, pushes, and writing it again is a no-op.
TEST_F(LibGit2WriteTest, ACommitOfManyFilesLandsAsOnePackThatReadsAndPushes) {
  FW_ASSERT_OK(repo_->fetch("main"));
  const std::size_t loose_before = loose_objects(*dir_ / "cache");
  std::vector<FileChange> changes;
  for (int i = 0; i < 300; ++i) {
    const std::string dir = "hydrated/c-" + std::to_string(i);
    changes.push_back(write(dir + "/manifest.yaml", "cluster: c-" + std::to_string(i) + "\n"));
    changes.push_back(write(dir + "/hydrator.metadata", "{}\n"));  // one blob shared by all
  }
  auto request = commit_request(seed_, changes, "hydrate");
  FW_ASSERT_OK_AND_ASSIGN(commit, repo_->create_commit(request));
  EXPECT_EQ(loose_objects(*dir_ / "cache"), loose_before) << "no object written loose";
  FW_ASSERT_OK_AND_ASSIGN(again, repo_->create_commit(request));
  EXPECT_EQ(again, commit);
  FW_ASSERT_OK_AND_ASSIGN(content, repo_->read_file(commit, "hydrated/c-299/manifest.yaml"));
  EXPECT_EQ(content, "cluster: c-299\n");
  FW_ASSERT_OK_AND_ASSIGN(files, repo_->list_tree(commit, "hydrated", true));
  EXPECT_EQ(files.size(), 600u);
  FW_ASSERT_OK(repo_->push("main", commit, PushMode::FastForwardOnly));
  EXPECT_EQ(remote_tip(), commit);
  FW_ASSERT_OK_AND_ASSIGN(remote_content, git(remote_, {"show", "main:hydrated/c-7/manifest.yaml"}));
  EXPECT_EQ(remote_content, "cluster: c-7");  // the git CLI helper trims the output
  FW_ASSERT_OK(git(remote_, {"fsck", "--strict"}));

  // A later small commit on top of it stays loose (no pack per step).
  FW_ASSERT_OK_AND_ASSIGN(next,
                          repo_->create_commit(commit_request(commit, {write("hydrated/c-1/manifest.yaml", "x\n")})));
  EXPECT_GT(loose_objects(*dir_ / "cache"), loose_before);
  FW_ASSERT_OK_AND_ASSIGN(next_content, repo_->read_file(next, "hydrated/c-1/manifest.yaml"));
  EXPECT_EQ(next_content, "x\n");
}

TEST_F(LibGit2WriteTest, RejectsInvalidChanges) {
  FW_ASSERT_OK(repo_->fetch("main"));
  struct Case {
    const char* name;
    std::vector<FileChange> changes;
    std::string message;
  } cases[] = {
      {"absolute", {write("/etc/x", "")}, "path '/etc/x': must be relative to the repository root"},
      {"dotdot", {write("a/../b", "")}, "path 'a/../b': '.' and '..' components are not allowed"},
      {"dot git", {write("x/.GIT/config", "")}, "path 'x/.GIT/config': '.git' components are not allowed"},
      {"empty component", {write("a//b", "")}, "path 'a//b': empty path component"},
      {"trailing slash", {write("a/", "")}, "path 'a/': must not end with a slash"},
      {"empty", {write("", "")}, "path '': empty path"},
      {"twice", {write("a", "1"), remove("a")}, "path 'a': changed twice"},
      {"file and dir", {write("x", "1"), write("x/y", "2")}, "path 'x': also used as a directory by 'x/y'"},
      {"write over a directory", {write("apps/a", "x")}, "path 'apps/a': is a directory or submodule"},
      {"delete a directory", {remove("apps")}, "path 'apps': is a directory or submodule"},
      {"below a file", {write("apps/a/app.yaml/x", "x")}, "path 'apps/a/app.yaml/x': a parent directory is a file"},
      {"bad mode", {FileChange{"m", std::string("x"), 0100600}}, "path 'm': unsupported file mode"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    auto got = repo_->create_commit(commit_request(seed_, c.changes));
    ASSERT_FALSE(got.ok());
    EXPECT_EQ(got.error().kind, ErrorKind::InvalidInput);
    EXPECT_EQ(got.error().message, c.message);
  }
}

TEST_F(LibGit2WriteTest, PushFastForwardIsVisibleToGit) {
  FW_ASSERT_OK_AND_ASSIGN(tip, repo_->fetch("main"));
  FW_ASSERT_OK_AND_ASSIGN(commit,
                          repo_->create_commit(commit_request(tip, {write("clusters/us-1.yaml", "us\n")}, "add us-1")));
  FW_ASSERT_OK(repo_->push("main", commit, PushMode::FastForwardOnly));
  EXPECT_EQ(remote_tip(), commit);
  FW_ASSERT_OK_AND_ASSIGN(shown, git(remote_, {"show", "main:clusters/us-1.yaml"}));
  EXPECT_EQ(shown, "us");
  FW_ASSERT_OK_AND_ASSIGN(subject, git(remote_, {"log", "-1", "--format=%s <%ae> %ad", "--date=raw", "main"}));
  EXPECT_EQ(subject, "add us-1 <bot@fleetwave.test> 1767225600 +0100");
  FW_ASSERT_OK_AND_ASSIGN(tracking, repo_->resolve("refs/remotes/origin/main"));
  EXPECT_EQ(tracking, commit);
}

TEST_F(LibGit2WriteTest, PushRaceLoserGetsConflictThenSucceedsOnTheNewTip) {
  auto other = open_cache("cache-2");
  ASSERT_NE(other, nullptr);
  FW_ASSERT_OK_AND_ASSIGN(tip1, repo_->fetch("main"));
  FW_ASSERT_OK_AND_ASSIGN(tip2, other->fetch("main"));
  ASSERT_EQ(tip1, tip2);
  FW_ASSERT_OK_AND_ASSIGN(c1,
                          repo_->create_commit(commit_request(tip1, {write(".fleetwave/a/state.yaml", "wave: 1\n")})));
  FW_ASSERT_OK_AND_ASSIGN(c2,
                          other->create_commit(commit_request(tip2, {write(".fleetwave/b/state.yaml", "wave: 1\n")})));
  FW_ASSERT_OK(repo_->push("main", c1, PushMode::FastForwardOnly));

  Status<> lost = other->push("main", c2, PushMode::FastForwardOnly);
  ASSERT_FALSE(lost.ok());
  EXPECT_EQ(lost.error().kind, ErrorKind::Conflict);
  EXPECT_EQ(lost.error().message, "push main to file://" + remote_ +
                                      ": the remote branch moved (not a fast-forward); fetch and rebuild the commit");
  EXPECT_EQ(remote_tip(), c1);

  // Retry as the reconciler does: fetch, re-apply on the new tip, push.
  FW_ASSERT_OK_AND_ASSIGN(new_tip, other->fetch("main"));
  EXPECT_EQ(new_tip, c1);
  FW_ASSERT_OK_AND_ASSIGN(
      retry, other->create_commit(commit_request(new_tip, {write(".fleetwave/b/state.yaml", "wave: 1\n")})));
  FW_ASSERT_OK(other->push("main", retry, PushMode::FastForwardOnly));
  EXPECT_EQ(remote_tip(), retry);
  FW_ASSERT_OK_AND_ASSIGN(a, other->read_file(retry, ".fleetwave/a/state.yaml"));
  EXPECT_EQ(a, "wave: 1\n");  // the winner's change survived
}

// Writers that fetched the same tip and push at the same moment: exactly one lands, every other
// is told the branch moved, and the remote holds the winner's commit (no push overwrites another).
TEST_F(LibGit2WriteTest, SimultaneousPushesOfTheSameTipLandExactlyOnce) {
  constexpr int kWriters = 4;
  std::vector<std::unique_ptr<LibGit2Repository>> clones;
  for (int i = 0; i < kWriters; ++i) {
    clones.push_back(open_cache("racer-" + std::to_string(i)));
    ASSERT_NE(clones.back(), nullptr);
  }
  for (int round = 0; round < 5; ++round) {
    SCOPED_TRACE("round " + std::to_string(round));
    std::vector<std::string> commits;
    for (int i = 0; i < kWriters; ++i) {
      FW_ASSERT_OK_AND_ASSIGN(tip, clones[i]->fetch("main"));
      std::string file = "racer-" + std::to_string(i) + "-" + std::to_string(round);
      FW_ASSERT_OK_AND_ASSIGN(commit, clones[i]->create_commit(commit_request(tip, {write(file, "x\n")})));
      commits.push_back(commit);
    }
    std::atomic<int> ready{0};
    std::vector<Status<>> results(kWriters, ok_status());
    std::vector<std::thread> threads;
    for (int i = 0; i < kWriters; ++i) {
      threads.emplace_back([&, i] {
        ++ready;
        while (ready.load() < kWriters) std::this_thread::yield();
        results[i] = clones[i]->push("main", commits[i], PushMode::FastForwardOnly);
      });
    }
    for (std::thread& t : threads) t.join();
    int landed = 0;
    std::string winner;
    for (int i = 0; i < kWriters; ++i) {
      if (results[i].ok()) {
        ++landed;
        winner = commits[i];
      } else {
        EXPECT_EQ(results[i].error().kind, ErrorKind::Conflict) << results[i].error().message;
      }
    }
    EXPECT_EQ(landed, 1);
    EXPECT_EQ(remote_tip(), winner);
  }
}

TEST_F(LibGit2WriteTest, PushArgumentErrors) {
  FW_ASSERT_OK(repo_->fetch("main"));
  struct Case {
    const char* name;
    std::string branch, oid;
    ErrorKind kind;
    std::string message;
  } cases[] = {
      {"unknown commit", "main", std::string(40, 'c'), ErrorKind::NotFound,
       "push main: commit " + std::string(40, 'c') + " not found in the local clone"},
      {"not an oid", "main", "HEAD", ErrorKind::InvalidInput, "push main: 'HEAD' is not a 40-digit commit id"},
      {"empty oid", "main", "", ErrorKind::InvalidInput, "push main: empty commit id (use delete_remote_branch)"},
      {"bad branch", "a b", seed_, ErrorKind::InvalidInput, "invalid branch name 'a b'"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    Status<> got = repo_->push(c.branch, c.oid, PushMode::FastForwardOnly);
    ASSERT_FALSE(got.ok());
    EXPECT_EQ(got.error().kind, c.kind);
    EXPECT_EQ(got.error().message, c.message);
  }
  EXPECT_EQ(remote_tip(), seed_);
}

TEST_F(LibGit2WriteTest, ForcePushReplacesTheRemoteBranch) {
  FW_ASSERT_OK_AND_ASSIGN(tip, repo_->fetch("main"));
  FW_ASSERT_OK_AND_ASSIGN(c1, repo_->create_commit(commit_request(tip, {write("x", "1")})));
  FW_ASSERT_OK(repo_->push("main", c1, PushMode::FastForwardOnly));
  FW_ASSERT_OK_AND_ASSIGN(sibling, repo_->create_commit(commit_request(tip, {write("x", "2")})));
  Status<> ff = repo_->push("main", sibling, PushMode::FastForwardOnly);
  ASSERT_FALSE(ff.ok());
  EXPECT_EQ(ff.error().kind, ErrorKind::Conflict);
  FW_ASSERT_OK(repo_->push("main", sibling, PushMode::Force));
  EXPECT_EQ(remote_tip(), sibling);
}

TEST_F(LibGit2WriteTest, FetchReanchorsAndDropsUnpushedCommits) {
  FW_ASSERT_OK_AND_ASSIGN(tip, repo_->fetch("main"));
  FW_ASSERT_OK_AND_ASSIGN(pushed, repo_->create_commit(commit_request(tip, {write("x", "1")})));
  FW_ASSERT_OK(repo_->push("main", pushed, PushMode::FastForwardOnly));
  // Someone rewinds the remote (e.g. a human force-push); our local refs still say `pushed`.
  FW_ASSERT_OK(git(remote_, {"update-ref", "refs/heads/main", seed_}));
  FW_ASSERT_OK_AND_ASSIGN(refetched, repo_->fetch("main"));
  EXPECT_EQ(refetched, seed_);
  FW_ASSERT_OK_AND_ASSIGN(local, repo_->resolve("refs/heads/main"));
  EXPECT_EQ(local, seed_);
}

TEST_F(LibGit2WriteTest, RootCommitOnAnEmptyRemoteAndBranchDeletion) {
  const std::string empty = *dir_ / "empty.git";
  FW_ASSERT_OK(testkit::seed_bare_repo(empty, {}));
  auto repo = LibGit2Repository::open(runtime(), {empty, *dir_ / "cache", {}});
  FW_ASSERT_OK(repo);
  FW_ASSERT_OK_AND_ASSIGN(tip, (*repo)->fetch("main"));
  EXPECT_EQ(tip, "");
  FW_ASSERT_OK_AND_ASSIGN(root, (*repo)->create_commit(commit_request("", {write("README", "first\n")}, "initial")));
  FW_ASSERT_OK_AND_ASSIGN(info, (*repo)->commit_info(root));
  EXPECT_TRUE(info.parents.empty());
  FW_ASSERT_OK((*repo)->push("main", root, PushMode::FastForwardOnly));
  FW_ASSERT_OK((*repo)->push("feature", root, PushMode::FastForwardOnly));
  FW_ASSERT_OK_AND_ASSIGN(branches, git(empty, {"for-each-ref", "--format=%(refname)"}));
  EXPECT_EQ(branches, "refs/heads/feature\nrefs/heads/main");
  FW_ASSERT_OK((*repo)->delete_remote_branch("feature"));
  FW_ASSERT_OK_AND_ASSIGN(after, git(empty, {"for-each-ref", "--format=%(refname)"}));
  EXPECT_EQ(after, "refs/heads/main");
  FW_ASSERT_OK_AND_ASSIGN(gone, (*repo)->fetch("feature"));
  EXPECT_EQ(gone, "");
  Status<> again = (*repo)->delete_remote_branch("feature");
  EXPECT_TRUE(again.ok()) << again.error().message;
}

TEST_F(LibGit2WriteTest, CacheIsKeyedByNormalizedUrlAndReused) {
  auto again = LibGit2Repository::open(runtime(), {"file://" + remote_ + "/", *dir_ / "cache", {}});
  FW_ASSERT_OK(again);
  EXPECT_EQ((*again)->path(), repo_->path());
  FW_ASSERT_OK_AND_ASSIGN(recorded, git(repo_->path(), {"config", "fleetwave.url"}));
  EXPECT_EQ(recorded, "file://" + remote_);
  FW_ASSERT_OK_AND_ASSIGN(bare, git(repo_->path(), {"rev-parse", "--is-bare-repository"}));
  EXPECT_EQ(bare, "true");
}

}  // namespace
}  // namespace fleetwave::git
