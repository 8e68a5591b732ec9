// WorktreeCommitter in an ordinary clone made by the git CLI: the working tree, the index and
// HEAD stay consistent (`git status` clean) and pre-existing staged work is never swept in.
#include "adapters/git/worktree_committer.h"

#include <filesystem>

#include <gtest/gtest.h>

#include "testkit/builders/git_cli.h"
#include "testkit/builders/git_remote_fixture.h"
#include "testkit/builders/git_test_helpers.h"
#include "testkit/process/child_process.h"
#include "testkit/process/temp_dir.h"

namespace fleetwave::git {
namespace {

using testkit::git;
using testkit::remove;
using testkit::write;

class WorktreeCommitterTest : public testkit::LibGit2RemoteTest {
 protected:
  void SetUp() override {
    set_up_remote(
        "fw-worktree",
        {{"apps/a/app.yaml", "a\n"}, {".fleetwave/a/state.yaml", "wave: 0\n"}, {".fleetwave/a/targets.json", "[]\n"}});
    if (HasFatalFailure()) return;
    work_ = *dir_ / "work";
    clone_remote(work_);
  }

  WorktreeCommitRequest request(std::vector<FileChange> changes) {
    WorktreeCommitRequest r;
    r.changes = std::move(changes);
    r.message = "fleetwave: approve a\n\nFleetwave-Action: approve";
    r.author = testkit::test_signature();
    return r;
  }

  std::string status() {
    auto out = git(work_, {"status", "--porcelain", "--untracked-files=all"});
    return out.ok() ? *out : "error: " + out.error().message;
  }

  std::string work_;
};

TEST_F(WorktreeCommitterTest, CommitKeepsStatusClean) {
  FW_ASSERT_OK_AND_ASSIGN(committer, WorktreeCommitter::open(runtime(), work_ + "/apps/a"));
  EXPECT_EQ(committer->workdir(), work_ + "/");
  FW_ASSERT_OK_AND_ASSIGN(oid, committer->commit(request({write(".fleetwave/a/state.yaml", "wave: 1\n"),
                                                          write(".fleetwave/a/approvals/w1.yaml", "by: me\n"),
                                                          remove(".fleetwave/a/targets.json")})));
  EXPECT_EQ(status(), "");
  FW_ASSERT_OK_AND_ASSIGN(head, git(work_, {"rev-parse", "HEAD"}));
  EXPECT_EQ(head, oid);
  FW_ASSERT_OK_AND_ASSIGN(branch_tip, git(work_, {"rev-parse", "refs/heads/main"}));
  EXPECT_EQ(branch_tip, oid);
  FW_ASSERT_OK_AND_ASSIGN(files, git(work_, {"show", "--name-status", "--format=%s", "HEAD"}));
  EXPECT_EQ(files,
            "fleetwave: approve a\n\nA\t.fleetwave/a/approvals/w1.yaml\nM\t.fleetwave/a/state.yaml\n"
            "D\t.fleetwave/a/targets.json");
  EXPECT_EQ(testkit::read_text_file(work_ + "/.fleetwave/a/state.yaml"), "wave: 1\n");
  EXPECT_FALSE(std::filesystem::exists(work_ + "/.fleetwave/a/targets.json"));
  // Unchanged content is not a new commit.
  FW_ASSERT_OK_AND_ASSIGN(again, committer->commit(request({write(".fleetwave/a/state.yaml", "wave: 1\n")})));
  EXPECT_EQ(again, oid);
}

TEST_F(WorktreeCommitterTest, DeletingTheLastFileRemovesEmptyDirectories) {
  FW_ASSERT_OK_AND_ASSIGN(committer, WorktreeCommitter::open(runtime(), work_));
  FW_ASSERT_OK(committer->commit(request({remove("apps/a/app.yaml")})));
  EXPECT_FALSE(std::filesystem::exists(work_ + "/apps"));
  EXPECT_EQ(status(), "");
}

TEST_F(WorktreeCommitterTest, UnrelatedUnstagedEditsStayUnstaged) {
  FW_ASSERT_OK(testkit::write_text_file(work_ + "/apps/a/app.yaml", "edited by hand\n"));
  FW_ASSERT_OK_AND_ASSIGN(committer, WorktreeCommitter::open(runtime(), work_));
  FW_ASSERT_OK(committer->commit(request({write(".fleetwave/a/state.yaml", "wave: 2\n")})));
  EXPECT_EQ(status(), " M apps/a/app.yaml");
}

TEST_F(WorktreeCommitterTest, RefusesWhenSomethingIsAlreadyStaged) {
  FW_ASSERT_OK(testkit::write_text_file(work_ + "/notes.txt", "wip\n"));
  FW_ASSERT_OK(git(work_, {"add", "notes.txt"}));
  FW_ASSERT_OK_AND_ASSIGN(committer, WorktreeCommitter::open(runtime(), work_));
  auto got = committer->commit(request({write(".fleetwave/a/state.yaml", "wave: 1\n")}));
  ASSERT_FALSE(got.ok());
  EXPECT_EQ(got.error().kind, ErrorKind::InvalidInput);
  EXPECT_EQ(got.error().message,
            work_ + "/: the index already has staged changes (1 paths, e.g. notes.txt); commit or unstage them first");
  EXPECT_EQ(testkit::read_text_file(work_ + "/.fleetwave/a/state.yaml"), "wave: 0\n");  // nothing written
  EXPECT_EQ(status(), "A  notes.txt");
}

TEST_F(WorktreeCommitterTest, RefusesPathsThroughSymlinks) {
  std::filesystem::create_directory_symlink("/tmp", work_ + "/escape");
  FW_ASSERT_OK_AND_ASSIGN(committer, WorktreeCommitter::open(runtime(), work_));
  auto got = committer->commit(request({write("escape/x.yaml", "x")}));
  ASSERT_FALSE(got.ok());
  EXPECT_EQ(got.error().message, "path 'escape/x.yaml': goes through a symlink");
}

TEST_F(WorktreeCommitterTest, FirstCommitOnAnUnbornBranch) {
  const std::string fresh = *dir_ / "fresh";
  FW_ASSERT_OK(git(dir_->path(), {"init", "-q", "-b", "main", fresh}));
  FW_ASSERT_OK_AND_ASSIGN(committer, WorktreeCommitter::open(runtime(), fresh));
  FW_ASSERT_OK_AND_ASSIGN(oid, committer->commit(request({write("README", "hi\n")})));
  FW_ASSERT_OK_AND_ASSIGN(head, git(fresh, {"rev-parse", "main"}));
  EXPECT_EQ(head, oid);
  auto out = git(fresh, {"status", "--porcelain"});
  FW_ASSERT_OK(out);
  EXPECT_EQ(*out, "");
}

TEST_F(WorktreeCommitterTest, OpenErrors) {
  auto bare = WorktreeCommitter::open(runtime(), *dir_ / "remote.git");
  ASSERT_FALSE(bare.ok());
  EXPECT_EQ(bare.error().message, "repository at " + (*dir_ / "remote.git") + " is bare: it has no working tree");
  auto none = WorktreeCommitter::open(runtime(), "/");
  ASSERT_FALSE(none.ok());
  EXPECT_EQ(none.error().kind, ErrorKind::InvalidInput);
}

}  // namespace
}  // namespace fleetwave::git
