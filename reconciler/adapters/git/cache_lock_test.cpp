// CacheWriteLock: a fetch or push after a writer was killed mid-update (its ref lock files left
// in the cache clone) succeeds, and writers of one clone take turns.
#include "adapters/git/cache_lock.h"

#include <atomic>
#include <chrono>
#include <filesystem>
#include <thread>

#include <gtest/gtest.h>

#include "adapters/git/libgit2_repository.h"
#include "testkit/builders/git_cli.h"
#include "testkit/builders/git_remote_fixture.h"
#include "testkit/builders/git_test_helpers.h"
#include "testkit/process/temp_dir.h"

namespace fleetwave::git {
namespace {

namespace fs = std::filesystem;

class CacheWriteLockTest : public testkit::LibGit2RemoteTest {
 protected:
  void SetUp() override {
    set_up_remote("fw-cache-lock", {{"apps/a/app.yaml", "a\n"}});
    if (HasFatalFailure()) return;
    repo_ = open_cache();
    ASSERT_TRUE(repo_);
  }

  std::unique_ptr<LibGit2Repository> repo_;
};

TEST_F(CacheWriteLockTest, FetchAndPushSucceedAfterAKilledWriterLeftLockFiles) {
  auto first = repo_->fetch("main");
  ASSERT_TRUE(first.ok()) << first.error().to_string();
  // What a process killed inside libgit2's ref updates leaves behind.
  const fs::path clone = repo_->path();
  for (const char* ref : {"refs/remotes/origin/main.lock", "refs/heads/main.lock"}) {
    ASSERT_TRUE(testkit::write_text_file((clone / ref).string(), "").ok());
  }
  ASSERT_TRUE(testkit::write_text_file((clone / "packed-refs.lock").string(), "").ok());

  auto again = repo_->fetch("main");
  ASSERT_TRUE(again.ok()) << again.error().to_string();
  EXPECT_EQ(*again, *first);
  EXPECT_FALSE(fs::exists(clone / "refs/remotes/origin/main.lock"));
  EXPECT_FALSE(fs::exists(clone / "packed-refs.lock"));

  ASSERT_TRUE(testkit::write_text_file((clone / "refs/heads/main.lock").string(), "").ok());
  auto commit =
      repo_->create_commit(testkit::commit_request(*again, {testkit::write("apps/a/app.yaml", "b\n")}, "step"));
  ASSERT_TRUE(commit.ok()) << commit.error().to_string();
  auto pushed = repo_->push("main", *commit, PushMode::FastForwardOnly);
  EXPECT_TRUE(pushed.ok()) << pushed.error().to_string();
  EXPECT_EQ(*testkit::git(remote_, {"rev-parse", "main"}), *commit);
}

TEST_F(CacheWriteLockTest, WritersOfOneCloneTakeTurns) {
  auto held = CacheWriteLock::acquire(repo_->path());
  ASSERT_TRUE(held.ok()) << held.error().to_string();
  std::atomic<bool> released{false}, second_acquired{false}, overlapped{false};
  std::thread second([&] {
    auto lock = CacheWriteLock::acquire(repo_->path());
    EXPECT_TRUE(lock.ok());
    overlapped = !released.load();
    second_acquired = true;
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  EXPECT_FALSE(second_acquired.load()) << "the second writer must wait for the first";
  released = true;
  { CacheWriteLock drop = std::move(held).value(); }
  second.join();
  EXPECT_TRUE(second_acquired.load());
  EXPECT_FALSE(overlapped.load());
}

}  // namespace
}  // namespace fleetwave::git
