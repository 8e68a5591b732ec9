#include "serve/reconcile_loop.h"

#include <chrono>

#include "serve/heap.h"

namespace fleetwave::serve {
namespace {

Json string_list(const std::vector<std::string>& items) {
  Json out = Json::array();
  for (const std::string& s : items) out.push_back(s);
  return out;
}

// A rollback or a hold means a release failed somewhere: someone should look.
bool needs_attention(const std::string& action) { return action == "rollback" || action == "hold"; }

}  // namespace

void ReconcileLoop::run() {
  CycleScope scope = CycleScope::EveryApp;
  while (!p_.triggers.stopping()) {
    const bool every_app = scope == CycleScope::EveryApp;
    const CycleOutcome outcome = cycle(scope, every_app && cadence_.may_give_way(p_.clock.monotonic_ms()));
    const std::int64_t delay =
        cadence_.finished(scope, outcome.ok, outcome.interrupted, p_.clock.monotonic_ms(), p_.random.unit());
    const TriggerQueue::Wake wake = p_.triggers.wait_for(std::chrono::milliseconds(delay));
    if (wake == TriggerQueue::Wake::Stop) break;
    scope = cadence_.next_scope(wake == TriggerQueue::Wake::Trigger, p_.clock.monotonic_ms());
  }
}

void ReconcileLoop::publish(const std::string& head, const CycleReport& report) {
  std::map<std::string, AppGauge> apps;
  SnapshotExtras extras{p_.state.board_wanted(), p_.clock.now_ms(), nullptr};
  // Publishing gives way to a waiting webhook as a cycle of every app does, while a snapshot was
  // published within as long: the webhook's cycle publishes the newer head.
  if (cadence_.may_give_way_since(published_ms_, p_.clock.monotonic_ms()))
    extras.give_way = [this] { return p_.triggers.pending(); };
  auto snapshot = p_.snapshots.build(head, report, apps, extras);
  if (!snapshot.ok()) {
    // The cycle itself worked; keep serving the previous snapshot and say why.
    p_.metrics.error(to_string(snapshot.error().kind));
    p_.log.error("cannot publish the snapshot: " + snapshot.error().to_string(), {{"commit", head}});
    return;
  }
  if (*snapshot == nullptr) return p_.log.debug("publishing gave way to a webhook's cycle", {{"commit", head}});
  p_.state.publish(std::move(snapshot).value());
  published_ms_ = p_.clock.monotonic_ms();
  p_.metrics.set_apps(std::move(apps));
  count_steps(head, report);
  release_free_heap();  // the previous snapshot and the cycle's documents are gone now
}

// fleetwave_steps_total counts the steps that landed in Git, whoever made them (a person's CLI
// rollback must fire the rollback alert too), from the head the first cycle started at.
void ReconcileLoop::count_steps(const std::string& head, const CycleReport& report) {
  if (counted_head_.empty()) counted_head_ = report.head;
  auto steps = p_.snapshots.steps_between(counted_head_, head);
  if (!steps.ok()) {
    p_.log.error("cannot count the steps that landed: " + steps.error().to_string(), {{"commit", head}});
    return;
  }
  for (const auto& [app, action] : *steps) p_.metrics.step(app, action);
  counted_head_ = head;
}

// The cycle's finisher writing to serve's metrics, log and status (reconcile/cycle_summary.h).
class ReconcileLoop::Sink final : public CycleSink {
 public:
  explicit Sink(ReconcileLoop& loop) : loop_(loop), p_(loop.p_) {}

  void cycle_ignored(const std::string& line) override { p_.log.warn("ignored " + line, {}); }
  void app_ignored(const AppReport& app, const std::string& line) override {
    p_.log.warn("ignored " + line, {{"app", app.app}});
  }
  void app_stepped(const AppReport& app) override {  // counted from Git in publish()
    if (!needs_attention(app.action)) {
      p_.log.info(app.subject, {{"app", app.app}, {"action", app.action}});
      return;
    }
    p_.log.warn(app.subject, {{"app", app.app},
                              {"action", app.action},
                              {"release", app.release},
                              {"wave", app.wave},
                              {"commit", app.commit}});
  }
  // Counted every cycle (metrics); logged the cycle an error appears and the cycle it is gone.
  void app_error(const AppReport& app, const Error& e) override {
    p_.metrics.error(to_string(e.kind));
    if (loop_.errors_.seen(app.app + ": " + e.to_string()))
      p_.log.warn(e.to_string(), {{"app", app.app}, {"kind", to_string(e.kind)}});
  }
  void cycle_error(const Error& e) override {
    p_.metrics.error(to_string(e.kind));
    if (loop_.errors_.seen(e.to_string())) p_.log.warn(e.to_string(), {{"kind", to_string(e.kind)}});
  }
  void finished(const CycleSummary& summary) override {
    const double seconds = static_cast<double>(summary.duration_ms) / 1000.0;
    if (!summary.ok()) {
      const Error& e = *summary.error;
      p_.metrics.cycle("error", seconds);
      p_.metrics.error(to_string(e.kind));
      if (e.kind == ErrorKind::Conflict) p_.metrics.push_conflicts(1);
      const std::string message = p_.log.scrub(e.to_string());
      if (e.kind == ErrorKind::Rejected) {
        p_.metrics.push_rejections(1);
        p_.state.set_push_refused(message);
      }
      p_.state.cycle_finished(false, message);
      const LogFields fields = {{"kind", to_string(e.kind)}, {"duration_ms", summary.duration_ms}};
      ++loop_.failures_in_a_row_;
      if (message == loop_.last_failure_) return p_.log.debug("reconcile cycle failed: " + message, fields);
      loop_.last_failure_ = message;
      return p_.log.error("reconcile cycle failed: " + message, fields);
    }
    if (loop_.failures_in_a_row_ > 0)
      p_.log.info("reconcile cycles succeed again after " + std::to_string(loop_.failures_in_a_row_) + " failed");
    loop_.failures_in_a_row_ = 0;
    loop_.last_failure_.clear();
    const CycleReport& report = *summary.report;
    if (!report.commits.empty()) p_.metrics.pushes(1);
    p_.metrics.push_conflicts(static_cast<std::uint64_t>(report.conflicts));
    loop_.publish(summary.head, report);
    p_.metrics.cycle("success", seconds);
    p_.metrics.last_success(static_cast<double>(p_.clock.now_ms()) / 1000.0);
    p_.state.set_push_refused("");
    p_.state.cycle_finished(true, "");
    for (const auto& [error, cycles] : loop_.errors_.end_cycle())
      p_.log.info("no longer seen after " + std::to_string(cycles) + " cycle(s): " + error);
    // At info only when the cycle changed something; a quiet cycle is a debug line.
    const bool changed = !report.commits.empty() || !report.approval_branches.empty() || !report.failovers.empty() ||
                         report.conflicts > 0;
    const LogFields fields = {{"commit", summary.head},
                              {"commits", string_list(report.commits)},
                              {"approval_branches", string_list(report.approval_branches)},
                              {"failovers", string_list(report.failovers)},
                              {"conflicts", report.conflicts},
                              {"apps", static_cast<std::int64_t>(report.apps.size())},
                              {"apps_carried", static_cast<std::int64_t>(report.carried.size())},
                              {"duration_ms", summary.duration_ms}};
    if (changed) p_.log.info("reconcile cycle done", fields);
    else p_.log.debug("reconcile cycle done", fields);
  }

 private:
  ReconcileLoop& loop_;
  LoopPorts& p_;
};

ReconcileLoop::CycleOutcome ReconcileLoop::cycle(CycleScope scope, bool may_give_way) {
  std::lock_guard<std::mutex> lock(p_.reconciler_mu);
  const std::int64_t start = p_.clock.monotonic_ms();
  p_.state.cycle_started(p_.clock.now_ms());
  const std::uint64_t queries_before = p_.argocd.queries();
  CycleRequest request{scope, nullptr};
  if (may_give_way) request.interrupt = [this] { return p_.triggers.pending(); };
  auto report = p_.reconciler.run_once(request);
  const std::int64_t duration_ms = p_.clock.monotonic_ms() - start;
  if (report.ok() && report->interrupted) {
    p_.state.cycle_gave_way();
    p_.log.debug("reconcile cycle gave way to a webhook's", {{"duration_ms", duration_ms}});
    return {true, true};
  }
  // With no app to observe, the cycle asked Argo CD nothing: probe it, so /readyz knows.
  if (report.ok() && p_.argocd.queries() == queries_before && report->carried.empty())
    (void)p_.argocd.list_applications("fleetwave.io/app=fleetwave-readiness-probe");
  Sink sink(*this);
  finish_cycle(report, duration_ms, sink);
  return {report.ok(), false};
}

}  // namespace fleetwave::serve
