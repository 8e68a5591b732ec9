// Test support: a real Prometheus server (Debian's /usr/bin/prometheus) on 127.0.0.1, on a port
// chosen at run time, scraping the given targets. Its config, TSDB and log live in a temporary
// directory; the destructor stops it (SIGTERM to its process group, SIGKILL after 10 s) and
// deletes the directory. Prometheus' output goes to root()/prometheus.log, whose tail ends every
// start-up error.
//
// Each target is its own job, "target-<index>" (so each may carry its own token). Recording rules,
// when given, are evaluated at the scrape interval (e.g. to publish a metric under the name a
// copied Argo Rollouts AnalysisTemplate queries).
//
// Requires the Debian package prometheus.
//
// Thread-safety: start() and the destructor must not race with other calls; query() may be
// called from any thread.
#pragma once

#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "base/json.h"
#include "base/result.h"
#include "testkit/process/child_process.h"
#include "testkit/process/temp_dir.h"

namespace fleetwave::testkit {

struct ScrapeTarget {
  std::string address;  // HOST:PORT
  std::string metrics_path = "/metrics";
  std::string bearer_token;  // sent as "Authorization: Bearer <token>" unless ""
};

// One Prometheus recording rule: `record` is the new series' name, `labels` are added to it.
struct RecordingRule {
  std::string record;
  std::string expr;
  std::vector<std::pair<std::string, std::string>> labels;
};

struct PrometheusServerOptions {
  std::vector<ScrapeTarget> targets;
  std::chrono::milliseconds scrape_interval{1000};  // also the scrape timeout
  std::vector<RecordingRule> rules;
};

class PrometheusServer {
 public:
  // Starts Prometheus and waits until /-/ready answers; retries on a port collision.
  [[nodiscard]] static Result<std::unique_ptr<PrometheusServer>> start(PrometheusServerOptions options);
  ~PrometheusServer();
  PrometheusServer(const PrometheusServer&) = delete;
  PrometheusServer& operator=(const PrometheusServer&) = delete;

  int port() const { return port_; }
  std::string url() const;  // http://127.0.0.1:PORT
  const std::string& root() const { return dir_.path(); }

  // GET /api/v1/query?query=<promql> (an instant query now): data.result, e.g. for a vector
  // [{"metric": {...}, "value": [<time>, "<number>"]}, ...]. Transient when Prometheus does not
  // answer; InvalidInput with Prometheus' error when it refuses the query.
  [[nodiscard]] Result<Json> query(const std::string& promql) const;

  // Stops Prometheus as a pod is stopped (SIGTERM: it closes its TSDB) and keeps its data;
  // restart() starts it again on the same port with the same data, as a restarted pod on a
  // persistent volume.
  void stop();
  [[nodiscard]] Status<> restart();

  // The last `max_chars` of Prometheus' log, for failure messages.
  std::string log_tail(std::size_t max_chars = 4000) const;

 private:
  PrometheusServer(TempDir dir, PrometheusServerOptions options);
  [[nodiscard]] Status<> launch(int port);  // one attempt; Transient on a collision

  TempDir dir_;
  const PrometheusServerOptions options_;
  int port_ = 0;
  std::unique_ptr<ChildProcess> process_;
};

// The number of a query result holding exactly one sample (a one-element vector); nullopt for
// none or several.
std::optional<double> single_sample_value(const Json& result);

}  // namespace fleetwave::testkit
