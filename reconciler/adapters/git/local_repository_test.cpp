// LocalRepository over an ordinary clone made by the git CLI: branch and HEAD resolution without
// network, reads from the object database (never the working tree), push refused.
#include "adapters/git/local_repository.h"

#include <gtest/gtest.h>

#include "testkit/builders/git_cli.h"
#include "testkit/builders/git_remote_fixture.h"
#include "testkit/builders/git_test_helpers.h"
#include "testkit/process/temp_dir.h"

namespace fleetwave::git {
namespace {

using testkit::git;

class LocalRepositoryTest : public testkit::LibGit2RemoteTest {
 protected:
  void SetUp() override {
    set_up_remote("fw-local-repo", {{"apps/a/rollout.yaml", "v1\n"}, {"README", "hi\n"}});
    if (HasFatalFailure()) return;
    work_ = *dir_ / "work";
    clone_remote(work_);
  }

  std::string work_;
};

TEST_F(LocalRepositoryTest, FetchResolvesBranchesAndHeadWithoutNetwork) {
  FW_ASSERT_OK(testkit::write_text_file(work_ + "/apps/a/rollout.yaml", "v2\n"));
  FW_ASSERT_OK(git(work_, {"commit", "-qam", "local change"}));
  FW_ASSERT_OK(git(work_, {"branch", "side", seed_}));
  FW_ASSERT_OK_AND_ASSIGN(local_head, git(work_, {"rev-parse", "HEAD"}));
  FW_ASSERT_OK_AND_ASSIGN(repo, LocalRepository::open(runtime(), work_ + "/apps/a"));
  EXPECT_EQ(repo->workdir(), work_ + "/");

  struct Case {
    std::string name, branch, want;
  } cases[] = {
      {"head", "", local_head},  // the checkout's own commit, not the remote's
      {"current branch", "main", local_head},
      {"other branch", "side", seed_},
      {"missing branch", "nope", ""},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    FW_ASSERT_OK_AND_ASSIGN(tip, repo->fetch(c.branch));
    EXPECT_EQ(tip, c.want);
  }
  auto bad = repo->fetch("a..b");
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error().message, "invalid branch name 'a..b'");
  FW_ASSERT_OK_AND_ASSIGN(branch, repo->head_branch());
  EXPECT_EQ(branch, "main");
  FW_ASSERT_OK_AND_ASSIGN(origin, repo->remote_url("origin"));
  EXPECT_EQ(origin, std::optional<std::string>(remote_));
  FW_ASSERT_OK_AND_ASSIGN(none, repo->remote_url("upstream"));
  EXPECT_EQ(none, std::nullopt);
}

TEST_F(LocalRepositoryTest, ReadsCommittedContentNotTheWorkingTree) {
  FW_ASSERT_OK(testkit::write_text_file(work_ + "/apps/a/rollout.yaml", "uncommitted\n"));
  FW_ASSERT_OK_AND_ASSIGN(repo, LocalRepository::open(runtime(), work_));
  FW_ASSERT_OK_AND_ASSIGN(head, repo->fetch(""));
  FW_ASSERT_OK_AND_ASSIGN(content, repo->read_file(head, "apps/a/rollout.yaml"));
  EXPECT_EQ(content, "v1\n");
  FW_ASSERT_OK_AND_ASSIGN(entries, repo->list_tree(head, "", true));
  ASSERT_EQ(entries.size(), 2u);
  EXPECT_EQ(entries[0].path, "README");
  FW_ASSERT_OK_AND_ASSIGN(resolved, repo->resolve("HEAD"));
  EXPECT_EQ(resolved, seed_);
  FW_ASSERT_OK_AND_ASSIGN(info, repo->commit_info(head));
  EXPECT_EQ(info.message, "seed\n");
}

TEST_F(LocalRepositoryTest, CommitsWriteObjectsButMoveNoRefAndPushIsRefused) {
  FW_ASSERT_OK_AND_ASSIGN(repo, LocalRepository::open(runtime(), work_));
  FW_ASSERT_OK_AND_ASSIGN(oid, repo->create_commit(testkit::commit_request(seed_, {testkit::write("x.txt", "x\n")})));
  EXPECT_NE(oid, seed_);
  FW_ASSERT_OK_AND_ASSIGN(head, git(work_, {"rev-parse", "HEAD"}));
  EXPECT_EQ(head, seed_);
  FW_ASSERT_OK_AND_ASSIGN(paths, repo->changed_paths(oid));
  EXPECT_EQ(paths, std::vector<std::string>{"x.txt"});
  auto pushed = repo->push("main", oid, PushMode::FastForwardOnly);
  ASSERT_FALSE(pushed.ok());
  EXPECT_EQ(pushed.error().kind, ErrorKind::InvalidInput);
  EXPECT_EQ(pushed.error().message, "push main: the local checkout " + work_ +
                                        "/ has no remote access here; push with git, or pass --repo URL");
}

TEST_F(LocalRepositoryTest, DetachedAndUnbornHeads) {
  FW_ASSERT_OK(git(work_, {"checkout", "-q", "--detach"}));
  FW_ASSERT_OK_AND_ASSIGN(repo, LocalRepository::open(runtime(), work_));
  FW_ASSERT_OK_AND_ASSIGN(branch, repo->head_branch());
  EXPECT_EQ(branch, "");
  FW_ASSERT_OK_AND_ASSIGN(head, repo->fetch(""));
  EXPECT_EQ(head, seed_);

  const std::string fresh = *dir_ / "fresh";
  FW_ASSERT_OK(git(dir_->path(), {"init", "-q", "-b", "main", fresh}));
  FW_ASSERT_OK_AND_ASSIGN(empty, LocalRepository::open(runtime(), fresh));
  FW_ASSERT_OK_AND_ASSIGN(unborn, empty->fetch(""));
  EXPECT_EQ(unborn, "");
}

TEST_F(LocalRepositoryTest, OpenErrors) {
  auto bare = LocalRepository::open(runtime(), remote_);
  ASSERT_FALSE(bare.ok());
  EXPECT_EQ(bare.error().message, "repository at " + remote_ + " is bare: it has no working tree");
  auto none = LocalRepository::open(runtime(), "/");
  ASSERT_FALSE(none.ok());
  EXPECT_EQ(none.error().kind, ErrorKind::InvalidInput);
  EXPECT_EQ(none.error().message, "no git repository at or above /");
}

}  // namespace
}  // namespace fleetwave::git
