#include "serve/serve_metrics.h"

#include <cstdio>

#include "base/error.h"
#include "base/escape_chars.h"
#include "rollout/commit_message.h"

namespace fleetwave::serve {
namespace {

const char* kPhases[] = {"New", "Stable", "Progressing", "WaitingApproval", "Held", "Paused", "Frozen", "Unknown"};

std::string number(double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.15g", v);
  return buf;
}

void header(std::string& out, const char* name, const char* type, const char* help) {
  out += std::string("# HELP ") + name + " " + help + "\n# TYPE " + name + " " + type + "\n";
}

void labelled(std::string& out, const char* name, const char* label,
              const std::map<std::string, std::uint64_t>& values) {
  for (const auto& [value, count] : values) {
    out += std::string(name) + "{" + label + "=\"" + escape_label(value) + "\"} " + std::to_string(count) + "\n";
  }
}

// The counters' updates, each under the lock that guards the counter.
template <typename Counter>
void add_locked(std::mutex& mu, Counter& counter, std::uint64_t n) {
  std::lock_guard<std::mutex> lock(mu);
  counter += n;
}

template <typename Counts, typename Key>
void bump_locked(std::mutex& mu, Counts& counts, const Key& key) {
  std::lock_guard<std::mutex> lock(mu);
  ++counts[key];
}

void bool_gauge(std::string& out, const char* name, const char* help, bool value) {
  header(out, name, "gauge", help);
  out += std::string(name) + " " + (value ? "1" : "0") + "\n";
}

}  // namespace

std::string gauge_phase(const std::string& status_phase, bool paused) { return paused ? "Paused" : status_phase; }

std::string escape_label(const std::string& value) {
  return escape_chars(value, {{'\\', "\\\\"}, {'"', "\\\""}, {'\n', "\\n"}});
}

void ServeMetrics::cycle(const std::string& result, double seconds) {
  std::lock_guard<std::mutex> lock(mu_);
  ++cycles_[result];
  ++duration_count_;
  duration_sum_ += seconds;
  for (std::size_t i = 0; i < kBuckets.size(); ++i) {
    if (seconds <= kBuckets[i]) {
      ++bucket_counts_[i];
      break;
    }
  }
}

void ServeMetrics::pushes(std::uint64_t n) { add_locked(mu_, pushes_, n); }

void ServeMetrics::push_conflicts(std::uint64_t n) { add_locked(mu_, conflicts_, n); }

void ServeMetrics::push_rejections(std::uint64_t n) { add_locked(mu_, rejections_, n); }

ServeMetrics::ServeMetrics(BuildInfo build) : build_(std::move(build)) {
  for (ErrorKind kind : {ErrorKind::InvalidInput, ErrorKind::NotFound, ErrorKind::Conflict, ErrorKind::Transient,
                         ErrorKind::Internal, ErrorKind::Rejected})
    errors_[to_string(kind)] = 0;
  for (const char* result : {"triggered", "ping", "unauthorized", "bad_request", "too_large"}) webhooks_[result] = 0;
}

void ServeMetrics::webhook_logs_suppressed(std::uint64_t n) { add_locked(mu_, suppressed_logs_, n); }

void ServeMetrics::error(const std::string& kind) { bump_locked(mu_, errors_, kind); }

void ServeMetrics::webhook(const std::string& result) { bump_locked(mu_, webhooks_, result); }

void ServeMetrics::set_apps(std::map<std::string, AppGauge> apps) {
  std::lock_guard<std::mutex> lock(mu_);
  apps_ = std::move(apps);
}

void ServeMetrics::step(const std::string& app, const std::string& action) {
  bump_locked(mu_, steps_, std::make_pair(app, action));
}

void ServeMetrics::last_success(double unix_seconds) {
  std::lock_guard<std::mutex> lock(mu_);
  last_success_ = unix_seconds;
}

std::uint64_t ServeMetrics::cycles(const std::string& result) const {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = cycles_.find(result);
  return it == cycles_.end() ? 0 : it->second;
}

std::string ServeMetrics::render(const HealthGauges& health) const {
  std::lock_guard<std::mutex> lock(mu_);
  std::string out;
  render_cycles(out);
  render_pushes(out);
  render_apps(out);
  render_events(out);
  bool_gauge(out, "fleetwave_ready", "1 when /readyz answers 200.", health.ready);
  bool_gauge(out, "fleetwave_git_up", "1 when the last fetch of the branch succeeded.", health.git_up);
  bool_gauge(out, "fleetwave_argocd_up", "1 when the last Argo CD query succeeded.", health.argocd_up);
  header(out, "fleetwave_build_info", "gauge", "Always 1; the labels say which build is running.");
  out += "fleetwave_build_info{version=\"" + escape_label(build_.version) + "\",revision=\"" +
         escape_label(build_.revision) + "\"} 1\n";
  return out;
}

void ServeMetrics::render_cycles(std::string& out) const {
  header(out, "fleetwave_cycles_total", "counter", "Reconcile cycles by result.");
  std::map<std::string, std::uint64_t> cycles = cycles_;
  cycles.emplace("success", 0);  // both series exist from the start, so rate() works
  cycles.emplace("error", 0);
  labelled(out, "fleetwave_cycles_total", "result", cycles);
  header(out, "fleetwave_cycle_duration_seconds", "histogram", "Duration of reconcile cycles.");
  std::uint64_t cumulative = 0;
  for (std::size_t i = 0; i < kBuckets.size(); ++i) {
    cumulative += bucket_counts_[i];
    out += "fleetwave_cycle_duration_seconds_bucket{le=\"" + number(kBuckets[i]) + "\"} " + std::to_string(cumulative) +
           "\n";
  }
  out += "fleetwave_cycle_duration_seconds_bucket{le=\"+Inf\"} " + std::to_string(duration_count_) + "\n";
  out += "fleetwave_cycle_duration_seconds_sum " + number(duration_sum_) + "\n";
  out += "fleetwave_cycle_duration_seconds_count " + std::to_string(duration_count_) + "\n";
  header(out, "fleetwave_last_success_timestamp_seconds", "gauge",
         "Unix time the last successful reconcile cycle ended; 0 before one.");
  out += "fleetwave_last_success_timestamp_seconds " + number(last_success_) + "\n";
}

void ServeMetrics::render_pushes(std::string& out) const {
  header(out, "fleetwave_pushes_total", "counter", "Pushes of the tracked branch that landed.");
  out += "fleetwave_pushes_total " + std::to_string(pushes_) + "\n";
  header(out, "fleetwave_push_conflicts_total", "counter", "Pushes rejected because the branch had moved.");
  out += "fleetwave_push_conflicts_total " + std::to_string(conflicts_) + "\n";
  header(out, "fleetwave_push_rejections_total", "counter",
         "Pushes the Git server refused by its own rules (a hook, branch protection).");
  out += "fleetwave_push_rejections_total " + std::to_string(rejections_) + "\n";
}

void ServeMetrics::render_apps(std::string& out) const {
  header(out, "fleetwave_app_phase", "gauge", "1 for the rollout phase each app is in, 0 for the others.");
  for (const auto& [app, g] : apps_) {
    for (const char* phase : kPhases) {
      out += "fleetwave_app_phase{app=\"" + escape_label(app) + "\",phase=\"" + phase + "\"} " +
             (g.phase == phase ? "1" : "0") + "\n";
    }
  }
  header(out, "fleetwave_app_wave", "gauge", "Index (1-based) of the wave each app's release is in; 0 for none.");
  for (const auto& [app, g] : apps_)
    out += "fleetwave_app_wave{app=\"" + escape_label(app) + "\"} " + std::to_string(g.wave) + "\n";
  header(out, "fleetwave_app_wave_deadline_timestamp_seconds", "gauge",
         "When the current wave's progressDeadline passes for its last pinned cluster (unix time); 0 for none.");
  for (const auto& [app, g] : apps_)
    out += "fleetwave_app_wave_deadline_timestamp_seconds{app=\"" + escape_label(app) + "\"} " +
           number(g.deadline_seconds) + "\n";
  header(out, "fleetwave_steps_total", "counter", "Step commits that landed, by app and Fleetwave-Action.");
  std::map<std::pair<std::string, std::string>, std::uint64_t> steps = steps_;
  // Every known app has every action from the start, so increase() sees the first rollback.
  for (const auto& [app, g] : apps_) {
    for (const char* action : kActions) steps.emplace(std::make_pair(app, std::string(action)), 0);
  }
  for (const auto& [key, count] : steps) {
    out += "fleetwave_steps_total{app=\"" + escape_label(key.first) + "\",action=\"" + escape_label(key.second) +
           "\"} " + std::to_string(count) + "\n";
  }
}

void ServeMetrics::render_events(std::string& out) const {
  header(out, "fleetwave_errors_total", "counter", "Errors by kind (cycle failures and per-app problems).");
  labelled(out, "fleetwave_errors_total", "kind", errors_);
  header(out, "fleetwave_webhooks_total", "counter", "Git webhooks by result.");
  labelled(out, "fleetwave_webhooks_total", "result", webhooks_);
  header(out, "fleetwave_webhook_logs_suppressed_total", "counter",
         "Log lines of refused webhooks left out by the rate limit.");
  out += "fleetwave_webhook_logs_suppressed_total " + std::to_string(suppressed_logs_) + "\n";
  header(out, "fleetwave_notifications_total", "counter", "Step notifications to webhooks by result.");
  labelled(out, "fleetwave_notifications_total", "result", notifications_);
  header(out, "fleetwave_commit_statuses_total", "counter", "Commit statuses posted to the Git host by result.");
  labelled(out, "fleetwave_commit_statuses_total", "result", commit_statuses_);
}

void ServeMetrics::notification(const std::string& result) { bump_locked(mu_, notifications_, result); }

void ServeMetrics::commit_status(const std::string& result) { bump_locked(mu_, commit_statuses_, result); }

}  // namespace fleetwave::serve
