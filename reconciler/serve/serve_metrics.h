// The Prometheus metrics of fleetwave serve, rendered in the text exposition format (0.0.4)
// with families, label sets and buckets in a fixed order, so a scrape is deterministic:
//
//   fleetwave_cycles_total{result="success|error"}        counter
//   fleetwave_cycle_duration_seconds                        histogram
//   fleetwave_pushes_total                                  counter: branch pushes that landed
//   fleetwave_push_conflicts_total                          counter: pushes rejected (branch moved)
//   fleetwave_push_rejections_total                         counter: pushes the server refused (hook, protection)
//   fleetwave_app_phase{app,phase}                          gauge: 1 for the app's current phase
//   fleetwave_app_wave{app}                                 gauge: current wave index (1-based, 0 = none)
//   fleetwave_steps_total{app,action}                       counter: step commits that landed
//   fleetwave_last_success_timestamp_seconds                gauge: unix time of the last successful cycle
//   fleetwave_errors_total{kind}                            counter: by ErrorKind (and "timeout")
//   fleetwave_webhooks_total{result}                        counter: triggered, ping, unauthorized, ...
//   fleetwave_webhook_logs_suppressed_total                 counter: refused-webhook log lines not written
//   fleetwave_notifications_total{result}                   counter: delivered, failed, dropped
//   fleetwave_commit_statuses_total{result}                 counter: posted, refused, failed, dropped
//   fleetwave_ready, fleetwave_git_up, fleetwave_argocd_up  gauges (0/1)
//   fleetwave_build_info{version,revision}                  gauge: always 1
//
// The process_* families of the Prometheus clients follow them (process_metrics.h).
//
// Thread-safety: every method may be called from any thread; state is behind a private mutex.
//
// Why not prometheus-cpp (Debian's prometheus-cpp-dev): the text is ~100 lines here, and what it
// holds is mostly not counters this process increments but values derived from Git and from the
// last published snapshot (steps counted from the commit log, whoever pushed them; phases and
// waves per app, replaced wholesale each cycle, with families that must lose the label sets of
// removed apps). prometheus-cpp's Registry keeps long-lived mutable families, so each publish
// would mirror the snapshot into them and delete stale series by hand, for the same text. The
// format is checked by scraping with the real Prometheus server in the test suite. Revisit if
// fleetwave ever needs the protobuf exposition or a push gateway.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <utility>

namespace fleetwave::serve {

struct AppGauge {
  std::string phase;  // New, Stable, Progressing, WaitingApproval, Held, Paused, Unknown
  int wave = 0;
  // When the current wave's progressDeadline passes for its last pinned cluster (unix seconds);
  // 0 without one. fleetwave acts by then (a late cluster fails the wave), so a Progressing app
  // past it means the reconciler is stuck.
  double deadline_seconds = 0;
};

// The phase the gauge shows: the status document's phase, except that a paused app is
// "Paused" whatever its release does (nothing moves until `fleetwave resume`, which lifts the
// pause before a hold).
std::string gauge_phase(const std::string& status_phase, bool paused);

struct BuildInfo {
  std::string version;
  std::string revision;  // the Git commit, "unknown" when the build was not told
};

struct HealthGauges {
  bool ready = false;
  bool git_up = false;
  bool argocd_up = false;
};

class ServeMetrics {
 public:
  static constexpr std::array<double, 12> kBuckets = {0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300};

  // Every error kind and webhook result has a sample from the start (0), so rate() and alerts see
  // the first event rather than the appearance of a series.
  explicit ServeMetrics(BuildInfo build = {"dev", "unknown"});

  void cycle(const std::string& result, double seconds);
  void pushes(std::uint64_t n);
  void push_conflicts(std::uint64_t n);
  void push_rejections(std::uint64_t n);
  void webhook_logs_suppressed(std::uint64_t n);
  void error(const std::string& kind);
  void webhook(const std::string& result);
  void set_apps(std::map<std::string, AppGauge> apps);
  // A step commit of `app` landed (action: its Fleetwave-Action).
  void step(const std::string& app, const std::string& action);
  void last_success(double unix_seconds);
  // A step notification's delivery ended: delivered, failed or dropped.
  void notification(const std::string& result);
  // A commit status post ended: posted, refused (the host answered non-2xx), failed (no answer), dropped.
  void commit_status(const std::string& result);

  std::uint64_t cycles(const std::string& result) const;

  // The exposition text; the health gauges are read at scrape time.
  std::string render(const HealthGauges& health) const;

 private:
  // The render parts, called with mu_ held.
  void render_cycles(std::string& out) const;
  void render_pushes(std::string& out) const;
  void render_apps(std::string& out) const;
  void render_events(std::string& out) const;

  mutable std::mutex mu_;
  std::map<std::string, std::uint64_t> cycles_;                         // guarded by mu_
  std::array<std::uint64_t, kBuckets.size()> bucket_counts_{};          // guarded by mu_ (non-cumulative)
  std::uint64_t duration_count_ = 0;                                    // guarded by mu_
  double duration_sum_ = 0;                                             // guarded by mu_
  std::uint64_t pushes_ = 0;                                            // guarded by mu_
  std::uint64_t conflicts_ = 0;                                         // guarded by mu_
  std::uint64_t rejections_ = 0;                                        // guarded by mu_
  std::uint64_t suppressed_logs_ = 0;                                   // guarded by mu_
  std::map<std::string, std::uint64_t> errors_;                         // guarded by mu_
  std::map<std::string, std::uint64_t> webhooks_;                       // guarded by mu_
  std::map<std::string, AppGauge> apps_;                                // guarded by mu_
  std::map<std::pair<std::string, std::string>, std::uint64_t> steps_;  // (app, action); guarded by mu_
  double last_success_ = 0;                                             // guarded by mu_
  std::map<std::string, std::uint64_t> notifications_{
      {"delivered", 0}, {"dropped", 0}, {"failed", 0}};  // guarded by mu_
  std::map<std::string, std::uint64_t> commit_statuses_{
      {"dropped", 0}, {"failed", 0}, {"posted", 0}, {"refused", 0}};  // guarded by mu_
  const BuildInfo build_;
};

// A label value escaped for the exposition format (\\, \" and \n).
std::string escape_label(const std::string& value);

}  // namespace fleetwave::serve
