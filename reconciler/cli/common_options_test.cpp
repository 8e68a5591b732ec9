// The shared flags as tables: Git credential combinations (and their usage errors), Argo CD
// settings, --author, the cache directory and secret files. Secret contents never appear in
// an error.
#include "cli/common_options.h"

#include <gtest/gtest.h>

#include "testkit/process/scratch_dir_fixture.h"
#include "testkit/process/temp_dir.h"

namespace fleetwave::cli {
namespace {

class CliCommonOptionsTest : public testkit::ScratchDirTest {
 protected:
  void SetUp() override {
    set_up_dir("fw-cli-options");
    if (HasFatalFailure()) return;
    for (const auto& [name, content] : std::map<std::string, std::string>{{"pw", "hunter2-secret\n"},
                                                                          {"token", "  tok-123456 \n"},
                                                                          {"key", "-----BEGIN KEY-----\nabc\n"},
                                                                          {"hosts", "host ssh-ed25519 AAAA\n"},
                                                                          {"phrase", "open-sesame\n"},
                                                                          {"empty", ""}}) {
      ASSERT_TRUE(testkit::write_text_file(*dir_ / name, content).ok());
    }
  }

  Result<ParsedArgs> parse(const std::vector<std::string>& args, const std::map<std::string, std::string>& env = {}) {
    return parse_flags(args, flags_of({repository_flags(), argocd_flags(), prometheus_flags(), {author_flag()}}), env,
                       "fleetwave t");
  }
};

TEST_F(CliCommonOptionsTest, GitCredentials) {
  using Kind = git::GitCredentials::Kind;
  struct Case {
    std::string name;
    std::vector<std::string> args;
    std::map<std::string, std::string> env;
    std::string want_error;
    Kind kind = Kind::None;
    std::string username, password;
  } cases[] = {
      {"none", {"--repo", "https://h/r"}, {}, "", Kind::None},
      {"user and password",
       {"--repo", "https://h/r", "--git-username", "alice", "--git-password-file", "pw"},
       {},
       "",
       Kind::UserPassword,
       "alice",
       "hunter2-secret"},
      {"token, default user",
       {"--repo", "https://h/r", "--git-token-file", "token"},
       {},
       "",
       Kind::Token,
       "x-access-token",
       "tok-123456"},
      {"token with user",
       {"--repo", "https://h/r", "--git-token-file", "token", "--git-username", "oauth2"},
       {},
       "",
       Kind::Token,
       "oauth2",
       "tok-123456"},
      {"ssh key",
       {"--repo", "ssh://git@h/r", "--git-ssh-key-file", "key", "--git-known-hosts-file", "hosts",
        "--git-ssh-passphrase-file", "phrase"},
       {},
       "",
       Kind::SshKey},
      {"credentials from env",
       {"--repo", "https://h/r"},
       {{"FLEETWAVE_GIT_TOKEN_FILE", "token"}},
       "",
       Kind::Token,
       "x-access-token",
       "tok-123456"},
      {"env credentials ignored without --repo", {}, {{"FLEETWAVE_GIT_TOKEN_FILE", "token"}}, "", Kind::None},
      {"flag credentials need --repo",
       {"--git-token-file", "token"},
       {},
       "--git-token-file needs --repo URL (without it, commands use the local checkout)"},
      {"two secrets",
       {"--repo", "https://h/r", "--git-token-file", "token", "--git-username", "a", "--git-password-file", "pw"},
       {},
       "choose one of --git-password-file, --git-token-file and --git-ssh-key-file"},
      {"password without user",
       {"--repo", "https://h/r", "--git-password-file", "pw"},
       {},
       "--git-password-file needs --git-username"},
      {"user alone",
       {"--repo", "https://h/r", "--git-username", "a"},
       {},
       "--git-username needs --git-password-file, --git-token-file or --git-ssh-key-file"},
      {"key without known hosts",
       {"--repo", "ssh://h/r", "--git-ssh-key-file", "key"},
       {},
       "--git-ssh-key-file needs --git-known-hosts-file to verify the server"},
      {"known hosts without key",
       {"--repo", "ssh://h/r", "--git-known-hosts-file", "hosts"},
       {},
       "--git-known-hosts-file and --git-ssh-passphrase-file need --git-ssh-key-file"},
      {"missing file",
       {"--repo", "https://h/r", "--git-token-file", "nope"},
       {},
       "--git-token-file: cannot read nope: no such file"},
      {"empty token file",
       {"--repo", "https://h/r", "--git-token-file", "empty"},
       {},
       "--git-token-file empty is empty"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    auto args = parse(c.args, c.env);
    ASSERT_TRUE(args.ok()) << args.error().to_string();
    std::vector<std::string> secrets;
    auto got = repository_settings(*args, {{"HOME", "/home/u"}}, dir_->path(), secrets);
    if (!c.want_error.empty()) {
      ASSERT_FALSE(got.ok());
      EXPECT_EQ(got.error().message, c.want_error);
      continue;
    }
    ASSERT_TRUE(got.ok()) << got.error().to_string();
    EXPECT_EQ(got->credentials.kind, c.kind);
    if (c.kind == Kind::UserPassword || c.kind == Kind::Token) {
      EXPECT_EQ(got->credentials.username, c.username);
      EXPECT_EQ(got->credentials.password, c.password);
      EXPECT_EQ(secrets, std::vector<std::string>{c.password});
    }
    if (c.kind == Kind::SshKey) {
      EXPECT_EQ(got->credentials.ssh_private_key, "-----BEGIN KEY-----\nabc\n");
      EXPECT_EQ(got->credentials.known_hosts, "host ssh-ed25519 AAAA\n");
      EXPECT_EQ(got->credentials.ssh_passphrase, "open-sesame");
      EXPECT_EQ(secrets.size(), 2u);
    }
  }
}

TEST_F(CliCommonOptionsTest, RepositoryDefaults) {
  std::vector<std::string> secrets;
  auto remote = repository_settings(*parse({"--repo", "https://h/r"}), {{"XDG_CACHE_HOME", "/x"}, {"HOME", "/home/u"}},
                                    "/w", secrets);
  ASSERT_TRUE(remote.ok());
  EXPECT_EQ(remote->branch, "main");
  EXPECT_EQ(remote->cache_dir, "/x/fleetwave");
  auto local = repository_settings(*parse({}), {}, "/w", secrets);
  ASSERT_TRUE(local.ok());
  EXPECT_EQ(local->branch, "");  // the checked-out branch
  auto relative =
      repository_settings(*parse({"--repo", "https://h/r", "--cache-dir", "c", "--branch", "prod"}), {}, "/w", secrets);
  ASSERT_TRUE(relative.ok());
  EXPECT_EQ(relative->cache_dir, "/w/c");
  EXPECT_EQ(relative->branch, "prod");

  struct Case {
    std::string name;
    std::map<std::string, std::string> env;
    std::string want;
  } cases[] = {
      {"xdg", {{"XDG_CACHE_HOME", "/xdg"}, {"HOME", "/home/u"}}, "/xdg/fleetwave"},
      {"relative xdg is ignored", {{"XDG_CACHE_HOME", "rel"}, {"HOME", "/home/u"}}, "/home/u/.cache/fleetwave"},
      {"home", {{"HOME", "/home/u"}}, "/home/u/.cache/fleetwave"},
      {"neither", {}, "error: cannot choose a cache directory: set --cache-dir, XDG_CACHE_HOME or HOME"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    auto got = default_cache_dir(c.env);
    EXPECT_EQ(got.ok() ? *got : "error: " + got.error().message, c.want);
  }
}

TEST_F(CliCommonOptionsTest, ArgoCdSettings) {
  std::vector<std::string> secrets;
  auto full =
      argocd_settings(*parse({"--argocd-url", "https://argocd", "--argocd-token-file", "token", "--argocd-insecure"}),
                      dir_->path(), true, secrets);
  ASSERT_TRUE(full.ok()) << full.error().to_string();
  EXPECT_TRUE(full->configured);
  EXPECT_EQ(full->options.token, "tok-123456");
  EXPECT_TRUE(full->options.insecure_skip_tls_verify);
  EXPECT_EQ(secrets, std::vector<std::string>{"tok-123456"});

  struct Case {
    std::string name;
    std::vector<std::string> args;
    bool required;
    std::string want;  // "" = ok and unconfigured
  } cases[] = {
      {"optional and absent", {}, false, ""},
      {"required and absent", {}, true, "--argocd-url is required (and --argocd-token-file)"},
      {"url without token", {"--argocd-url", "https://a"}, false, "--argocd-url needs --argocd-token-file"},
      {"token without url", {"--argocd-token-file", "token"}, false, "--argocd-token-file needs --argocd-url"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    auto got = argocd_settings(*parse(c.args), dir_->path(), c.required, secrets);
    if (c.want.empty()) {
      ASSERT_TRUE(got.ok());
      EXPECT_FALSE(got->configured);
    } else {
      ASSERT_FALSE(got.ok());
      EXPECT_EQ(got.error().message, c.want);
    }
  }
}

TEST_F(CliCommonOptionsTest, PrometheusSettings) {
  std::vector<std::string> secrets;
  auto full = analysis_settings(*parse({"--prometheus-url", "https://prom.example.com/prometheus",
                                        "--prometheus-token-file", "token", "--prometheus-ca-file", "ca.pem"}),
                                dir_->path(), secrets);
  ASSERT_TRUE(full.ok()) << full.error().to_string();
  EXPECT_TRUE(full->prometheus_configured);
  EXPECT_EQ(full->prometheus.url, "https://prom.example.com/prometheus");
  EXPECT_EQ(full->prometheus.token, "tok-123456");
  EXPECT_EQ(full->prometheus.ca_file, *dir_ / "ca.pem");
  EXPECT_EQ(full->prometheus.timeout_ms, 10000);
  EXPECT_EQ(secrets, std::vector<std::string>{"tok-123456"});

  secrets.clear();
  auto from_env = analysis_settings(*parse({}, {{"FLEETWAVE_PROMETHEUS_URL", "http://prometheus.monitoring:9090"}}),
                                    dir_->path(), secrets);
  ASSERT_TRUE(from_env.ok()) << from_env.error().to_string();
  EXPECT_TRUE(from_env->prometheus_configured);
  EXPECT_EQ(from_env->prometheus.url, "http://prometheus.monitoring:9090");
  EXPECT_EQ(from_env->prometheus.token, "");  // a token is optional
  EXPECT_TRUE(secrets.empty());

  struct Case {
    std::string name;
    std::vector<std::string> args;
    std::map<std::string, std::string> env;
    std::string want;  // "" = ok and unconfigured
  } cases[] = {
      {"absent", {}, {}, ""},
      {"token file from the environment alone is ignored", {}, {{"FLEETWAVE_PROMETHEUS_TOKEN_FILE", "token"}}, ""},
      {"token without url", {"--prometheus-token-file", "token"}, {}, "--prometheus-token-file needs --prometheus-url"},
      {"ca without url", {"--prometheus-ca-file", "ca.pem"}, {}, "--prometheus-ca-file needs --prometheus-url"},
      {"unreadable token",
       {"--prometheus-url", "https://p", "--prometheus-token-file", "missing"},
       {},
       "--prometheus-token-file: cannot read missing: no such file"},
      {"empty token",
       {"--prometheus-url", "https://p", "--prometheus-token-file", "empty"},
       {},
       "--prometheus-token-file empty is empty; put the token in it, or leave the flag out if Prometheus needs none"},
      {"bad scheme", {"--prometheus-url", "ftp://p"}, {}, "--prometheus-url \"ftp://p\": scheme must be http or https"},
      {"credentials in the url",
       {"--prometheus-url", "https://u:hunter2-secret@p", "--prometheus-token-file", "token"},
       {},
       "--prometheus-url \"https://***@p\": credentials do not belong in the URL; pass the token in a file"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    auto args = parse(c.args, c.env);
    ASSERT_TRUE(args.ok()) << args.error().to_string();
    auto got = analysis_settings(*args, dir_->path(), secrets);
    if (c.want.empty()) {
      ASSERT_TRUE(got.ok()) << got.error().to_string();
      EXPECT_FALSE(got->prometheus_configured);
    } else {
      ASSERT_FALSE(got.ok());
      EXPECT_EQ(got.error().to_string(), c.want);
      EXPECT_EQ(got.error().to_string().find("hunter2-secret"), std::string::npos);
      EXPECT_EQ(got.error().to_string().find("tok-123456"), std::string::npos);
    }
  }
}

TEST_F(CliCommonOptionsTest, Author) {
  struct Case {
    std::string text, name, email, error;
  } cases[] = {
      {"fleetwave <fleetwave@localhost>", "fleetwave", "fleetwave@localhost", ""},
      {"  Ada Lovelace   <ada@example.com>", "Ada Lovelace", "ada@example.com", ""},
      {"Ada", "", "", "--author \"Ada\": no <email>; expected \"Name <email>\""},
      {"<ada@example.com>", "", "", "--author \"<ada@example.com>\": empty name; expected \"Name <email>\""},
      {"Ada <>", "", "", "--author \"Ada <>\": empty email; expected \"Name <email>\""},
      {"Ada <a@b> trailing", "", "", "--author \"Ada <a@b> trailing\": no <email>; expected \"Name <email>\""},
      {"A <b <c@d>", "", "", "--author \"A <b <c@d>\": stray <, > or line break; expected \"Name <email>\""},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.text);
    auto got = parse_author(c.text);
    if (!c.error.empty()) {
      ASSERT_FALSE(got.ok());
      EXPECT_EQ(got.error().message, c.error);
      continue;
    }
    ASSERT_TRUE(got.ok());
    EXPECT_EQ(got->name, c.name);
    EXPECT_EQ(got->email, c.email);
  }
}

TEST_F(CliCommonOptionsTest, SecretFileErrorsNeverQuoteTheContent) {
  ASSERT_TRUE(testkit::write_text_file(*dir_ / "big", std::string((1u << 20) + 1, 'x')).ok());
  auto big = read_secret_file("--git-token-file", "big", dir_->path());
  ASSERT_FALSE(big.ok());
  EXPECT_EQ(big.error().message, "--git-token-file: big is larger than 1 MiB");
  auto ok = read_secret_file("--git-token-file", *dir_ / "token", "/elsewhere");
  ASSERT_TRUE(ok.ok());
  EXPECT_EQ(*ok, "  tok-123456 \n");
}

}  // namespace
}  // namespace fleetwave::cli
