// LibGit2Repository against a real sshd serving git-upload-pack/git-receive-pack on 127.0.0.1:
// key authentication from memory and host-key verification against known_hosts.
#include <chrono>
#include <memory>

#include <gtest/gtest.h>

#include "adapters/git/git_server_fixture.h"
#include "adapters/git/libgit2_repository.h"
#include "testkit/builders/git_cli.h"
#include "testkit/builders/git_test_helpers.h"
#include "testkit/process/child_process.h"
#include "testkit/process/temp_dir.h"
#include "testkit/servers/git_ssh_server.h"

namespace fleetwave::git {
namespace {

using testkit::commit_request;
using testkit::write;

class SshServerTest : public testkit::GitServerTest<testkit::GitSshServer> {
 protected:
  void SetUp() override {
    set_up_server("fw-ssh-client", [] { return testkit::GitSshServer::start(); }, {{"apps/a/app.yaml", "a\n"}});
  }

  Result<std::unique_ptr<LibGit2Repository>> open(GitCredentials credentials) {
    return open_url(server_->url("fleet.git"), std::move(credentials));
  }
  GitCredentials good() const { return GitCredentials::ssh_key(server_->client_private_key(), server_->known_hosts()); }

  // An unrelated ed25519 key pair generated on the spot: {private key, "ssh-ed25519 AAAA..."}.
  std::pair<std::string, std::string> other_key(const std::string& name) {
    testkit::ProcessSpec spec;
    spec.argv = {"ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", name, "-f", *dir_ / name};
    auto result = testkit::run_command(spec);
    EXPECT_TRUE(result.ok() && result->exit_code == 0);
    std::string pub = testkit::read_text_file(*dir_ / (name + ".pub"));
    return {testkit::read_text_file(*dir_ / name), pub.substr(0, pub.rfind(' '))};
  }
};

TEST_F(SshServerTest, FetchCommitPushWithAKeyFromMemory) {
  FW_ASSERT_OK_AND_ASSIGN(repo, open(good()));
  FW_ASSERT_OK_AND_ASSIGN(tip, repo->fetch("main"));
  EXPECT_EQ(tip, seed_);
  FW_ASSERT_OK_AND_ASSIGN(commit, repo->create_commit(commit_request(tip, {write("apps/a/state.yaml", "wave: 1\n")})));
  FW_ASSERT_OK(repo->push("main", commit, PushMode::FastForwardOnly));
  FW_ASSERT_OK_AND_ASSIGN(server_tip, testkit::git(server_->repo_path("fleet.git"), {"rev-parse", "main"}));
  EXPECT_EQ(server_tip, commit);
}

TEST_F(SshServerTest, HashedKnownHostsEntriesMatch) {
  const std::string file = *dir_ / "known_hosts";
  FW_ASSERT_OK(testkit::write_text_file(file, server_->known_hosts()));
  testkit::ProcessSpec spec;
  spec.argv = {"ssh-keygen", "-H", "-f", file};
  auto hashed = testkit::run_command(spec);
  ASSERT_TRUE(hashed.ok() && hashed->exit_code == 0);
  std::string text = testkit::read_text_file(file);
  ASSERT_EQ(text.rfind("|1|", 0), 0u) << text;
  FW_ASSERT_OK_AND_ASSIGN(repo, open(GitCredentials::ssh_key(server_->client_private_key(), text)));
  FW_ASSERT_OK_AND_ASSIGN(tip, repo->fetch("main"));
  EXPECT_EQ(tip, seed_);
}

TEST_F(SshServerTest, HostKeyProblemsAreRejected) {
  const std::string port = std::to_string(server_->port());
  const std::string other_host_key = other_key("other_host").second;
  struct Case {
    const char* name;
    std::string known_hosts;
    std::string why;
  } cases[] = {
      {"unknown host", "[127.0.0.1]:1 " + other_host_key + "\nexample.com " + other_host_key + "\n",
       "unknown host: no known_hosts entry for [127.0.0.1]:" + port},
      {"key mismatch", "[127.0.0.1]:" + port + " " + other_host_key + "\n",
       "host key mismatch: known_hosts has a different key for [127.0.0.1]:" + port},
      {"revoked",
       server_->known_hosts() + "@revoked * " + server_->known_hosts().substr(server_->known_hosts().find(' ') + 1),
       "the key is marked @revoked in known_hosts"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    FW_ASSERT_OK_AND_ASSIGN(repo, open(GitCredentials::ssh_key(server_->client_private_key(), c.known_hosts)));
    auto got = repo->fetch("main");
    ASSERT_FALSE(got.ok());
    EXPECT_EQ(got.error().kind, ErrorKind::InvalidInput);
    const std::string prefix = "fetch main from " + server_->url("fleet.git") +
                               ": host key verification failed: " + c.why + " (offered ssh-ed25519 SHA256:";
    EXPECT_EQ(got.error().message.substr(0, prefix.size()), prefix) << got.error().message;
  }
}

TEST_F(SshServerTest, NoKnownHostsNeedsAnExplicitInsecureOption) {
  auto refused = open(GitCredentials::ssh_key(server_->client_private_key(), ""));
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().message,
            "ssh url needs known_hosts to verify the host key of 127.0.0.1 (or insecure_skip_host_key_check)");
  GitCredentials insecure = GitCredentials::ssh_key(server_->client_private_key(), "");
  insecure.insecure_skip_host_key_check = true;
  FW_ASSERT_OK_AND_ASSIGN(repo, open(insecure));
  FW_ASSERT_OK_AND_ASSIGN(tip, repo->fetch("main"));
  EXPECT_EQ(tip, seed_);
}

TEST_F(SshServerTest, UnauthorizedKeyIsAQuickInvalidInput) {
  const std::string private_key = other_key("intruder").first;
  FW_ASSERT_OK_AND_ASSIGN(repo, open(GitCredentials::ssh_key(private_key, server_->known_hosts())));
  auto start = std::chrono::steady_clock::now();
  auto got = repo->fetch("main");
  auto elapsed = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start);
  ASSERT_FALSE(got.ok());
  EXPECT_EQ(got.error().kind, ErrorKind::InvalidInput);
  // Depending on libssh2's state after a refused key the text ends with " (gave up after 3
  // attempts)" or not; the prefix is what users see first.
  const std::string prefix = "fetch main from " + server_->url("fleet.git") +
                             ": authentication failed: the server rejected ssh key (user from url)";
  EXPECT_EQ(got.error().message.substr(0, prefix.size()), prefix) << got.error().message;
  EXPECT_EQ(got.error().message.find("PRIVATE KEY"), std::string::npos);
  EXPECT_LT(elapsed.count(), 10000);
}

TEST_F(SshServerTest, PreReceiveRejectionIsRejected_D3) {
  FW_ASSERT_OK_AND_ASSIGN(repo, open(good()));
  Status<> pushed = push_refused_by_hook(*repo, "nope");
  ASSERT_FALSE(pushed.ok());
  EXPECT_EQ(pushed.error().kind, ErrorKind::Rejected);
  EXPECT_NE(pushed.error().message.find("the server refused the update (refs/heads/main pre-receive hook declined); "
                                        "remote: nope"),
            std::string::npos)
      << pushed.error().message;
}

}  // namespace
}  // namespace fleetwave::git
