// fleetwave serve as a real process on 127.0.0.1 against lighttpd's smart-HTTP Git server
// (basic auth) and the fake Argo CD: every endpoint, readiness while Git or Argo CD is down and
// after they return (no advance meanwhile), webhooks (signatures, a flood, the advance they
// trigger), the generator (auth, answers equal to targets.json, 200 concurrent requests while
// a cycle pushes), oversized and malformed requests, SIGTERM, the config file and the logs.
#include <unistd.h>

#include <atomic>
#include <csignal>
#include <filesystem>
#include <map>
#include <netinet/in.h>
#include <sstream>
#include <sys/socket.h>

#include "cli/cli.h"
#include "rollout/commit_message.h"
#include "serve/serve_fixture.h"
#include "testkit/build_paths.h"
#include "testkit/servers/prometheus_server.h"

namespace fleetwave::serve {
namespace {

using testing_support::HttpResult;
using testing_support::kGeneratorToken;
using testing_support::kGitPassword;
using testing_support::kWebhookSecret;
namespace ft = fleetwave::testkit;

class ServeServerTest : public testing_support::ServeFixture {
 protected:
  static std::string steps_series(const std::string& app, const std::string& action) {
    return "fleetwave_steps_total{app=\"" + app + "\",action=\"" + action + "\"}";
  }
  // The first JSON log line containing `text` (null when none).
  Json log_line_with(const std::string& text) const {
    std::istringstream in(logs());
    for (std::string line; std::getline(in, line);) {
      if (line.find(text) != std::string::npos) return Json::parse(line);
    }
    return nullptr;
  }
};

TEST_F(ServeServerTest, HealthReadinessMetricsAndStatus) {
  start("1s");
  EXPECT_EQ(get("/healthz").status, 200);
  ASSERT_TRUE(wait_until([&] { return ready(); }, 20'000)) << get("/readyz").body << logs();
  HttpResult readyz = get("/readyz");
  EXPECT_NE(readyz.body.find("\"ready\":true"), std::string::npos) << readyz.body;
  EXPECT_NE(readyz.body.find("\"head\":\"" + head() + "\""), std::string::npos) << readyz.body;
  EXPECT_EQ(subject().rfind("fleetwave(shop): start ", 0), 0u);  // the first cycle started the release

  EXPECT_EQ(metric("fleetwave_ready"), 1);
  EXPECT_EQ(metric("fleetwave_git_up"), 1);
  EXPECT_EQ(metric("fleetwave_argocd_up"), 1);
  EXPECT_GE(successful_cycles(), 1);
  EXPECT_EQ(metric("fleetwave_cycles_total{result=\"error\"}"), 0);
  EXPECT_EQ(metric("fleetwave_pushes_total"), 1);
  EXPECT_EQ(metric("fleetwave_push_conflicts_total"), 0);
  EXPECT_EQ(metric("fleetwave_app_phase{app=\"shop\",phase=\"Progressing\"}"), 1);
  EXPECT_EQ(metric("fleetwave_app_phase{app=\"shop\",phase=\"Stable\"}"), 0);
  EXPECT_EQ(metric("fleetwave_app_wave{app=\"shop\"}"), 1);
  EXPECT_GE(metric("fleetwave_cycle_duration_seconds_count"), 1);
  // Every action has a series from the first scrape on; the first cycle's start counted once.
  for (const char* action : kActions) {
    const double expected = std::string(action) == "start" ? 1 : 0;
    EXPECT_EQ(metric(steps_series("shop", action)), expected) << action;
  }
  const double now = std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch()).count();
  EXPECT_GT(metric("fleetwave_last_success_timestamp_seconds"), now - 60);
  EXPECT_LE(metric("fleetwave_last_success_timestamp_seconds"), now + 1);
  EXPECT_EQ(metric("fleetwave_build_info{version=\"" + cli::build_version() + "\",revision=\"" + cli::build_revision() +
                   "\"}"),
            1);
  EXPECT_GT(metric("process_open_fds"), 0);
  EXPECT_GE(metric("process_max_fds"), metric("process_open_fds"));
  EXPECT_GT(metric("process_resident_memory_bytes"), 0);
  EXPECT_GE(metric("process_cpu_seconds_total"), 0);
  EXPECT_GT(metric("process_start_time_seconds"), now - 600);  // serve started in this test
  EXPECT_NE(get("/metrics").body.find("\n# TYPE process_open_fds gauge\n"), std::string::npos);

  // The status API serves exactly what `fleetwave status --output json` prints.
  ft::ProcessSpec status;
  status.argv = with_credentials({fleetwave::testkit::cli_binary(), "status", "--output", "json", "--repo",
                                  git_->url("fleet.git"), "--cache-dir", file("cache2")});
  status.env = {"HOME=" + file("home")};
  auto printed = ft::run_command(status, std::chrono::seconds(60));
  ASSERT_TRUE(printed.ok());
  ASSERT_EQ(printed->exit_code, 0) << printed->output;
  HttpResult apps = get("/api/v1/apps");
  EXPECT_EQ(apps.status, 200);
  EXPECT_EQ(apps.body, printed->output);
  HttpResult shop = get("/api/v1/apps/shop");
  EXPECT_EQ(shop.status, 200);
  EXPECT_EQ(Json::parse(shop.body)["apps"].size(), 1u);
  EXPECT_EQ(Json::parse(shop.body)["apps"][0]["app"], "shop");
  EXPECT_EQ(get("/api/v1/apps/nope").status, 404);
  EXPECT_EQ(get("/nope").status, 404);
}

// The real Prometheus server scrapes /metrics (it refuses text it cannot parse) and answers
// queries over what it read: the exposition format is Prometheus', not only ours.
TEST_F(ServeServerTest, PrometheusScrapesTheMetrics) {
  start("1s");
  ASSERT_TRUE(wait_until([&] { return ready(); }, 20'000)) << get("/readyz").body << logs();
  ft::PrometheusServerOptions options;
  options.targets.push_back({"127.0.0.1:" + std::to_string(port_)});
  options.scrape_interval = std::chrono::milliseconds(500);
  auto prometheus = ft::PrometheusServer::start(options);
  ASSERT_TRUE(prometheus.ok()) << prometheus.error().to_string();
  auto sample = [&](const std::string& promql) {
    auto result = (*prometheus)->query(promql);
    return result.ok() ? ft::single_sample_value(*result) : std::nullopt;
  };
  ASSERT_TRUE(wait_until([&] { return sample("up") == 1.0; }, 20'000)) << (*prometheus)->log_tail();
  EXPECT_EQ(sample("fleetwave_app_phase{app=\"shop\",phase=\"Progressing\"}"), 1.0);
  EXPECT_EQ(sample("fleetwave_steps_total{app=\"shop\",action=\"start\"}"), 1.0);
  EXPECT_EQ(sample("fleetwave_build_info{version=\"" + cli::build_version() + "\"}"), 1.0);
  EXPECT_GE(sample("sum(fleetwave_cycle_duration_seconds_bucket{le=\"+Inf\"})").value_or(0), 1.0);
  EXPECT_GT(sample("process_resident_memory_bytes").value_or(0), 0.0);
}

TEST_F(ServeServerTest, GeneratorAnswersTargetsJsonAndRefusesBadTokens) {
  start("1s");
  ASSERT_TRUE(wait_until([&] { return ready(); }, 20'000)) << logs();
  HttpResult ok = generate("shop");
  ASSERT_EQ(ok.status, 200) << ok.body;
  const Json answer = Json::parse(ok.body);
  EXPECT_EQ(answer["output"]["parameters"], targets());
  ASSERT_EQ(answer["output"]["parameters"].size(), 1u);
  const Json& entry = answer["output"]["parameters"][0];
  for (const char* key : {"app", "cluster", "server", "wave", "revision", "path"})
    EXPECT_TRUE(entry.contains(key)) << key;
  EXPECT_EQ(entry["cluster"], "dev-1");

  EXPECT_EQ(generate("shop", "").status, 403);
  EXPECT_EQ(generate("shop", kGeneratorToken + "x").status, 403);
  EXPECT_EQ(generate("nope").status, 404);
  HttpResult malformed =
      post("/api/v1/getparams.execute", "{\"input\":", {{"Authorization", "Bearer " + kGeneratorToken}});
  EXPECT_EQ(malformed.status, 400) << malformed.body;
}

TEST_F(ServeServerTest, ReadyzFollowsArgoCdAndGitAndNothingAdvancesWhileDown) {
  start("300ms");
  ASSERT_TRUE(wait_until([&] { return ready(); }, 20'000)) << logs();
  const std::string started = head();

  // Argo CD down: not ready, and no advance although its (unseen) state would allow one.
  argocd_->set_unavailable(true);
  argocd_healthy();
  ASSERT_TRUE(wait_until([&] { return get("/readyz").status == 503; }, 10'000)) << get("/readyz").body;
  HttpResult down = get("/readyz");
  EXPECT_NE(down.body.find("\"reason\":\"argocd down: "), std::string::npos) << down.body;
  EXPECT_EQ(metric("fleetwave_argocd_up"), 0);
  EXPECT_EQ(metric("fleetwave_ready"), 0);
  const double cycles = successful_cycles();
  ASSERT_TRUE(wait_until([&] { return successful_cycles() >= cycles + 3; }, 10'000));
  EXPECT_EQ(head(), started);

  // Git down (the repository disappears from the server): not ready, cycles fail, no push.
  std::filesystem::rename(bare(), bare() + ".away");
  argocd_->set_unavailable(false);
  ASSERT_TRUE(wait_until([&] { return get("/readyz").body.find("git down: ") != std::string::npos; }, 10'000))
      << get("/readyz").body;
  EXPECT_EQ(get("/readyz").status, 503);
  EXPECT_EQ(metric("fleetwave_git_up"), 0);
  ASSERT_TRUE(wait_until([&] { return metric("fleetwave_cycles_total{result=\"error\"}") >= 2; }, 10'000));
  EXPECT_GE(metric("fleetwave_errors_total{kind=\"transient\"}"), 1);
  EXPECT_EQ(get("/healthz").status, 200);
  EXPECT_EQ(generate("shop").status, 200);  // the last snapshot keeps being served

  // Both back: ready again (after the backoff), and the advance lands.
  std::filesystem::rename(bare() + ".away", bare());
  ASSERT_TRUE(wait_until([&] { return ready(); }, 20'000)) << get("/readyz").body;
  ASSERT_TRUE(wait_until([&] { return subject().rfind("fleetwave(shop): advance ", 0) == 0; }, 20'000)) << subject();
  EXPECT_EQ(metric("fleetwave_git_up"), 1);
  EXPECT_EQ(metric("fleetwave_argocd_up"), 1);
}

TEST_F(ServeServerTest, WebhookSignaturesDecideWhetherACycleRuns) {
  start("1h");
  ASSERT_TRUE(wait_until([&] { return ready(); }, 20'000)) << logs();
  const double cycles = successful_cycles();
  const std::string body = R"({"ref":"refs/heads/main"})";
  struct Case {
    std::string name;
    httplib::Headers headers;
    int status;
  } refused[] = {
      {"github wrong secret",
       {{"X-GitHub-Event", "push"}, {"X-Hub-Signature-256", "sha256=" + hmac_sha256_hex("wrong", body)}},
       401},
      {"github missing signature", {{"X-GitHub-Event", "push"}}, 401},
      {"gitlab wrong token", {{"X-Gitlab-Event", "Push Hook"}, {"X-Gitlab-Token", "wrong"}}, 401},
      {"gitlab missing token", {{"X-Gitlab-Event", "Push Hook"}}, 401},
      {"no event", {{"X-Hub-Signature-256", "sha256=" + hmac_sha256_hex(kWebhookSecret, body)}}, 400},
  };
  for (const Case& c : refused) {
    SCOPED_TRACE(c.name);
    EXPECT_EQ(post("/webhook/git", body, c.headers).status, c.status);
  }
  std::this_thread::sleep_for(std::chrono::milliseconds(1500));
  EXPECT_EQ(successful_cycles(), cycles);  // no cycle for a refused webhook
  EXPECT_EQ(metric("fleetwave_webhooks_total{result=\"unauthorized\"}"), 4);

  EXPECT_EQ(github_webhook(body).status, 202);
  ASSERT_TRUE(wait_until([&] { return successful_cycles() == cycles + 1; }, 10'000));
  EXPECT_EQ(post("/webhook/git", body, {{"X-Gitlab-Event", "Push Hook"}, {"X-Gitlab-Token", kWebhookSecret}}).status,
            202);
  ASSERT_TRUE(wait_until([&] { return successful_cycles() == cycles + 2; }, 10'000));
  EXPECT_EQ(
      post("/webhook/git", "{}",
           {{"X-GitHub-Event", "ping"}, {"X-Hub-Signature-256", "sha256=" + hmac_sha256_hex(kWebhookSecret, "{}")}})
          .status,
      200);
  EXPECT_EQ(metric("fleetwave_webhooks_total{result=\"triggered\"}"), 2);
  EXPECT_EQ(metric("fleetwave_webhooks_total{result=\"ping\"}"), 1);
}

TEST_F(ServeServerTest, WebhookFloodCoalescesIntoFewCycles) {
  start("1h");
  ASSERT_TRUE(wait_until([&] { return ready(); }, 20'000)) << logs();
  const double before = successful_cycles();
  std::atomic<int> accepted{0};
  std::vector<std::thread> senders;
  for (int t = 0; t < 8; ++t) {
    senders.emplace_back([&] {
      for (int i = 0; i < 25; ++i) accepted += github_webhook(R"({"ref":"refs/heads/main"})").status == 202 ? 1 : 0;
    });
  }
  for (std::thread& t : senders) t.join();
  EXPECT_EQ(accepted.load(), 200);
  // Wait until the loop is idle: no new cycle for a second.
  double last = -1;
  for (int i = 0; i < 30 && successful_cycles() != last; ++i) {
    last = successful_cycles();
    std::this_thread::sleep_for(std::chrono::milliseconds(1000));
  }
  const double ran = successful_cycles() - before;
  EXPECT_GE(ran, 1);
  EXPECT_LE(ran, 20) << "200 webhooks should coalesce into few cycles";
  std::cerr << "200 webhooks -> " << ran << " cycles\n";
  EXPECT_EQ(metric("fleetwave_webhooks_total{result=\"triggered\"}"), 200);
}

TEST_F(ServeServerTest, WebhookPushesTheAdvance) {
  start("1h");
  ASSERT_TRUE(wait_until([&] { return ready(); }, 20'000)) << logs();
  argocd_healthy();
  const auto sent = std::chrono::steady_clock::now();
  EXPECT_EQ(github_webhook(R"({"ref":"refs/heads/main"})").status, 202);
  ASSERT_TRUE(wait_until([&] { return subject().rfind("fleetwave(shop): advance ", 0) == 0; }, 10'000))
      << subject() << logs();
  std::cerr << "webhook -> advance visible on the remote: "
            << std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - sent).count()
            << " ms\n";
  EXPECT_EQ(targets().size(), 2u);
  ASSERT_TRUE(
      wait_until([&] { return Json::parse(generate("shop").body)["output"]["parameters"] == targets(); }, 10'000));
  EXPECT_EQ(metric("fleetwave_pushes_total"), 2);
  EXPECT_EQ(metric("fleetwave_app_wave{app=\"shop\"}"), 2);
}

TEST_F(ServeServerTest, CanaryFailureRollsBackCountsTheStepAndWarns) {
  start("1h");
  ASSERT_TRUE(wait_until([&] { return ready(); }, 20'000)) << logs();
  const std::string release = targets()[0]["revision"];
  Json degraded = ft::make_application("shop-dev-1", {{"fleetwave.io/app", "shop"}}, "dev-1", release, "Synced",
                                       "Degraded", "Succeeded", "2020-01-01T00:00:00Z");
  ASSERT_TRUE(argocd_->put_application(std::move(degraded)).ok());
  EXPECT_EQ(github_webhook(R"({"ref":"refs/heads/main"})").status, 202);
  ASSERT_TRUE(wait_until([&] { return metric(steps_series("shop", "rollback")) == 1; }, 10'000))
      << get("/metrics").body << logs();
  EXPECT_EQ(subject().rfind("fleetwave(shop): roll back ", 0), 0u) << subject();
  EXPECT_EQ(metric(steps_series("shop", "start")), 1);
  EXPECT_EQ(metric(steps_series("shop", "advance")), 0);
  ASSERT_TRUE(wait_until([&] { return metric("fleetwave_app_phase{app=\"shop\",phase=\"Held\"}") == 1; }, 10'000))
      << get("/metrics").body;
  EXPECT_EQ(metric("fleetwave_app_phase{app=\"shop\",phase=\"Progressing\"}"), 0);
  // The rollback is a warning naming the release, its wave and the commit; the start was info.
  const Json line = log_line_with("\"action\":\"rollback\"");
  ASSERT_FALSE(line.is_null()) << logs();
  EXPECT_EQ(line["level"], "warn");
  EXPECT_EQ(line["app"], "shop");
  EXPECT_EQ(line["release"], release);
  EXPECT_EQ(line["wave"], "canary");
  EXPECT_EQ(line["commit"], head());
  EXPECT_EQ(log_line_with("\"action\":\"start\"")["level"], "info");
}

TEST_F(ServeServerTest, GeneratorAnswersConcurrentRequestsWhileACyclePushes) {
  start("1h");
  ASSERT_TRUE(wait_until([&] { return ready(); }, 20'000)) << logs();
  const Json before = Json::parse(generate("shop").body);
  argocd_healthy();
  EXPECT_EQ(github_webhook("{}").status, 202);
  std::atomic<int> good{0};
  std::atomic<int> bad{0};
  std::vector<std::thread> clients;
  std::vector<std::string> answers(200);
  for (int t = 0; t < 200; ++t) {
    clients.emplace_back([&, t] {
      HttpResult r = generate("shop");
      answers[static_cast<std::size_t>(t)] = r.body;
      (r.status == 200 ? good : bad)++;
    });
  }
  for (std::thread& t : clients) t.join();
  EXPECT_EQ(good.load(), 200);
  EXPECT_EQ(bad.load(), 0);
  ASSERT_TRUE(wait_until([&] { return subject().rfind("fleetwave(shop): advance ", 0) == 0; }, 10'000)) << logs();
  ASSERT_TRUE(
      wait_until([&] { return Json::parse(generate("shop").body)["output"]["parameters"] == targets(); }, 10'000));
  const Json after = Json::parse(generate("shop").body);
  ASSERT_NE(before, after);
  for (const std::string& a : answers) {
    Json j = Json::parse(a, nullptr, false);
    EXPECT_TRUE(j == before || j == after) << a;  // one head or the other, never a mix or an empty list
  }
}

TEST_F(ServeServerTest, OversizedAndMalformedRequestsAre4xx) {
  start("1h");
  ASSERT_TRUE(wait_until([&] { return ready(); }, 20'000)) << logs();
  const std::string huge(2u << 20, 'x');
  EXPECT_EQ(github_webhook(huge).status, 413);
  EXPECT_EQ(post("/api/v1/getparams.execute", huge, {{"Authorization", "Bearer " + kGeneratorToken}}).status, 413);
  EXPECT_EQ(github_webhook("{\"ref\":").status, 400);
  EXPECT_EQ(github_webhook(std::string(10000, '[')).status, 400);  // too deep
  EXPECT_EQ(post("/api/v1/getparams.execute", "[", {{"Authorization", "Bearer " + kGeneratorToken}}).status, 400);
  // A request line that is not HTTP at all.
  int fd = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(static_cast<uint16_t>(port_));
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  ASSERT_EQ(connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr), 0);
  const std::string garbage = "\x01\x02 NOT HTTP\r\n\r\n";
  ASSERT_EQ(write(fd, garbage.data(), garbage.size()), static_cast<ssize_t>(garbage.size()));
  char buf[256] = {};
  ssize_t n = read(fd, buf, sizeof buf - 1);
  close(fd);
  ASSERT_GT(n, 0);
  EXPECT_EQ(std::string(buf).rfind("HTTP/1.1 400", 0), 0u) << buf;
  EXPECT_EQ(get("/healthz").status, 200);
  EXPECT_TRUE(serve_->running());
  EXPECT_GE(metric("fleetwave_webhooks_total{result=\"too_large\"}"), 1);
}

TEST_F(ServeServerTest, SigtermDuringACycleExitsZeroWithNoHalfState) {
  start("1h");
  ASSERT_TRUE(wait_until([&] { return ready(); }, 20'000)) << logs();
  argocd_healthy();
  EXPECT_EQ(github_webhook("{}").status, 202);  // a cycle that wants to push the advance
  std::this_thread::sleep_for(std::chrono::milliseconds(30));
  ASSERT_EQ(kill(serve_->pid(), SIGTERM), 0);
  ASSERT_TRUE(serve_->wait_for_exit(std::chrono::milliseconds(20'000)));
  EXPECT_EQ(serve_->exit_code(), 0) << logs();
  // The branch holds either the start or the advance, whole: state and targets agree.
  const std::string s = subject();
  EXPECT_TRUE(s.rfind("fleetwave(shop): start ", 0) == 0 || s.rfind("fleetwave(shop): advance ", 0) == 0) << s;
  EXPECT_EQ(targets().size(), s.rfind("fleetwave(shop): start ", 0) == 0 ? 1u : 2u);
  EXPECT_NE(remote({"show", "main:.fleetwave/shop/state.yaml"}), "");
  EXPECT_EQ(remote({"fsck", "--connectivity-only"}).find("missing"), std::string::npos);
  // Logs: JSON lines only, and no secret anywhere.
  const std::string log = logs();
  std::istringstream lines(log);
  int count = 0;
  for (std::string line; std::getline(lines, line); ++count) {
    Json j = Json::parse(line, nullptr, false);
    ASSERT_TRUE(j.is_object() && j.contains("time") && j.contains("level") && j.contains("msg")) << line;
  }
  EXPECT_GE(count, 3);
  EXPECT_NE(log.find("\"msg\":\"shutting down\""), std::string::npos) << log;
  for (const std::string& secret : {kGitPassword, kWebhookSecret, kGeneratorToken, argocd_->token()}) {
    EXPECT_EQ(log.find(secret), std::string::npos) << secret;
  }
}

TEST_F(ServeServerTest, ConfigFileWithEnvironmentAndFlagOverrides) {
  const std::string config = "repo: " + git_->url("fleet.git") +
                             "\nbranch: main\ninterval: 1h\nlisten: \"127.0.0.1:1\"\n"
                             "cacheDir: cache\nauthor: \"From Config <config@fleetwave.test>\"\n"
                             "git: {username: alice, passwordFile: git-password}\n"
                             "argocd: {url: " +
                             argocd_->url() +
                             ", tokenFile: argocd-token}\n"
                             "webhook: {secretFile: webhook-secret}\ngenerator: {tokenFile: generator-token}\n";
  ASSERT_TRUE(ft::write_text_file(file("config.yaml"), config).ok());
  // The environment overrides the file's listen address; a flag overrides the environment's author.
  start("",
        {fleetwave::testkit::cli_binary(), "serve", "--config", file("config.yaml"), "--port-file", file("port"),
         "--author", "From Flag <flag@fleetwave.test>"},
        {"FLEETWAVE_LISTEN=127.0.0.1:0", "FLEETWAVE_AUTHOR=From Env <env@fleetwave.test>"});
  ASSERT_TRUE(wait_until([&] { return ready(); }, 20'000)) << logs();
  EXPECT_EQ(remote({"log", "-1", "--format=%an <%ae>", "main"}), "From Flag <flag@fleetwave.test>");
  EXPECT_TRUE(std::filesystem::is_directory(file("cache")));  // relative to the config file
  EXPECT_EQ(generate("shop").status, 200);
}

TEST_F(ServeServerTest, BadSettingsExit2WithOneLine) {
  ASSERT_TRUE(ft::write_text_file(file("bad.yaml"), "repo: x\ngit: {pasword: x}\n").ok());
  ASSERT_TRUE(ft::write_text_file(file("typo.yaml"), "repo: x\nboard: {urll: x}\n").ok());
  ASSERT_TRUE(ft::write_text_file(file("soon.yaml"), "repo: " + git_->url("fleet.git") + "\ninterval: soon\n").ok());
  std::filesystem::create_directories(file("a-directory"));
  struct Case {
    std::string name;
    std::vector<std::string> args;
    std::string err_prefix;
    std::vector<std::string> env;
  } cases[] = {
      {"unknown key",
       {"serve", "--config", file("bad.yaml")},
       "error: " + file("bad.yaml") + ": git.pasword: unknown key (valid keys: repo, "},
      {"a near miss",
       {"serve", "--config", file("typo.yaml")},  // issue 25 (11)
       "error: " + file("typo.yaml") + ": board.urll: unknown key; did you mean board.url?"},
      {"no repo", {"serve"}, "error: serve needs --repo URL (or repo: in --config) (see fleetwave serve --help)"},
      {"bad listen",
       {"serve", "--repo", git_->url("fleet.git"), "--listen", "8080"},
       "error: --listen \"8080\": no port;"},
      {"bad interval",
       {"serve", "--repo", git_->url("fleet.git"), "--interval", "soon"},
       "error: --interval \"soon\": expected a duration"},
      // Issue 25 (11): a value from the config file or the environment is named as it was given.
      {"bad interval in the config file",
       {"serve", "--config", file("soon.yaml")},
       "error: " + file("soon.yaml") + ": interval \"soon\": expected a duration"},
      {"bad interval in the environment",
       {"serve", "--repo", git_->url("fleet.git")},
       "error: FLEETWAVE_INTERVAL \"soon\": expected a duration",
       {"FLEETWAVE_INTERVAL=soon"}},
      {"missing secret file",
       {"serve", "--repo", git_->url("fleet.git"), "--webhook-secret-file", file("nope")},
       "error: --webhook-secret-file: cannot read " + file("nope") + ": no such file"},
      {"missing config file",
       {"serve", "--config", file("missing.yaml")},
       "error: --config " + file("missing.yaml") + ": cannot read the file: no such file; check the path"},
      {"repository path that does not exist",
       {"serve", "--repo", file("nowhere.git"), "--argocd-url", argocd_->url(), "--argocd-token-file",
        file("argocd-token")},
       "error: repository " + file("nowhere.git") + " does not exist (no such directory "},
      {"config is a directory",
       {"serve", "--config", file("a-directory")},
       "error: --config " + file("a-directory") + ": cannot read the file: it is a directory"},
      {"bad approvals",
       {"serve", "--repo", git_->url("fleet.git"), "--approvals-provider", "svn"},
       "error: --approvals-provider \"svn\": expected github or gitlab"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    ft::ProcessSpec spec;
    spec.argv = {fleetwave::testkit::cli_binary()};
    spec.argv.insert(spec.argv.end(), c.args.begin(), c.args.end());
    spec.env = {"HOME=" + file("home")};
    spec.env.insert(spec.env.end(), c.env.begin(), c.env.end());
    auto r = ft::run_command(spec, std::chrono::seconds(30));
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(r->exit_code, 2) << r->output;
    EXPECT_EQ(r->output.rfind(c.err_prefix, 0), 0u) << r->output;
    EXPECT_EQ(std::count(r->output.begin(), r->output.end(), '\n'), 1) << r->output;
  }
}

// A Git server that accepts connections and never answers: libgit2 1.5 would wait for ever.
TEST_F(ServeServerTest, WatchdogMarksAHungCycleNotReadyThenExits) {
  int listener = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  ASSERT_EQ(bind(listener, reinterpret_cast<sockaddr*>(&addr), sizeof addr), 0);
  ASSERT_EQ(listen(listener, 16), 0);
  socklen_t len = sizeof addr;
  getsockname(listener, reinterpret_cast<sockaddr*>(&addr), &len);
  std::vector<std::string> args = serve_args("1s");
  args[3] = "http://127.0.0.1:" + std::to_string(ntohs(addr.sin_port)) + "/git/fleet.git";
  args.insert(args.end(), {"--cycle-timeout", "1s"});
  start("", args);
  ASSERT_TRUE(
      wait_until([&] { return get("/readyz").body.find("cycle stuck: running for ") != std::string::npos; }, 10'000))
      << get("/readyz").body << logs();
  EXPECT_EQ(get("/readyz").status, 503);
  EXPECT_EQ(get("/healthz").status, 200);
  ASSERT_TRUE(serve_->wait_for_exit(std::chrono::milliseconds(10'000)));
  EXPECT_EQ(serve_->exit_code(), 1);
  EXPECT_NE(logs().find("exiting so the process restarts"), std::string::npos) << logs();
  close(listener);
}

// `GET /api/v1/apps` and `fleetwave status --output json` are one computation from one
// snapshot: the same bytes in every phase an app goes through, each reached through the built
// binaries (manual steps by the CLI, a new release by a push, a failure by Argo CD).
TEST_F(ServeServerTest, StatusApiEqualsTheCliInEveryPhase) {
  // The europe wave needs an approval, so the release stops in WaitingApproval on its way.
  std::map<std::string, std::string> files = testkit::fleet_files();
  files["apps/shop/rollout.yaml"] = testkit::wave_plan("shop", "    approval: required\n");
  std::filesystem::remove_all(bare());
  ASSERT_TRUE(git_->create_repo("fleet.git", files).ok());
  start("1h");
  ASSERT_TRUE(wait_until([&] { return ready(); }, 20'000)) << logs();

  const std::vector<std::string> git_flags = {"--repo", git_->url("fleet.git"), "--git-username",
                                              "alice",  "--git-password-file",  file("git-password")};
  auto fleetwave = [&](std::vector<std::string> args, const std::string& cache) {
    ft::ProcessSpec spec;
    spec.argv = {fleetwave::testkit::cli_binary()};
    spec.argv.insert(spec.argv.end(), args.begin(), args.end());
    spec.argv.insert(spec.argv.end(), git_flags.begin(), git_flags.end());
    spec.argv.insert(spec.argv.end(), {"--cache-dir", file(cache)});
    spec.env = {"HOME=" + file("home")};
    auto r = ft::run_command(spec, std::chrono::seconds(60));
    EXPECT_TRUE(r.ok());
    return r.ok() ? *r : ft::CommandResult{};
  };
  auto manual = [&](std::vector<std::string> args) {
    args.insert(args.end(), {"--author", "Pat Person <pat@example.com>"});
    auto r = fleetwave(args, "cache-manual");
    EXPECT_EQ(r.exit_code, 0) << r.output;
  };
  // One cycle through the webhook; the snapshot is published before the cycle is counted.
  auto cycle = [&] {
    const double before = successful_cycles();
    EXPECT_EQ(github_webhook(R"({"ref":"refs/heads/main"})").status, 202);
    EXPECT_TRUE(wait_until([&] { return successful_cycles() > before; }, 20'000)) << logs();
  };
  auto expect_same_status = [&](const std::string& phase, bool paused) {
    SCOPED_TRACE(phase + (paused ? " (paused)" : ""));
    auto printed = fleetwave(
        {"status", "--output", "json", "--argocd-url", argocd_->url(), "--argocd-token-file", file("argocd-token")},
        "cache-status");
    ASSERT_EQ(printed.exit_code, 0) << printed.output;
    HttpResult served = get("/api/v1/apps");
    ASSERT_EQ(served.status, 200);
    EXPECT_EQ(served.body, printed.output);
    const Json doc = Json::parse(served.body);
    ASSERT_EQ(doc["apps"].size(), 1u);
    EXPECT_EQ(doc["apps"][0]["phase"], phase);
    EXPECT_EQ(doc["apps"][0]["paused"], paused);
    EXPECT_EQ(doc["head"], head());
    EXPECT_EQ(doc["apps"][0]["argocd"]["reachable"], true);
  };

  expect_same_status("Progressing", false);  // the first cycle started the release

  manual({"pause", "shop", "--reason", "incident 7"});
  cycle();
  expect_same_status("Paused", true);  // one phase word everywhere (issue 25, 7)
  manual({"resume", "shop"});
  cycle();
  expect_same_status("Progressing", false);

  argocd_healthy();
  cycle();
  ASSERT_EQ(subject().rfind("fleetwave(shop): wait for approval", 0), 0u) << subject();
  expect_same_status("WaitingApproval", false);

  manual({"approve", "shop"});
  for (int i = 0; i < 8 && subject().rfind("fleetwave(shop): complete ", 0) != 0; ++i) {
    argocd_healthy();
    cycle();
  }
  ASSERT_EQ(subject().rfind("fleetwave(shop): complete ", 0), 0u) << subject();
  cycle();  // Argo CD now reports every cluster at the stable release
  expect_same_status("Stable", false);

  // A new release whose canary Argo CD reports Degraded: rolled back and held.
  const std::string work = file("work");
  ASSERT_TRUE(ft::git(dir_->path(), {"clone", "-q", bare(), work}).ok());
  ASSERT_TRUE(ft::write_text_file(work + "/apps/shop/deploy.yaml", testkit::deployment("web:2.0")).ok());
  ASSERT_TRUE(
      ft::git(work, {"-c", "user.name=Rel Ease", "-c", "user.email=rel@example.com", "commit", "-qam", "shop: web 2.0"})
          .ok());
  ASSERT_TRUE(ft::git(work, {"push", "-q", "origin", "main"}).ok());
  cycle();
  ASSERT_EQ(subject().rfind("fleetwave(shop): start ", 0), 0u) << subject();
  expect_same_status("Progressing", false);
  const std::string release = targets()[0]["revision"];
  ASSERT_TRUE(argocd_
                  ->put_application(ft::make_application("shop-dev-1", {{"fleetwave.io/app", "shop"}}, "dev-1", release,
                                                         "Synced", "Degraded", "Succeeded", "2020-01-01T00:00:00Z"))
                  .ok());
  cycle();
  ASSERT_EQ(subject().rfind("fleetwave(shop): roll back ", 0), 0u) << subject();
  expect_same_status("Held", false);
}

}  // namespace
}  // namespace fleetwave::serve
