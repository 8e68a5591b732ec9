#include "adapters/git/git_credentials.h"

#include <gtest/gtest.h>

namespace fleetwave::git {
namespace {

TEST(GitCredentialsTest, ValidatesAgainstTheUrl) {
  GitCredentials no_known_hosts = GitCredentials::ssh_key("KEY", "");
  GitCredentials insecure = no_known_hosts;
  insecure.insecure_skip_host_key_check = true;
  struct Case {
    const char* name;
    GitCredentials credentials;
    const char* url;
    const char* error;  // "" when valid
  } cases[] = {
      {"none over https", GitCredentials::none(), "https://h/r", ""},
      {"password over https", GitCredentials::user_password("alice", "pw"), "https://h/r", ""},
      {"token over http", GitCredentials::token("tok"), "http://h/r", ""},
      {"ssh key over ssh", GitCredentials::ssh_key("KEY", "h ssh-ed25519 AAAA"), "git@h:r", ""},
      {"insecure ssh", insecure, "ssh://h/r", ""},
      {"none over file", GitCredentials::none(), "/srv/r.git", ""},
      {"password over ssh", GitCredentials::user_password("alice", "pw"), "ssh://h/r",
       "user/password (alice) credentials cannot be used with an ssh url"},
      {"ssh key over https", GitCredentials::ssh_key("KEY", "x"), "https://h/r",
       "ssh key credentials cannot be used with an https url"},
      {"empty password", GitCredentials::user_password("alice", ""), "https://h/r",
       "user/password (alice) credentials have an empty secret"},
      {"empty token user", GitCredentials::token("tok", ""), "https://h/r", "token () credentials need a user name"},
      {"empty key", GitCredentials::ssh_key("", "x"), "ssh://h/r", "ssh key credentials have an empty private key"},
      {"ssh without known_hosts", no_known_hosts, "ssh://git@h:2222/r",
       "ssh url needs known_hosts to verify the host key of h (or insecure_skip_host_key_check)"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    auto url = parse_repo_url(c.url);
    ASSERT_TRUE(url.ok());
    Status<> got = validate_credentials(c.credentials, *url);
    if (std::string(c.error).empty()) {
      EXPECT_TRUE(got.ok()) << got.error().message;
    } else {
      ASSERT_FALSE(got.ok());
      EXPECT_EQ(got.error().kind, ErrorKind::InvalidInput);
      EXPECT_EQ(got.error().message, c.error);
    }
  }
}

TEST(GitCredentialsTest, DescribeNeverShowsSecrets) {
  GitCredentials key = GitCredentials::ssh_key("-----BEGIN OPENSSH PRIVATE KEY-----", "kh", "phrase", "git");
  struct Case {
    GitCredentials credentials;
    const char* description;
    std::vector<std::string> secrets;
  } cases[] = {
      {GitCredentials::none(), "no credentials", {}},
      {GitCredentials::user_password("alice", "s3cret"), "user/password (alice)", {"s3cret"}},
      {GitCredentials::token("ghp_x"), "token (x-access-token)", {"ghp_x"}},
      {GitCredentials::token("glpat", "oauth2"), "token (oauth2)", {"glpat"}},
      {key, "ssh key (git)", {"-----BEGIN OPENSSH PRIVATE KEY-----", "phrase"}},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.description);
    EXPECT_EQ(c.credentials.describe(), c.description);
    EXPECT_EQ(c.credentials.secrets(), c.secrets);
  }
}

}  // namespace
}  // namespace fleetwave::git
