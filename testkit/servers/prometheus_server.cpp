#include "testkit/servers/prometheus_server.h"

#include <httplib.h>
#include <unistd.h>

#include <cstdlib>
#include <thread>

#include "codec/json_reader.h"
#include "codec/json_writer.h"
#include "testkit/process/free_port.h"

namespace fleetwave::testkit {
namespace {

constexpr const char* kPrometheus = "/usr/bin/prometheus";

std::string duration_text(std::chrono::milliseconds d) { return std::to_string(d.count()) + "ms"; }

// JSON is YAML, so the config is written with the JSON writer: no quoting of our own to get wrong.
std::string prometheus_config_text(const PrometheusServerOptions& o) {
  Json jobs = Json::array();
  for (std::size_t i = 0; i < o.targets.size(); ++i) {
    const ScrapeTarget& t = o.targets[i];
    Json job = {{"job_name", "target-" + std::to_string(i)},
                {"metrics_path", t.metrics_path},
                {"static_configs", {{{"targets", {t.address}}}}}};
    if (!t.bearer_token.empty()) job["authorization"] = {{"type", "Bearer"}, {"credentials", t.bearer_token}};
    jobs.push_back(std::move(job));
  }
  // The default scrape timeout (10 s) may not exceed a shorter interval.
  const std::string interval = duration_text(o.scrape_interval);
  Json config = {{"global", {{"scrape_interval", interval}, {"scrape_timeout", interval}}},
                 {"scrape_configs", std::move(jobs)}};
  if (!o.rules.empty()) {
    config["global"]["evaluation_interval"] = interval;
    config["rule_files"] = {"rules.yml"};
  }
  return write_json(config);
}

std::string rules_text(const PrometheusServerOptions& o) {
  Json rules = Json::array();
  for (const RecordingRule& r : o.rules) {
    Json rule = {{"record", r.record}, {"expr", r.expr}};
    for (const auto& [name, value] : r.labels) rule["labels"][name] = value;
    rules.push_back(std::move(rule));
  }
  return write_json(Json{{"groups", {{{"name", "recorded"}, {"rules", std::move(rules)}}}}});
}

}  // namespace

Result<std::unique_ptr<PrometheusServer>> PrometheusServer::start(PrometheusServerOptions options) {
  if (access(kPrometheus, X_OK) != 0)
    return not_found(std::string(kPrometheus) + " not found: apt-get install prometheus");
  if (options.scrape_interval < std::chrono::milliseconds(1)) return invalid_input("scrape_interval must be positive");
  FW_TRY(dir, TempDir::create("fw-prometheus"));
  std::unique_ptr<PrometheusServer> server(new PrometheusServer(std::move(dir), std::move(options)));
  FW_CHECK(write_text_file(server->dir_ / "prometheus.yml", prometheus_config_text(server->options_)));
  if (!server->options_.rules.empty())
    FW_CHECK(write_text_file(server->dir_ / "rules.yml", rules_text(server->options_)));
  for (int attempt = 1;; ++attempt) {
    FW_TRY(port, pick_free_port());
    Status<> launched = server->launch(port);
    if (launched.ok()) return server;
    if (launched.error().kind != ErrorKind::Transient || attempt == 5) return launched.error();
  }
}

PrometheusServer::PrometheusServer(TempDir dir, PrometheusServerOptions options)
    : dir_(std::move(dir)), options_(std::move(options)) {}

PrometheusServer::~PrometheusServer() {
  // SIGTERM lets it close the TSDB; stopped before its directory goes away.
  if (process_) process_->stop(std::chrono::seconds(10));
}

void PrometheusServer::stop() {
  if (process_) process_->stop(std::chrono::seconds(10));
  process_.reset();
}

Status<> PrometheusServer::restart() {
  stop();
  return launch(port_);
}

Status<> PrometheusServer::launch(int port) {
  ProcessSpec spec;
  spec.argv = {kPrometheus, "--config.file=" + (dir_ / "prometheus.yml"), "--storage.tsdb.path=" + (dir_ / "data"),
               "--web.listen-address=127.0.0.1:" + std::to_string(port)};
  spec.cwd = dir_.path();
  spec.stdout_path = dir_ / "prometheus.log";
  spec.stderr_path = spec.stdout_path;
  FW_TRY(child, ChildProcess::spawn(spec));
  auto process = std::make_unique<ChildProcess>(std::move(child));
  httplib::Client client("127.0.0.1", port);
  client.set_connection_timeout(std::chrono::seconds(1));
  client.set_read_timeout(std::chrono::seconds(2));
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  while (std::chrono::steady_clock::now() < deadline) {
    if (!process->running()) {
      if (log_tail().find("address already in use") != std::string::npos) {
        return transient("port " + std::to_string(port) + " taken");
      }
      return internal_error("prometheus exited with " + std::to_string(process->exit_code().value_or(-1)) + ": " +
                            log_tail());
    }
    // Our own TSDB path in its flags proves that the answer comes from this server.
    httplib::Result ready = client.Get("/-/ready");
    if (ready && ready->status == 200) {
      httplib::Result flags = client.Get("/api/v1/status/flags");
      if (!flags || flags->body.find(dir_ / "data") == std::string::npos) {
        return transient("port " + std::to_string(port) + " answered by another server");
      }
      port_ = port;
      process_ = std::move(process);
      return ok_status();
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  return internal_error("prometheus did not become ready on port " + std::to_string(port) + ": " + log_tail());
}

std::string PrometheusServer::url() const { return "http://127.0.0.1:" + std::to_string(port_); }

Result<Json> PrometheusServer::query(const std::string& promql) const {
  httplib::Client client("127.0.0.1", port_);
  client.set_connection_timeout(std::chrono::seconds(1));
  client.set_read_timeout(std::chrono::seconds(10));
  httplib::Result res = client.Get("/api/v1/query", httplib::Params{{"query", promql}}, httplib::Headers{});
  if (!res) return transient("prometheus query " + promql + ": " + httplib::to_string(res.error()));
  FW_TRY(body, parse_json(res->body, "prometheus /api/v1/query"));
  if (string_at(body, {"status"}) != "success") {
    return invalid_input("prometheus query " + promql + ": " + std::to_string(res->status) + " " +
                         string_at(body, {"error"}));
  }
  const Json* result = find_path(body, {"data", "result"});
  if (result == nullptr) return internal_error("prometheus query " + promql + ": no data.result in " + res->body);
  return *result;
}

std::string PrometheusServer::log_tail(std::size_t max_chars) const {
  const std::string log = read_text_file(dir_ / "prometheus.log");
  const std::string tail = log.size() > max_chars ? "..." + log.substr(log.size() - max_chars) : log;
  return "[prometheus.log] " + tail;
}

std::optional<double> single_sample_value(const Json& result) {
  if (!result.is_array() || result.size() != 1) return std::nullopt;
  const Json* value = find_path(result[0], {"value"});
  if (value == nullptr || !value->is_array() || value->size() != 2 || !(*value)[1].is_string()) return std::nullopt;
  // Prometheus writes numbers as strings, NaN and ±Inf included; strtod reads them all.
  const std::string text = (*value)[1].get<std::string>();
  char* end = nullptr;
  const double number = std::strtod(text.c_str(), &end);
  if (text.empty() || end != text.c_str() + text.size()) return std::nullopt;
  return number;
}

}  // namespace fleetwave::testkit
