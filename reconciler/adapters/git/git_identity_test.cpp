// configured_identity: the author git would record, from the environment given (not the
// process's): GIT_AUTHOR_* first, then the repository's config, the XDG file, ~/.gitconfig.
#include "adapters/git/git_identity.h"

#include <gtest/gtest.h>

#include "testkit/builders/git_cli.h"
#include "testkit/builders/git_remote_fixture.h"
#include "testkit/builders/git_test_helpers.h"
#include "testkit/process/temp_dir.h"

namespace fleetwave::git {
namespace {

class GitIdentityTest : public testkit::LibGit2DirTest {
 protected:
  void SetUp() override {
    set_up_dir("fw-identity");
    if (HasFatalFailure()) return;
    work_ = *dir_ / "work";
    FW_ASSERT_OK(testkit::git(dir_->path(), {"init", "-q", work_}));
    env_ = {{"HOME", *dir_ / "home"}, {"XDG_CONFIG_HOME", *dir_ / "xdg"}};
  }

  std::string identity(const std::string& path) {
    auto who = configured_identity(path, env_);
    EXPECT_TRUE(who.ok()) << who.error().to_string();
    if (!who.ok() || !*who) return "none";
    return (*who)->name + " <" + (*who)->email + ">";
  }

  std::string work_;
  std::map<std::string, std::string> env_;
};

TEST_F(GitIdentityTest, FollowsGitsOrderOfSources) {
  EXPECT_EQ(identity(work_), "none");
  FW_ASSERT_OK(testkit::write_text_file(*dir_ / "home/.gitconfig", "[user]\n\tname = Gil Global\n\temail = g@x\n"));
  EXPECT_EQ(identity(work_), "Gil Global <g@x>");
  EXPECT_EQ(identity(dir_->path()), "Gil Global <g@x>") << "outside any repository";
  FW_ASSERT_OK(testkit::write_text_file(*dir_ / "xdg/git/config", "[user]\n\temail = xdg@x\n"));
  EXPECT_EQ(identity(work_), "Gil Global <g@x>") << "~/.gitconfig wins over the XDG file";
  FW_ASSERT_OK(testkit::git(work_, {"config", "user.name", "Lou Local"}));
  EXPECT_EQ(identity(work_ + "/"), "Lou Local <g@x>") << "the repository's config wins, key by key";
  env_["GIT_AUTHOR_NAME"] = "Ann Env";
  env_["GIT_AUTHOR_EMAIL"] = "ann@x";
  EXPECT_EQ(identity(work_), "Ann Env <ann@x>");
}

TEST_F(GitIdentityTest, ANameWithoutAnEmailIsNoIdentity) {
  FW_ASSERT_OK(testkit::write_text_file(*dir_ / "home/.gitconfig", "[user]\n\tname = Only Name\n"));
  EXPECT_EQ(identity(work_), "none");
}

}  // namespace
}  // namespace fleetwave::git
