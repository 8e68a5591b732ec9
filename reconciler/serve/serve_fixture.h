// The fixture of the fleetwave serve tests (header-only, beside them): the built binary run as
// `fleetwave serve` against lighttpd's smart-HTTP Git server (basic auth) and the fake Argo CD
// on 127.0.0.1, with an HTTP client for its endpoints and helpers to read the remote.
#pragma once

#include <httplib.h>

#include <thread>

#include <gtest/gtest.h>

#include "base/json.h"
#include "serve/webhook_auth.h"
#include "testkit/build_paths.h"
#include "testkit/builders/fleet_files.h"
#include "testkit/builders/git_cli.h"
#include "testkit/fakes/fake_argocd.h"
#include "testkit/fakes/fake_argocd_apps.h"
#include "testkit/process/child_process.h"
#include "testkit/process/free_port.h"
#include "testkit/process/temp_dir.h"
#include "testkit/servers/git_http_server.h"

namespace fleetwave::serve::testing_support {

namespace ft = fleetwave::testkit;

inline const std::string kGitPassword = "git-pa55-serve-XYZ";
inline const std::string kWebhookSecret = "webhook-secret-77aa";
inline const std::string kGeneratorToken = "generator-token-55bb";

struct HttpResult {
  int status = 0;  // 0: no answer
  std::string body;
};

class ServeFixture : public ::testing::Test {
 protected:
  void SetUp() override {
    auto dir = ft::TempDir::create("fw-serve");
    ASSERT_TRUE(dir.ok());
    dir_.emplace(std::move(dir).value());
    auto server = ft::GitHttpServer::start({"alice", kGitPassword});
    ASSERT_TRUE(server.ok()) << server.error().to_string();
    git_ = std::move(server).value();
    auto seeded = git_->create_repo("fleet.git", testkit::fleet_files());
    ASSERT_TRUE(seeded.ok()) << seeded.error().to_string();
    auto argocd = ft::FakeArgoCd::start();
    ASSERT_TRUE(argocd.ok()) << argocd.error().to_string();
    argocd_ = std::move(argocd).value();
    ASSERT_TRUE(ft::write_text_file(file("git-password"), kGitPassword + "\n").ok());
    ASSERT_TRUE(ft::write_text_file(file("argocd-token"), argocd_->token() + "\n").ok());
    ASSERT_TRUE(ft::write_text_file(file("webhook-secret"), kWebhookSecret + "\n").ok());
    ASSERT_TRUE(ft::write_text_file(file("generator-token"), kGeneratorToken + "\n").ok());
  }

  void TearDown() override {
    if (serve_) serve_->stop(std::chrono::milliseconds(10'000));
  }

  std::string file(const std::string& name) const { return *dir_ / name; }
  std::string bare() const { return git_->repo_path("fleet.git"); }

  // `args` followed by the flags that reach the Git server as alice and the fake Argo CD.
  std::vector<std::string> with_credentials(std::vector<std::string> args) const {
    args.insert(args.end(), {"--git-username", "alice", "--git-password-file", file("git-password"), "--argocd-url",
                             argocd_->url(), "--argocd-token-file", file("argocd-token")});
    return args;
  }

  // The flags the e2e tests use too.
  std::vector<std::string> serve_args(const std::string& interval) const {
    std::vector<std::string> args = with_credentials(
        {fleetwave::testkit::cli_binary(), "serve", "--repo", git_->url("fleet.git"), "--branch", "main"});
    args.insert(args.end(),
                {"--listen", "127.0.0.1:0", "--port-file", file("port"), "--interval", interval, "--cache-dir",
                 file("cache"), "--webhook-secret-file", file("webhook-secret"), "--generator-token-file",
                 file("generator-token"), "--author", "Fleetwave Serve <serve@fleetwave.test>"});
    return args;
  }

  // Starts fleetwave serve and waits for its port file.
  void start(const std::string& interval = "1s", std::vector<std::string> argv = {},
             std::vector<std::string> env = {}) {
    ft::ProcessSpec spec;
    spec.argv = argv.empty() ? serve_args(interval) : std::move(argv);
    spec.env = {"HOME=" + file("home")};
    spec.env.insert(spec.env.end(), env.begin(), env.end());
    spec.cwd = dir_->path();
    spec.stdout_path = file("serve.out");
    spec.stderr_path = file("serve.err");
    auto child = ft::ChildProcess::spawn(spec);
    ASSERT_TRUE(child.ok()) << child.error().to_string();
    serve_.emplace(std::move(child).value());
    ASSERT_TRUE(wait_until([&] { return !ft::read_text_file(file("port")).empty() || !serve_->running(); }, 20'000));
    port_ = std::atoi(ft::read_text_file(file("port")).c_str());
    ASSERT_GT(port_, 0) << logs();
  }

  std::string logs() const { return ft::read_text_file(file("serve.err")); }

  static bool wait_until(const std::function<bool()>& done, int timeout_ms) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
    while (std::chrono::steady_clock::now() < deadline) {
      if (done()) return true;
      std::this_thread::sleep_for(std::chrono::milliseconds(25));
    }
    return done();
  }

  HttpResult get(const std::string& path) const {
    httplib::Client c("127.0.0.1", port_);
    c.set_read_timeout(20, 0);
    auto r = c.Get(path.c_str());
    return r ? HttpResult{r->status, r->body} : HttpResult{};
  }

  HttpResult post(const std::string& path, const std::string& body, const httplib::Headers& headers) const {
    httplib::Client c("127.0.0.1", port_);
    c.set_read_timeout(20, 0);
    auto r = c.Post(path.c_str(), headers, body, "application/json");
    return r ? HttpResult{r->status, r->body} : HttpResult{0, "no answer: " + httplib::to_string(r.error())};
  }

  HttpResult github_webhook(const std::string& body, const std::string& secret = kWebhookSecret) const {
    return post("/webhook/git", body,
                {{"X-GitHub-Event", "push"}, {"X-Hub-Signature-256", "sha256=" + hmac_sha256_hex(secret, body)}});
  }

  HttpResult generate(const std::string& app, const std::string& token = kGeneratorToken) const {
    httplib::Headers h;
    if (!token.empty()) h.emplace("Authorization", "Bearer " + token);
    return post("/api/v1/getparams.execute",
                R"({"applicationSetName":")" + app + R"(","input":{"parameters":{"app":")" + app + "\"}}}\n", h);
  }

  // The value of one series of /metrics (-1 when absent).
  double metric(const std::string& series) const {
    const std::string text = "\n" + get("/metrics").body;
    const std::size_t at = text.find("\n" + series + " ");
    if (at == std::string::npos) return -1;
    return std::atof(text.c_str() + at + series.size() + 2);
  }
  double successful_cycles() const { return metric("fleetwave_cycles_total{result=\"success\"}"); }

  bool ready() const { return get("/readyz").status == 200; }

  std::string remote(const std::vector<std::string>& args) const {
    auto r = ft::git(bare(), args);
    return r.ok() ? *r : "";
  }
  std::string head() const { return remote({"rev-parse", "main"}); }
  std::string subject() const { return remote({"log", "-1", "--format=%s", "main"}); }
  Json targets() const {
    std::string text = remote({"show", "main:.fleetwave/shop/targets.json"});
    return text.empty() ? Json::array() : Json::parse(text);
  }

  // Argo CD reports every pinned cluster Synced/Healthy at its pin since long ago, so the
  // canary's minSuccessTime (10s) has passed and the next cycle advances.
  void argocd_healthy() {
    for (const Json& t : targets()) {
      const std::string cluster = t["cluster"];
      Json a = ft::make_application("shop-" + cluster, {{"fleetwave.io/app", "shop"}}, cluster, t["revision"], "Synced",
                                    "Healthy", "Succeeded", "2020-01-01T00:00:00Z");
      ASSERT_TRUE(argocd_->put_application(std::move(a)).ok());
    }
  }

  std::optional<ft::TempDir> dir_;
  std::unique_ptr<ft::GitHttpServer> git_;
  std::unique_ptr<ft::FakeArgoCd> argocd_;
  std::optional<ft::ChildProcess> serve_;
  int port_ = 0;
};

}  // namespace fleetwave::serve::testing_support
