// LibGit2Repository against lighttpd over HTTPS with a self-signed certificate: libgit2 (with
// mbedTLS on Debian) must refuse it unless verification is explicitly disabled.
#include <memory>

#include <gtest/gtest.h>

#include "adapters/git/git_server_fixture.h"
#include "adapters/git/libgit2_repository.h"
#include "testkit/builders/git_test_helpers.h"
#include "testkit/process/temp_dir.h"
#include "testkit/servers/git_http_server.h"

namespace fleetwave::git {
namespace {

class HttpsServerTest : public testkit::GitServerTest<testkit::GitHttpServer> {
 protected:
  void SetUp() override {
    testkit::GitHttpServerOptions options;
    options.tls = true;
    set_up_server("fw-https-client", [&] { return testkit::GitHttpServer::start(options); }, {{"f", "1"}});
  }

  Result<std::unique_ptr<LibGit2Repository>> open(GitCredentials credentials) {
    return open_url(server_->https_url("fleet.git"), std::move(credentials));
  }
};

TEST_F(HttpsServerTest, UntrustedCertificateIsInvalidInput) {
  FW_ASSERT_OK_AND_ASSIGN(repo, open(GitCredentials::user_password(server_->user(), server_->password())));
  auto got = repo->fetch("main");
  ASSERT_FALSE(got.ok());
  EXPECT_EQ(got.error().kind, ErrorKind::InvalidInput) << got.error().message;
  const std::string prefix = "fetch main from " + server_->https_url("fleet.git") + ": ";
  EXPECT_EQ(got.error().message.substr(0, prefix.size()), prefix) << got.error().message;
}

TEST_F(HttpsServerTest, TrustedCaBundleVerifies) {
  FW_ASSERT_OK(runtime().set_ca_certificates(server_->certificate_path()));
  auto repo = LibGit2Repository::open(runtime(), {server_->https_url("fleet.git"), *dir_ / "cache",
                                                  GitCredentials::user_password(server_->user(), server_->password())});
  FW_ASSERT_OK(repo);
  FW_ASSERT_OK_AND_ASSIGN(tip, (*repo)->fetch("main"));
  EXPECT_EQ(tip, seed_);
  auto missing = runtime().set_ca_certificates(*dir_ / "no-such.pem");
  EXPECT_FALSE(missing.ok());
}

TEST_F(HttpsServerTest, InsecureSkipTlsVerifyConnects) {
  GitCredentials credentials = GitCredentials::user_password(server_->user(), server_->password());
  credentials.insecure_skip_tls_verify = true;
  FW_ASSERT_OK_AND_ASSIGN(repo, open(credentials));
  FW_ASSERT_OK_AND_ASSIGN(tip, repo->fetch("main"));
  EXPECT_EQ(tip, seed_);
  FW_ASSERT_OK_AND_ASSIGN(commit, repo->create_commit(testkit::commit_request(tip, {testkit::write("g", "2")})));
  FW_ASSERT_OK(repo->push("main", commit, PushMode::FastForwardOnly));
}

}  // namespace
}  // namespace fleetwave::git
