#include "harness/fleetwave_process.h"

#include <signal.h>

#include <random>

#include "base/text.h"
#include "harness/http_client.h"
#include "harness/poll.h"

namespace fleetwave::e2e {
namespace {

std::string random_hex(int n) {
  std::random_device rd;
  std::string out;
  for (int i = 0; i < n; ++i) out += "0123456789abcdef"[rd() % 16];
  return out;
}

}  // namespace

FleetwaveProcess::FleetwaveProcess(FleetwaveOptions options, testkit::TempDir dir)
    : options_(std::move(options)), dir_(std::move(dir)), secret_("webhook-" + random_hex(24)) {}

FleetwaveProcess::~FleetwaveProcess() { stop(); }

Result<std::unique_ptr<FleetwaveProcess>> FleetwaveProcess::start(const FleetwaveOptions& options) {
  FW_TRY(dir, testkit::TempDir::create("fw-e2e-" + options.name));
  std::unique_ptr<FleetwaveProcess> p(new FleetwaveProcess(options, std::move(dir)));
  FW_CHECK(testkit::write_text_file(p->dir_ / "webhook-secret", p->secret_ + "\n", 0600));
  FW_CHECK(testkit::write_text_file(p->dir_ / "generator-token", "gen-" + random_hex(24) + "\n", 0600));
  FW_CHECK(p->launch());
  return p;
}

Status<> FleetwaveProcess::launch() {
  const FleetwaveOptions& o = options_;
  std::vector<std::string> common = {"--repo",
                                     o.repo_url,
                                     "--branch",
                                     "main",
                                     "--git-username",
                                     o.git_username,
                                     "--git-password-file",
                                     o.git_password_file,
                                     "--argocd-url",
                                     o.argocd_url,
                                     "--argocd-token-file",
                                     o.argocd_token_file,
                                     "--cache-dir",
                                     dir_ / "cache",
                                     "--author",
                                     o.author};
  testkit::ProcessSpec spec;
  const std::string port_file = dir_ / "port";
  std::remove(port_file.c_str());
  spec.argv = {o.binary, "serve"};
  spec.argv.insert(spec.argv.end(), common.begin(), common.end());
  for (const std::string& a :
       {std::string("--listen"), std::string("127.0.0.1:0"), std::string("--port-file"), port_file,
        std::string("--interval"), std::to_string(o.interval_ms) + "ms", std::string("--webhook-secret-file"),
        dir_ / "webhook-secret", std::string("--generator-token-file"), dir_ / "generator-token"}) {
    spec.argv.push_back(a);
  }
  spec.argv.insert(spec.argv.end(), o.extra_args.begin(), o.extra_args.end());
  if (!o.prometheus_url.empty()) {
    spec.argv.push_back("--prometheus-url");
    spec.argv.push_back(o.prometheus_url);
  }
  spec.stdout_path = spec.stderr_path = dir_ / "fleetwave.log";
  FW_TRY(child, testkit::ChildProcess::spawn(spec));
  process_.emplace(std::move(child));
  Status<> ready = poll_until(
      [&] {
        if (!process_->running()) return true;
        std::string port = trim_space(testkit::read_text_file(port_file));
        if (port.empty()) return false;
        Result<HttpAnswer> health = http_get("http://127.0.0.1:" + port, "/healthz");
        return health.ok() && health->status == 200;
      },
      Millis(20000), "fleetwave serve's /healthz");
  if (!ready.ok() || !process_->running()) return internal_error("fleetwave serve did not start: " + log());
  url_ = "http://127.0.0.1:" + trim_space(testkit::read_text_file(port_file));
  return ok_status();
}

void FleetwaveProcess::kill9() {
  if (!process_) return;
  ::kill(-process_->pid(), SIGKILL);
  process_->wait_for_exit(Millis(5000));
  process_.reset();
  url_.clear();
}

Status<> FleetwaveProcess::restart() {
  stop();
  return launch();
}

void FleetwaveProcess::stop() {
  if (process_) process_->stop();
  process_.reset();
  url_.clear();
}

bool FleetwaveProcess::running() { return process_ && process_->running(); }

std::string FleetwaveProcess::log() const { return testkit::read_text_file(dir_ / "fleetwave.log"); }

Result<int> FleetwaveProcess::push_webhook(const std::string& branch, const std::string& after) {
  if (url_.empty()) return invalid_input("push_webhook needs fleetwave serve running");
  const std::string body = "{\"ref\":\"refs/heads/" + branch + "\",\"after\":\"" + after +
                           "\",\"repository\":{\"clone_url\":\"" + options_.repo_url + "\"}}";
  FW_TRY(res, http_post(url_, "/webhook/git", body,
                        {{"X-GitHub-Event", "push"},
                         {"X-GitHub-Delivery", random_hex(32)},
                         {"X-Hub-Signature-256", github_signature(secret_, body)}}));
  return res.status;
}

}  // namespace fleetwave::e2e
