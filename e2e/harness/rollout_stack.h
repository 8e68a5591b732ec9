// A whole rollout on loopback, each part its own process: the Git server (FleetRepo), the Argo
// CD simulator (SimProcess) and one or more `fleetwave serve` replicas (FleetwaveProcess), wired
// together with fresh ports, temp dirs, credentials and tokens. Used by the e2e tests and by
// the README demo driver.
//
// Thread-safety: single-threaded.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "base/json.h"
#include "base/result.h"
#include "harness/fleet_repo.h"
#include "harness/fleetwave_process.h"
#include "harness/poll.h"
#include "harness/sim_process.h"
#include "testkit/servers/prometheus_server.h"

namespace fleetwave::e2e {

struct Binaries {
  std::string fleetwave;
  std::string render;
  std::string simulator;
};

struct StackOptions {
  Binaries binaries;
  FleetRepoOptions repo;
  int interval_ms = 1000;         // fleetwave serve --interval
  int replicas = 1;               // fleetwave serve processes started at once
  double progress_seconds = 0.5;  // the simulator's Progressing time after a sync
  int sync_ms = 200;
  // Starts Debian's Prometheus scraping the simulator's /metrics every 500 ms, and points
  // fleetwave at it (--prometheus-url), for scenarios with analysis checks.
  bool prometheus = false;
  std::vector<testkit::RecordingRule> prometheus_rules;   // evaluated by that Prometheus
  std::vector<testkit::ScrapeTarget> prometheus_targets;  // scraped by it besides the simulator
  std::vector<std::string> serve_args;                    // more flags of every fleetwave serve replica
  // The simulator syncs plain directories of this hydrated branch instead of running the plugin.
  std::string sim_hydrated_branch;
};

class RolloutStack {
 public:
  [[nodiscard]] static Result<std::unique_ptr<RolloutStack>> start(const StackOptions& options);
  ~RolloutStack();  // stops fleetwave first, then the simulator, then the Git server

  FleetRepo& repo() { return *repo_; }
  SimProcess& sim() { return *sim_; }
  testkit::PrometheusServer* prometheus() { return prometheus_.get(); }
  FleetwaveProcess& fleetwave(std::size_t replica = 0) { return *replicas_.at(replica); }
  std::size_t replica_count() const { return replicas_.size(); }

  // Waits until `app`'s Fleetwave-Action trailers number at least `count`; returns them all.
  [[nodiscard]] Result<std::vector<std::string>> wait_for_actions(const std::string& app, std::size_t count,
                                                                  Millis timeout);
  // Waits until `app` has more than `after` Fleetwave-Action trailers and the newest is
  // `action`; returns them all.
  [[nodiscard]] Result<std::vector<std::string>> wait_for_last_action(const std::string& app, const std::string& action,
                                                                      Millis timeout, std::size_t after = 0);
  // Waits until every Application of `app` has finished a sync of its pin (sync.revision and
  // syncResult.revision equal to spec.source.targetRevision, no operation Running) and is
  // Healthy or Degraded (not Progressing), and the Applications are exactly the pinned clusters.
  [[nodiscard]] Status<> wait_for_sim_converged(const std::string& app, Millis timeout);

  // Hydrated mode: the pin the directory an Application last synced holds (the drySha of its
  // hydrator.metadata), "" when it synced nothing yet.
  std::string hydrated_pin(const Json& application, const std::string& app, const std::string& cluster);

  // What fleetwave-render prints for `app_path` on `cluster` at `commit` (a fresh export of the
  // commit's tree, as Argo CD hands it to the plugin).
  [[nodiscard]] Result<std::vector<Json>> render(const std::string& commit, const std::string& app_path,
                                                 const std::string& cluster);
  // Compares every simulated cluster's live objects with the renders at each app's pins in
  // targets.json; an error lists the differences.
  [[nodiscard]] Status<> check_clusters_match_pins(const std::vector<std::string>& apps);

  // The flags that let `fleetwave` reach the stack as a person would: the repository (URL,
  // credentials, a cache directory) and, with `argocd`, the Argo CD simulator and its token.
  std::vector<std::string> cli_flags(bool argocd) const;

  // Runs `fleetwave <args...>` as a person would against the repository (cli_flags(false) and
  // --author appended); returns the exit code and output.
  [[nodiscard]] Result<testkit::CommandResult> fleetwave_cli(std::vector<std::string> args, const std::string& author);

  // Logs of every process, for failure messages.
  std::string diagnostics() const;

 private:
  RolloutStack() = default;
  [[nodiscard]] Result<std::string> export_commit(const std::string& commit);

  StackOptions options_;
  std::unique_ptr<FleetRepo> repo_;
  std::unique_ptr<SimProcess> sim_;
  std::unique_ptr<testkit::PrometheusServer> prometheus_;
  std::vector<std::unique_ptr<FleetwaveProcess>> replicas_;
  std::map<std::string, std::string> exports_;  // commit -> directory
};

}  // namespace fleetwave::e2e
