// The serve config file: every documented key maps to its flag, paths are made absolute
// against the file's directory, and mistakes name the file, the key and the fix. Also the
// listen address and the approvals block.
#include "serve/serve_config.h"

#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

#include "cli/commands.h"
#include "cli/config/config_file.h"
#include "testkit/build_paths.h"

namespace fleetwave::serve {
namespace {

// serve's config-file keys, from its flag table.
const std::vector<ConfigKey>& keys() {
  static const std::vector<ConfigKey> table = cli::config_keys_of(cli::serve_command().flags);
  return table;
}

// A config file's text that serve refuses, with the start of the error it gives.
struct RefusedConfig {
  std::string name;
  std::string text;
  std::string error;
};

// Expects every text refused as InvalidInput with its error (the file named c.yaml).
void expect_config_refused(const std::vector<RefusedConfig>& refusals) {
  for (const RefusedConfig& c : refusals) {
    SCOPED_TRACE(c.name);
    auto r = config_file_flags(c.text, "c.yaml", "/etc", keys());
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().kind, ErrorKind::InvalidInput);
    EXPECT_EQ(r.error().to_string().rfind(c.error, 0), 0u) << r.error().to_string();
  }
}

TEST(ServeConfig, ShippedConfigMapsEveryKeyToItsFlag) {
  std::string path =
      fleetwave::testkit::source_dir();  // appended, not operator+: GCC 12 warns falsely (-Warray-bounds)
  path += "/manifests/reconciler/config.yaml";
  std::ifstream in(path);
  ASSERT_TRUE(in) << "manifests/reconciler/config.yaml";
  std::stringstream text;
  text << in.rdbuf();
  auto flags = config_file_flags(text.str(), "config.yaml", "/etc/fleetwave", keys());
  ASSERT_TRUE(flags.ok()) << flags.error().to_string();
  const std::map<std::string, std::string> want = {
      {"repo", "https://git.example.com/platform/fleet.git"},
      {"branch", "main"},
      {"interval", "30s"},
      {"listen", ":8080"},
      {"cache-dir", "/var/cache/fleetwave"},
      {"author", "fleetwave <fleetwave@example.com>"},
      {"git-username", "fleetwave"},
      {"git-password-file", "/var/run/secrets/fleetwave/git/password"},
      {"argocd-url", "https://argocd-server.argocd.svc"},
      {"argocd-token-file", "/var/run/secrets/fleetwave/argocd/token"},
      {"webhook-secret-file", "/var/run/secrets/fleetwave/webhook/secret"},
      {"generator-token-file", "/var/run/secrets/fleetwave/generator/token"},
  };
  EXPECT_EQ(*flags, want);
}

TEST(ServeConfig, NestedKeysBooleansAndRelativePaths) {
  auto flags = config_file_flags(
      "git: {tokenFile: secrets/token, insecureSkipTlsVerify: true}\n"
      "argocd: {insecure: false, caFile: /ca.pem}\ncacheDir: cache\n"
      "approvals: {provider: gitlab, repository: group/sub/fleet, tokenFile: t}\n"
      "prometheus: {url: https://prom.example.com/prometheus, tokenFile: prom/token, caFile: /ca/prom.pem}\n"
      "signingKeyFile: keys/fleetwave\n",
      "c.yaml", "/etc/fw", keys());
  ASSERT_TRUE(flags.ok()) << flags.error().to_string();
  const std::map<std::string, std::string> want = {
      {"git-token-file", "/etc/fw/secrets/token"},
      {"git-insecure-skip-tls-verify", "true"},
      {"argocd-insecure", "false"},
      {"argocd-ca-file", "/ca.pem"},
      {"cache-dir", "/etc/fw/cache"},
      {"approvals-provider", "gitlab"},
      {"approvals-repository", "group/sub/fleet"},
      {"approvals-token-file", "/etc/fw/t"},
      {"prometheus-url", "https://prom.example.com/prometheus"},
      {"prometheus-token-file", "/etc/fw/prom/token"},
      {"prometheus-ca-file", "/ca/prom.pem"},
      {"signing-key", "/etc/fw/keys/fleetwave"},
  };
  EXPECT_EQ(*flags, want);
  auto empty = config_file_flags("", "c.yaml", "/etc", keys());
  ASSERT_TRUE(empty.ok());
  EXPECT_TRUE(empty->empty());
}

TEST(ServeConfig, AllowedSignersStayRepositoryPathsAndReviewersAreAList) {
  auto flags = config_file_flags("approvals: {allowedSigners: keys/allowed_signers, allowedReviewers: [alice, bob]}\n",
                                 "c.yaml", "/etc/fw", keys());
  ASSERT_TRUE(flags.ok()) << flags.error().to_string();
  const std::map<std::string, std::string> want = {{"allowed-signers", "keys/allowed_signers"},
                                                   {"allowed-reviewers", "alice,bob"}};
  EXPECT_EQ(*flags, want) << "a relative allowedSigners is a path in the GitOps repository";
  for (const char* bad : {"approvals: {allowedReviewers: [alice, 7]}\n", "approvals: {allowedReviewers: []}\n",
                          "approvals: {allowedReviewers: [\"a,b\"]}\n"}) {
    SCOPED_TRACE(bad);
    auto r = config_file_flags(bad, "c.yaml", "/etc", keys());
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().to_string().rfind("c.yaml: approvals.allowedReviewers: ", 0), 0u) << r.error().to_string();
  }
}

TEST(ServeConfig, MistakesNameTheFileKeyAndFix) {
  const std::vector<RefusedConfig> refusals = {
      {"unknown key", "git: {pasword: x}\n",
       "c.yaml: git.pasword: unknown key (valid keys: repo, branch, cacheDir, git.username"},
      // Issue 25 (11): a near miss names the key meant.
      {"a typo", "git: {paswordFile: x}\n", "c.yaml: git.paswordFile: unknown key; did you mean git.passwordFile?"},
      {"unknown top key", "repository: x\n", "c.yaml: repository: unknown key (valid keys: "},
      {"number", "interval: 30\n", "c.yaml: interval: expected a string (quote it, e.g. \"30s\")"},
      {"bad bool", "argocd: {insecure: yes please}\n", "c.yaml: argocd.insecure: expected true or false"},
      {"empty value", "repo: \"\"\n", "c.yaml: repo: must not be empty (remove the key instead)"},
      {"not a map", "- a\n- b\n", "c.yaml: expected a mapping of keys (repo, branch, git, argocd, ...)"},
      {"two documents", "repo: a\n---\nrepo: b\n", "c.yaml: expected one YAML document, found 2"},
      {"yaml syntax", "repo: [a\n", "c.yaml:"},
  };
  expect_config_refused(refusals);
}

TEST(ServeConfig, ListenAddresses) {
  struct Case {
    std::string text;
    std::string host;
    int port;
  } ok_cases[] = {{":8080", "0.0.0.0", 8080}, {"127.0.0.1:0", "127.0.0.1", 0}, {"[::1]:9000", "::1", 9000}};
  for (const Case& c : ok_cases) {
    SCOPED_TRACE(c.text);
    auto a = parse_listen_address(c.text);
    ASSERT_TRUE(a.ok()) << a.error().to_string();
    EXPECT_EQ(a->host, c.host);
    EXPECT_EQ(a->port, c.port);
  }
  for (const std::string bad : {"8080", "127.0.0.1:", ":http", ":70000", "host:-1"}) {
    SCOPED_TRACE(bad);
    auto a = parse_listen_address(bad);
    ASSERT_FALSE(a.ok());
    EXPECT_EQ(a.error().message.rfind("--listen \"" + bad + "\": ", 0), 0u) << a.error().message;
  }
}

TEST(ServeConfig, Approvals) {
  auto off = validate_approvals({});
  ASSERT_TRUE(off.ok());
  EXPECT_EQ(off->api_url, "");
  auto github = validate_approvals({"github", "", "platform/fleet", "/t"});
  ASSERT_TRUE(github.ok());
  EXPECT_EQ(github->api_url, "https://api.github.com");
  auto gitlab = validate_approvals({"gitlab", "", "group/sub/fleet", "/t"});
  ASSERT_TRUE(gitlab.ok());
  EXPECT_EQ(gitlab->api_url, "https://gitlab.com/api/v4");
  // A numeric GitLab project id: accepted here exactly as by the client factory (one rule).
  EXPECT_TRUE(validate_approvals({"gitlab", "", "1234", "/t"}).ok());
  struct Case {
    std::string name;
    ApprovalsConfig config;
    std::string error;
  } cases[] = {
      {"no provider",
       {"", "", "a/b", ""},
       "--approvals-provider is required with the other --approvals-* settings (github or gitlab)"},
      {"unknown provider",
       {"bitbucket", "", "a/b", "/t"},
       "--approvals-provider \"bitbucket\": expected github or gitlab"},
      {"bad repository", {"github", "", "fleet", "/t"}, "--approvals-repository \"fleet\": expected OWNER/NAME"},
      {"github nested", {"github", "", "a/b/c", "/t"}, "--approvals-repository \"a/b/c\": expected OWNER/NAME"},
      {"gitlab empty segment",
       {"gitlab", "", "group//fleet", "/t"},
       "--approvals-repository \"group//fleet\": expected GROUP/NAME or a numeric project id"},
      {"no token", {"github", "", "a/b", ""}, "--approvals-provider github needs --approvals-token-file"},
      {"bad url",
       {"gitlab", "gitlab.example.com", "a/b", "/t"},
       "--approvals-api-url \"gitlab.example.com\": expected an http(s):// URL"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    auto r = validate_approvals(c.config);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().message, c.error);
  }
}

TEST(ServeConfig, BoardCommitStatusesAndNotificationWebhooks) {
  auto flags = config_file_flags(
      "board: {url: https://fleetwave.example.com}\n"
      "commitStatuses: false\n"
      "notifications:\n"
      "  webhooks:\n"
      "    - urlFile: secrets/slack-url\n"
      "      events: [rollback, hold]\n"
      "      format: slack\n"
      "    - url: https://hooks.example.com/fleetwave\n",
      "c.yaml", "/etc/fw", keys());
  ASSERT_TRUE(flags.ok()) << flags.error().to_string();
  const std::map<std::string, std::string> want = {
      {"board-url", "https://fleetwave.example.com"},
      {"commit-statuses", "false"},
      {"notifications-webhooks",
       R"([{"events":["rollback","hold"],"format":"slack","urlFile":"/etc/fw/secrets/slack-url"},)"
       R"({"events":["start","advance","wait-approval","wait-deletion-guard","approve","pause","resume","rollback",)"
       R"("complete","hold","hold-cluster","release-hold","promote","reject"],"format":"json",)"
       R"("url":"https://hooks.example.com/fleetwave"}])"},
  };
  EXPECT_EQ(*flags, want);
  const std::vector<RefusedConfig> refusals = {
      {"unknown event", "notifications: {webhooks: [{url: \"https://x\"}, {url: \"https://y\", events: [strat]}]}\n",
       "c.yaml: notifications.webhooks[1].events[0]: unknown event \"strat\" (valid: start, advance, "},
      {"bad scheme", "notifications: {webhooks: [{url: \"ftp://x/y\"}]}\n",
       "c.yaml: notifications.webhooks[0].url: expected an http:// or https:// URL, not ftp://"},
      {"missing url", "notifications: {webhooks: [{events: [start]}]}\n",
       "c.yaml: notifications.webhooks[0]: expected exactly one of url and urlFile"},
      {"unknown format", "notifications: {webhooks: [{url: \"https://x\", format: teams}]}\n",
       "c.yaml: notifications.webhooks[0].format: unknown format \"teams\" (valid: json, slack)"},
      {"not a list", "notifications: {webhooks: {url: \"https://x\"}}\n",
       "c.yaml: notifications.webhooks: expected a list of webhooks"},
      {"commitStatuses not a bool", "commitStatuses: sometimes\n", "c.yaml: commitStatuses: expected true or false"},
  };
  expect_config_refused(refusals);
}

}  // namespace
}  // namespace fleetwave::serve
