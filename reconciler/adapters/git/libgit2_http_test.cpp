// LibGit2Repository against a real smart-HTTP server with basic auth (lighttpd +
// git-http-backend on 127.0.0.1): credentials, pushes, races and server-side rejections.
#include <atomic>
#include <chrono>
#include <memory>
#include <thread>

#include <gtest/gtest.h>

#include "adapters/git/git_server_fixture.h"
#include "adapters/git/libgit2_repository.h"
#include "testkit/builders/git_cli.h"
#include "testkit/builders/git_test_helpers.h"
#include "testkit/process/temp_dir.h"
#include "testkit/servers/git_http_server.h"

namespace fleetwave::git {
namespace {

using testkit::commit_request;
using testkit::write;

class HttpServerTest : public testkit::GitServerTest<testkit::GitHttpServer> {
 protected:
  void SetUp() override {
    set_up_server("fw-http-client", [] { return testkit::GitHttpServer::start(); },
                  {{"apps/a/app.yaml", "a\n"}, {".fleetwave/a/state.yaml", "wave: 0\n"}});
  }

  Result<std::unique_ptr<LibGit2Repository>> open(GitCredentials credentials, const std::string& cache = "cache") {
    return open_url(server_->url("fleet.git"), std::move(credentials), cache);
  }
  GitCredentials good() const { return GitCredentials::user_password(server_->user(), server_->password()); }
  std::string server_tip() {
    auto tip = testkit::git(server_->repo_path("fleet.git"), {"rev-parse", "refs/heads/main"});
    return tip.ok() ? *tip : "error: " + tip.error().message;
  }
};

TEST_F(HttpServerTest, FetchCommitPushWithBasicAuth) {
  FW_ASSERT_OK_AND_ASSIGN(repo, open(good()));
  FW_ASSERT_OK_AND_ASSIGN(tip, repo->fetch("main"));
  EXPECT_EQ(tip, seed_);
  FW_ASSERT_OK_AND_ASSIGN(state, repo->read_file(tip, ".fleetwave/a/state.yaml"));
  EXPECT_EQ(state, "wave: 0\n");
  FW_ASSERT_OK_AND_ASSIGN(commit,
                          repo->create_commit(commit_request(tip, {write(".fleetwave/a/state.yaml", "wave: 1\n")})));
  FW_ASSERT_OK(repo->push("main", commit, PushMode::FastForwardOnly));
  EXPECT_EQ(server_tip(), commit);
  // A second round trip fetches incrementally from the same cache.
  FW_ASSERT_OK_AND_ASSIGN(again, repo->fetch("main"));
  EXPECT_EQ(again, commit);
  FW_ASSERT_OK(testkit::git(server_->repo_path("fleet.git"), {"fsck", "--strict", "--no-progress"}));
}

TEST_F(HttpServerTest, TokenCredentialsUseTheConfiguredUserName) {
  server_.reset();
  auto server = testkit::GitHttpServer::start({"x-access-token", "ghs_0123456789abcdef"});
  ASSERT_TRUE(server.ok()) << server.error().to_string();
  server_ = std::move(server).value();
  FW_ASSERT_OK(server_->create_repo("fleet.git", {{"f", "1"}}));
  FW_ASSERT_OK_AND_ASSIGN(repo, open(GitCredentials::token("ghs_0123456789abcdef")));
  FW_ASSERT_OK_AND_ASSIGN(tip, repo->fetch("main"));
  EXPECT_FALSE(tip.empty());
}

TEST_F(HttpServerTest, WrongPasswordIsAQuickRedactedInvalidInput) {
  FW_ASSERT_OK_AND_ASSIGN(repo, open(GitCredentials::user_password("alice", "wrong-password-123")));
  auto start = std::chrono::steady_clock::now();
  auto got = repo->fetch("main");
  auto elapsed = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start);
  ASSERT_FALSE(got.ok());
  EXPECT_EQ(got.error().kind, ErrorKind::InvalidInput);
  EXPECT_EQ(got.error().message, "fetch main from " + server_->url("fleet.git") +
                                     ": authentication failed: the server rejected user/password (alice) "
                                     "(gave up after 3 attempts)");
  EXPECT_EQ(got.error().message.find("wrong-password-123"), std::string::npos);
  EXPECT_LT(elapsed.count(), 10000) << "lighttpd delays each failed auth by about 1 s; libgit2 alone retries ~14 times";
  std::printf("[timing] wrong password rejected after %lld ms\n", static_cast<long long>(elapsed.count()));
}

TEST_F(HttpServerTest, PasswordInTheUrlIsRedactedFromErrors) {
  const std::string url = "http://alice:leaked-secret-9@127.0.0.1:" + std::to_string(server_->port()) + "/git/nope.git";
  auto repo = LibGit2Repository::open(runtime(), {url, *dir_ / "cache", {}});
  FW_ASSERT_OK(repo);
  auto got = (*repo)->fetch("main");
  ASSERT_FALSE(got.ok());
  EXPECT_EQ(got.error().message.find("leaked-secret-9"), std::string::npos) << got.error().message;
  EXPECT_NE(got.error().message.find("http://***@127.0.0.1"), std::string::npos) << got.error().message;
}

TEST_F(HttpServerTest, MissingCredentialsAreInvalidInput) {
  FW_ASSERT_OK_AND_ASSIGN(repo, open(GitCredentials::none()));
  auto got = repo->fetch("main");
  ASSERT_FALSE(got.ok());
  EXPECT_EQ(got.error().kind, ErrorKind::InvalidInput);
  EXPECT_EQ(got.error().message,
            "fetch main from " + server_->url("fleet.git") +
                ": the server requires authentication (user/password) but no credentials are configured");
}

TEST_F(HttpServerTest, PreReceiveRejectionIsRejectedNotAConflict_D3) {
  // The server's rules refuse the update (push_update_reference reports a status): not a lost
  // race to retry, but Rejected, with the server's own words.
  FW_ASSERT_OK_AND_ASSIGN(repo, open(good()));
  Status<> pushed = push_refused_by_hook(*repo, "branch is frozen by policy");
  ASSERT_FALSE(pushed.ok());
  EXPECT_EQ(pushed.error().kind, ErrorKind::Rejected);
  EXPECT_EQ(pushed.error().message, "push main to " + server_->url("fleet.git") +
                                        ": the server refused the update (refs/heads/main pre-receive hook declined); "
                                        "remote: branch is frozen by policy; check the server's hooks and branch "
                                        "protection for fleetwave's user");
  EXPECT_EQ(server_tip(), seed_);
}

TEST_F(HttpServerTest, WrongPasswordInTheUrlIsNamedAsSuch_D13) {
  // It used to say "no credentials are configured".
  const std::string url = "http://alice:wrong-in-url-3@127.0.0.1:" + std::to_string(server_->port()) + "/git/fleet.git";
  auto repo = LibGit2Repository::open(runtime(), {url, *dir_ / "cache", {}});
  FW_ASSERT_OK(repo);
  auto got = (*repo)->fetch("main");
  ASSERT_FALSE(got.ok());
  EXPECT_EQ(got.error().kind, ErrorKind::InvalidInput);
  EXPECT_EQ(got.error().message,
            "fetch main from http://***@127.0.0.1:" + std::to_string(server_->port()) +
                "/git/fleet.git: authentication failed: the server rejected the password in the repository URL (user "
                "alice); fix it, or put the credentials in --git-password-file instead");
}

TEST_F(HttpServerTest, PushRaceLoserGetsConflictAndRetrySucceeds) {
  FW_ASSERT_OK_AND_ASSIGN(a, open(good(), "cache-a"));
  FW_ASSERT_OK_AND_ASSIGN(b, open(good(), "cache-b"));
  FW_ASSERT_OK_AND_ASSIGN(tip_a, a->fetch("main"));
  FW_ASSERT_OK_AND_ASSIGN(tip_b, b->fetch("main"));
  FW_ASSERT_OK_AND_ASSIGN(ca, a->create_commit(commit_request(tip_a, {write("a.txt", "a")})));
  FW_ASSERT_OK_AND_ASSIGN(cb, b->create_commit(commit_request(tip_b, {write("b.txt", "b")})));
  FW_ASSERT_OK(a->push("main", ca, PushMode::FastForwardOnly));
  Status<> lost = b->push("main", cb, PushMode::FastForwardOnly);
  ASSERT_FALSE(lost.ok());
  EXPECT_EQ(lost.error().kind, ErrorKind::Conflict) << lost.error().message;
  FW_ASSERT_OK_AND_ASSIGN(new_tip, b->fetch("main"));
  EXPECT_EQ(new_tip, ca);
  FW_ASSERT_OK_AND_ASSIGN(retry, b->create_commit(commit_request(new_tip, {write("b.txt", "b")})));
  FW_ASSERT_OK(b->push("main", retry, PushMode::FastForwardOnly));
  EXPECT_EQ(server_tip(), retry);
}

// The reconciler's retry loop, from several threads at once, each with its own instance and
// cache: fetch, rebuild on the tip, push; a Conflict (client-side non-fast-forward or the
// server's "failed to update ref") means "someone else won, go again". No write may be lost.
TEST_F(HttpServerTest, ConcurrentWritersAllLand) {
  constexpr int kWriters = 4, kWrites = 5;
  std::atomic<int> conflicts{0};
  std::vector<std::string> failures(kWriters);
  std::vector<std::unique_ptr<LibGit2Repository>> repos;
  for (int w = 0; w < kWriters; ++w) {
    FW_ASSERT_OK_AND_ASSIGN(repo, open(good(), "cache-" + std::to_string(w)));
    repos.push_back(std::move(repo));
  }
  auto writer = [&](int w) {
    for (int seq = 0; seq < kWrites; ++seq) {
      const std::string path = "writers/" + std::to_string(w) + ".yaml";
      for (int attempt = 0;; ++attempt) {
        auto tip = repos[w]->fetch("main");
        if (!tip.ok()) return void(failures[w] = tip.error().to_string());
        auto commit = repos[w]->create_commit(commit_request(*tip, {write(path, "seq: " + std::to_string(seq) + "\n")},
                                                             "writer " + std::to_string(w), seq));
        if (!commit.ok()) return void(failures[w] = commit.error().to_string());
        Status<> pushed = repos[w]->push("main", *commit, PushMode::FastForwardOnly);
        if (pushed.ok()) break;
        if (pushed.error().kind != ErrorKind::Conflict || attempt == 100) {
          return void(failures[w] = pushed.error().to_string());
        }
        ++conflicts;
        std::this_thread::sleep_for(std::chrono::milliseconds(5 * (1 + (attempt + w) % 8)));
      }
    }
  };
  std::vector<std::thread> threads;
  for (int w = 0; w < kWriters; ++w) threads.emplace_back(writer, w);
  for (std::thread& t : threads) t.join();
  for (int w = 0; w < kWriters; ++w) EXPECT_EQ(failures[w], "") << "writer " << w;
  const std::string bare = server_->repo_path("fleet.git");
  for (int w = 0; w < kWriters; ++w) {
    FW_ASSERT_OK_AND_ASSIGN(content, testkit::git(bare, {"show", "main:writers/" + std::to_string(w) + ".yaml"}));
    EXPECT_EQ(content, "seq: " + std::to_string(kWrites - 1));
  }
  FW_ASSERT_OK_AND_ASSIGN(count, testkit::git(bare, {"rev-list", "--count", "main"}));
  EXPECT_EQ(count, std::to_string(1 + kWriters * kWrites));
  std::printf("[concurrency] %d writers x %d writes over HTTP: all landed after %d conflicts\n", kWriters, kWrites,
              conflicts.load());
}

TEST_F(HttpServerTest, UnreachableServerIsTransient) {
  const int port = server_->port();
  GitCredentials credentials = good();
  server_.reset();  // nothing listens there any more
  auto repo = LibGit2Repository::open(
      runtime(), {"http://127.0.0.1:" + std::to_string(port) + "/git/fleet.git", *dir_ / "cache", credentials});
  FW_ASSERT_OK(repo);
  auto got = (*repo)->fetch("main");
  ASSERT_FALSE(got.ok());
  EXPECT_EQ(got.error().kind, ErrorKind::Transient) << got.error().message;
}

}  // namespace
}  // namespace fleetwave::git
