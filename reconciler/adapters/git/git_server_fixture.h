// Test fixture (header-only) for the LibGit2Repository tests against a real Git server on
// 127.0.0.1 (HTTP, HTTPS, SSH): a scratch directory for the clients' caches, the started server
// and its repository "fleet.git" with a seed commit.
#pragma once

#include <map>
#include <memory>
#include <string>

#include <gtest/gtest.h>

#include "adapters/git/libgit2_repository.h"
#include "testkit/builders/git_remote_fixture.h"
#include "testkit/builders/git_test_helpers.h"

namespace fleetwave::testkit {

// `Server` is testkit::GitHttpServer or testkit::GitSshServer.
template <class Server>
class GitServerTest : public LibGit2DirTest {
 protected:
  // For the fixture's SetUp: starts libgit2, creates the scratch directory <dir_prefix>-XXXXXX,
  // starts the server with `start_server()` and seeds its "fleet.git" with `files`. A failure
  // fails the test before its body runs.
  template <class StartServer>
  void set_up_server(const std::string& dir_prefix, StartServer start_server,
                     const std::map<std::string, std::string>& files) {
    set_up_dir(dir_prefix);
    if (HasFatalFailure()) return;
    Result<std::unique_ptr<Server>> started = start_server();
    ASSERT_TRUE(started.ok()) << started.error().to_string();
    server_ = std::move(started).value();
    auto seed = server_->create_repo("fleet.git", files);
    ASSERT_TRUE(seed.ok()) << seed.error().to_string();
    seed_ = *seed;
  }

  // A client of the repository at `url`, caching below the scratch directory's `cache`.
  Result<std::unique_ptr<git::LibGit2Repository>> open_url(const std::string& url, git::GitCredentials credentials,
                                                           const std::string& cache = "cache") {
    return git::LibGit2Repository::open(runtime(), {url, *dir_ / cache, std::move(credentials)});
  }

  // What `repo` makes of an update the server refuses: one commit (x = 1) on main pushed after
  // a pre-receive hook on "fleet.git" that says `words` on stderr and exits 1.
  Status<> push_refused_by_hook(git::LibGit2Repository& repo, const std::string& words) {
    FW_CHECK(server_->install_hook("fleet.git", "pre-receive", "#!/bin/sh\necho '" + words + "' >&2\nexit 1\n"));
    FW_TRY(tip, repo.fetch("main"));
    FW_TRY(commit, repo.create_commit(commit_request(tip, {write("x", "1")})));
    return repo.push("main", commit, git::PushMode::FastForwardOnly);
  }

  std::unique_ptr<Server> server_;
  std::string seed_;
};

}  // namespace fleetwave::testkit
