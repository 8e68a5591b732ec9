// `fleetwave serve` as a separate process of an e2e run: start, `kill -9`, restart, stop, and
// its HTTP endpoints (readiness, the Git webhook with a GitHub signature).
//
// Thread-safety: single-threaded.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "base/result.h"
#include "testkit/process/child_process.h"
#include "testkit/process/temp_dir.h"

namespace fleetwave::e2e {

struct FleetwaveOptions {
  std::string binary;  // build/reconciler/fleetwave
  std::string repo_url;
  std::string git_username;
  std::string git_password_file;
  std::string argocd_url;
  std::string argocd_token_file;
  int interval_ms = 1000;
  std::string author = "Fleetwave Bot <fleetwave@example.com>";
  std::string name = "fleetwave";       // names its log and cache directory (replicas differ)
  std::string prometheus_url;           // --prometheus-url for analysis checks ("" = none)
  std::vector<std::string> extra_args;  // more flags of fleetwave serve (e.g. --failover-after 2s)
};

class FleetwaveProcess {
 public:
  // Starts the process and waits until /healthz answers.
  [[nodiscard]] static Result<std::unique_ptr<FleetwaveProcess>> start(const FleetwaveOptions& options);
  ~FleetwaveProcess();

  // SIGKILL to the whole process group (a crash: no shutdown code runs), then reaps it.
  void kill9();
  // Starts it again with the same cache directory (after kill9 or stop).
  [[nodiscard]] Status<> restart();
  void stop();  // SIGTERM, then SIGKILL after a grace period
  bool running();

  const FleetwaveOptions& options() const { return options_; }
  std::string url() const { return url_; }  // http://127.0.0.1:PORT while running
  std::string log() const;
  std::string webhook_secret() const { return secret_; }

  // POST /webhook/git as GitHub sends a push event for `branch` at `after`; returns the status.
  [[nodiscard]] Result<int> push_webhook(const std::string& branch, const std::string& after);

 private:
  FleetwaveProcess(FleetwaveOptions options, testkit::TempDir dir);
  [[nodiscard]] Status<> launch();

  FleetwaveOptions options_;
  testkit::TempDir dir_;
  std::string secret_;
  std::string url_;
  std::optional<testkit::ChildProcess> process_;
};

}  // namespace fleetwave::e2e
