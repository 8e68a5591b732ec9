// Test fixtures (header-only) for tests on a real Git repository: LibGit2Test with a scratch
// directory, and with a bare remote seeded there that LibGit2Repository caches clone and "a
// person" changes with the git CLI.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "adapters/git/libgit2_repository.h"
#include "testkit/builders/git_cli.h"
#include "testkit/builders/git_test_helpers.h"
#include "testkit/process/temp_dir.h"

namespace fleetwave::testkit {

// LibGit2Test with a scratch directory `dir_`, removed after the test.
class LibGit2DirTest : public LibGit2Test {
 protected:
  // For the fixture's SetUp: starts libgit2 and creates the scratch directory <prefix>-XXXXXX. A
  // failure fails the test before its body runs.
  void set_up_dir(const std::string& prefix) {
    LibGit2Test::SetUp();
    if (HasFatalFailure()) return;
    auto dir = TempDir::create(prefix);
    ASSERT_TRUE(dir.ok());
    dir_.emplace(std::move(dir).value());
  }

  std::optional<TempDir> dir_;
};

// LibGit2DirTest with a bare repository `remote_` (<dir_>/remote.git) whose main is `seed_`.
class LibGit2RemoteTest : public LibGit2DirTest {
 protected:
  // For the fixture's SetUp: set_up_dir(prefix), then `files` as the remote's one commit.
  void set_up_remote(const std::string& prefix, const std::map<std::string, std::string>& files) {
    set_up_dir(prefix);
    if (HasFatalFailure()) return;
    remote_ = *dir_ / "remote.git";
    auto seed = seed_bare_repo(remote_, files);
    ASSERT_TRUE(seed.ok()) << seed.error().to_string();
    seed_ = *seed;
  }

  // A LibGit2Repository of file://remote_ caching in <dir_>/<cache> (null, failing the test, on
  // an error).
  std::unique_ptr<git::LibGit2Repository> open_cache(const std::string& cache = "cache") {
    auto repo =
        git::LibGit2Repository::open(runtime(), {"file://" + remote_, *dir_ / cache, git::GitCredentials::none()});
    EXPECT_TRUE(repo.ok()) << (repo.ok() ? "" : repo.error().to_string());
    return repo.ok() ? std::move(repo).value() : nullptr;
  }

  // Clones remote_ with the git CLI into `work`.
  void clone_remote(const std::string& work) {
    auto cloned = git(dir_->path(), {"clone", "-q", remote_, work});
    ASSERT_TRUE(cloned.ok()) << cloned.error().to_string();
  }

  // A person's change on the remote's main, in a scratch clone: `files` written and staged, then
  // each of the git `commands`, then a push.
  void push_as_person(const std::vector<std::vector<std::string>>& commands,
                      const std::map<std::string, std::string>& files = {}) {
    const std::string work = *dir_ / ("human-" + std::to_string(++people_));
    ASSERT_NO_FATAL_FAILURE(clone_remote(work));
    for (const auto& [path, content] : files) ASSERT_TRUE(write_text_file(work + "/" + path, content).ok());
    if (!files.empty()) {
      ASSERT_TRUE(git(work, {"add", "-A"}).ok());
    }
    for (const auto& args : commands) {
      auto r = git(work, args);
      ASSERT_TRUE(r.ok()) << r.error().to_string();
    }
    ASSERT_TRUE(git(work, {"push", "-q", "origin", "main"}).ok());
  }

  std::string remote_;
  std::string seed_;

 private:
  int people_ = 0;
};

}  // namespace fleetwave::testkit
