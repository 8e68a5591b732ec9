// Reads through LibGit2Repository from a file:// remote: fetch, files, trees, blobs, commits,
// logs and changed paths, all without a checkout.
#include <memory>

#include <gtest/gtest.h>

#include "adapters/git/libgit2_repository.h"
#include "testkit/builders/git_cli.h"
#include "testkit/builders/git_remote_fixture.h"
#include "testkit/builders/git_test_helpers.h"
#include "testkit/process/temp_dir.h"

namespace fleetwave::git {
namespace {

using testkit::git;

class LibGit2ReadTest : public testkit::LibGit2RemoteTest {
 protected:
  void SetUp() override {
    set_up_remote("fw-read", {{"README.md", "hello\n"},
                              {"apps/guestbook/deploy.yaml", "kind: Deployment\n"},
                              {"apps/guestbook/rollout.yaml", "kind: WavePlan\n"},
                              {"apps/other/svc.yaml", "kind: Service\n"},
                              {"clusters/eu-1.yaml", "kind: Cluster\n"}});
    if (HasFatalFailure()) return;
    repo_ = open_cache();
    ASSERT_TRUE(repo_);
  }

  std::unique_ptr<LibGit2Repository> repo_;
};

TEST_F(LibGit2ReadTest, FetchReturnsTipOrEmptyForMissingBranch) {
  FW_ASSERT_OK_AND_ASSIGN(tip, repo_->fetch("main"));
  EXPECT_EQ(tip, seed_);
  FW_ASSERT_OK_AND_ASSIGN(missing, repo_->fetch("no-such-branch"));
  EXPECT_EQ(missing, "");
  FW_ASSERT_OK_AND_ASSIGN(resolved, repo_->resolve("refs/remotes/origin/main"));
  EXPECT_EQ(resolved, seed_);
  FW_ASSERT_OK_AND_ASSIGN(local, repo_->resolve("main"));
  EXPECT_EQ(local, seed_);
}

TEST_F(LibGit2ReadTest, ReadsFilesAndBlobs) {
  FW_ASSERT_OK(repo_->fetch("main"));
  FW_ASSERT_OK_AND_ASSIGN(content, repo_->read_file(seed_, "apps/guestbook/rollout.yaml"));
  EXPECT_EQ(content, "kind: WavePlan\n");
  FW_ASSERT_OK_AND_ASSIGN(entries, repo_->list_tree(seed_, "clusters", false));
  ASSERT_EQ(entries.size(), 1u);
  FW_ASSERT_OK_AND_ASSIGN(blob, repo_->read_blob(entries[0].oid));
  EXPECT_EQ(blob, "kind: Cluster\n");
}

TEST_F(LibGit2ReadTest, ListsTrees) {
  FW_ASSERT_OK(repo_->fetch("main"));
  FW_ASSERT_OK_AND_ASSIGN(top, repo_->list_tree(seed_, "", false));
  std::vector<std::string> names;
  for (const TreeEntry& e : top) names.push_back(e.path + (e.type == EntryType::Tree ? "/" : ""));
  EXPECT_EQ(names, (std::vector<std::string>{"README.md", "apps/", "clusters/"}));
  EXPECT_EQ(top[1].mode, kModeTree);
  EXPECT_FALSE(top[1].size.has_value());

  FW_ASSERT_OK_AND_ASSIGN(all, repo_->list_tree(seed_, "apps/", true));
  ASSERT_EQ(all.size(), 3u);
  EXPECT_EQ(all[0].path, "apps/guestbook/deploy.yaml");
  EXPECT_EQ(all[0].mode, kModeFile);
  EXPECT_EQ(all[0].size, std::optional<uint64_t>(17));
  EXPECT_EQ(all[2].path, "apps/other/svc.yaml");
  FW_ASSERT_OK_AND_ASSIGN(cli_oid, git(remote_, {"rev-parse", seed_ + ":apps/other/svc.yaml"}));
  EXPECT_EQ(all[2].oid, cli_oid);
}

TEST_F(LibGit2ReadTest, TreeIdMatchesGit) {
  FW_ASSERT_OK(repo_->fetch("main"));
  for (const std::string path : {"", "apps", "apps/guestbook", "clusters"}) {
    SCOPED_TRACE(path);
    FW_ASSERT_OK_AND_ASSIGN(id, repo_->tree_id(seed_, path));
    FW_ASSERT_OK_AND_ASSIGN(want, git(remote_, {"rev-parse", seed_ + ":" + path}));
    EXPECT_EQ(id, want);
  }
}

TEST_F(LibGit2ReadTest, ReadErrorsSayWhatAndWhere) {
  FW_ASSERT_OK(repo_->fetch("main"));
  const std::string s = seed_.substr(0, 12);
  struct Case {
    const char* name;
    std::function<Status<>()> call;
    ErrorKind kind;
    std::string message;
  };
  auto status = [](auto result) -> Status<> {
    if (result.ok()) return ok_status();
    return std::move(result).error();
  };
  const std::vector<Case> cases = {
      {"missing file", [&] { return status(repo_->read_file(seed_, "apps/nope.yaml")); }, ErrorKind::NotFound,
       "path 'apps/nope.yaml' not found in commit " + s},
      {"file below a file", [&] { return status(repo_->read_file(seed_, "README.md/x")); }, ErrorKind::NotFound,
       "path 'README.md/x' not found in commit " + s},
      {"directory as file", [&] { return status(repo_->read_file(seed_, "apps")); }, ErrorKind::InvalidInput,
       "path 'apps' in commit " + s + " is not a file"},
      {"invalid path", [&] { return status(repo_->read_file(seed_, "../etc/passwd")); }, ErrorKind::InvalidInput,
       "path '../etc/passwd': '.' and '..' components are not allowed"},
      {"missing prefix", [&] { return status(repo_->list_tree(seed_, "nope", true)); }, ErrorKind::NotFound,
       "path 'nope' not found in commit " + s},
      {"file prefix", [&] { return status(repo_->list_tree(seed_, "README.md", false)); }, ErrorKind::InvalidInput,
       "path 'README.md' in commit " + s + " is not a directory"},
      {"tree_id of a file", [&] { return status(repo_->tree_id(seed_, "README.md")); }, ErrorKind::InvalidInput,
       "path 'README.md' in commit " + s + " is not a directory"},
      {"unknown commit", [&] { return status(repo_->read_file(std::string(40, 'a'), "README.md")); },
       ErrorKind::NotFound, "commit " + std::string(40, 'a') + " not found"},
      {"unknown revision", [&] { return status(repo_->resolve("refs/heads/nope")); }, ErrorKind::NotFound,
       "revision 'refs/heads/nope' not found"},
      {"malformed blob id", [&] { return status(repo_->read_blob("xyz")); }, ErrorKind::InvalidInput,
       "blob id 'xyz' is not a 40-digit object id"},
      {"missing blob", [&] { return status(repo_->read_blob(std::string(40, 'b'))); }, ErrorKind::NotFound,
       "blob " + std::string(40, 'b') + " not found"},
      {"bad branch", [&] { return status(repo_->fetch("bad..name")); }, ErrorKind::InvalidInput,
       "invalid branch name 'bad..name'"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    Status<> got = c.call();
    ASSERT_FALSE(got.ok());
    EXPECT_EQ(got.error().kind, c.kind) << got.error().message;
    EXPECT_EQ(got.error().message, c.message);
  }
}

TEST_F(LibGit2ReadTest, CommitInfoLogAndChangedPaths) {
  FW_ASSERT_OK(repo_->fetch("main"));
  auto req = testkit::commit_request(
      seed_,
      {testkit::write("apps/guestbook/rollout.yaml", "kind: WavePlan\nx: 1\n"), testkit::remove("clusters/eu-1.yaml")},
      "advance guestbook\n\nFleetwave-App: guestbook\n", 30);
  req.committer = testkit::test_signature(40);
  FW_ASSERT_OK_AND_ASSIGN(second, repo_->create_commit(req));
  FW_ASSERT_OK_AND_ASSIGN(
      third, repo_->create_commit(testkit::commit_request(second, {testkit::write("a.txt", "a")}, "third", 50)));

  FW_ASSERT_OK_AND_ASSIGN(info, repo_->commit_info(second));
  EXPECT_EQ(info.oid, second);
  EXPECT_EQ(info.parents, std::vector<std::string>{seed_});
  EXPECT_EQ(info.message, "advance guestbook\n\nFleetwave-App: guestbook\n");
  EXPECT_EQ(info.author, testkit::test_signature(30));
  EXPECT_EQ(info.committer, testkit::test_signature(40));

  FW_ASSERT_OK_AND_ASSIGN(log, repo_->first_parent_log(third, "", 0));
  EXPECT_EQ(log, (std::vector<std::string>{third, second, seed_}));
  FW_ASSERT_OK_AND_ASSIGN(until_seed, repo_->first_parent_log(third, seed_, 0));
  EXPECT_EQ(until_seed, (std::vector<std::string>{third, second}));
  FW_ASSERT_OK_AND_ASSIGN(limited, repo_->first_parent_log(third, "", 1));
  EXPECT_EQ(limited, std::vector<std::string>{third});

  FW_ASSERT_OK_AND_ASSIGN(changed, repo_->changed_paths(second));
  EXPECT_EQ(changed, (std::vector<std::string>{"apps/guestbook/rollout.yaml", "clusters/eu-1.yaml"}));
  FW_ASSERT_OK_AND_ASSIGN(root_changes, repo_->changed_paths(seed_));
  EXPECT_EQ(root_changes.size(), 5u);
  FW_ASSERT_OK_AND_ASSIGN(between, repo_->changed_paths_between(seed_, third));
  EXPECT_EQ(between, (std::vector<std::string>{"a.txt", "apps/guestbook/rollout.yaml", "clusters/eu-1.yaml"}));
}

}  // namespace
}  // namespace fleetwave::git
