#include "serve/reconcile_loop.h"

#include <chrono>

namespace fleetwave::serve {
namespace {

Json string_list(const std::vector<std::string>& items) {
  Json out = Json::array();
  for (const std::string& s : items) out.push_back(s);
  return out;
}

}  // namespace

void ReconcileLoop::run() {
  int failures = 0;
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  while (!p_.triggers.stopping()) {
    failures = cycle() ? 0 : failures + 1;
    const std::int64_t delay = schedule_.next_delay_ms(failures, unit(random_));
    if (p_.triggers.wait_for(std::chrono::milliseconds(delay)) == TriggerQueue::Wake::Stop) break;
  }
}

void ReconcileLoop::count_app_errors(const CycleReport& report) {
  for (const AppReport& app : report.apps) {
    for (const Error& e : app.errors) p_.metrics.error(to_string(e.kind));
    for (const Error& e : app.errors) p_.log.warn(e.to_string(), {{"app", app.app}, {"kind", to_string(e.kind)}});
  }
  for (const Error& e : report.errors) {
    p_.metrics.error(to_string(e.kind));
    p_.log.warn(e.to_string(), {{"kind", to_string(e.kind)}});
  }
}

void ReconcileLoop::publish(const std::string& head, const CycleReport& report) {
  std::map<std::string, AppGauge> apps;
  auto snapshot = p_.snapshots.build(head, report, apps);
  if (!snapshot.ok()) {
    // The cycle itself worked; keep serving the previous snapshot and say why.
    p_.metrics.error(to_string(snapshot.error().kind));
    p_.log.error("cannot publish the snapshot: " + snapshot.error().to_string(), {{"commit", head}});
    return;
  }
  p_.state.publish(std::move(snapshot).value());
  p_.metrics.set_apps(std::move(apps));
}

bool ReconcileLoop::cycle() {
  const auto start = std::chrono::steady_clock::now();
  p_.state.cycle_started(p_.clock.now_ms());
  const std::uint64_t queries_before = p_.argocd.queries();
  auto report = p_.reconciler.run_once();
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const std::int64_t duration_ms = static_cast<std::int64_t>(seconds * 1000);
  if (!report.ok()) {
    const Error& e = report.error();
    p_.metrics.cycle("error", seconds);
    p_.metrics.error(to_string(e.kind));
    if (e.kind == ErrorKind::Conflict) p_.metrics.push_conflicts(1);
    const std::string message = p_.log.scrub(e.to_string());
    if (e.kind == ErrorKind::Rejected) {
      p_.metrics.push_rejections(1);
      p_.state.set_push_refused(message);
    }
    p_.state.cycle_finished(false, message);
    p_.log.error("reconcile cycle failed: " + message, {{"kind", to_string(e.kind)}, {"duration_ms", duration_ms}});
    return false;
  }
  // With no app to observe, the cycle asked Argo CD nothing: probe it, so /readyz knows.
  if (p_.argocd.queries() == queries_before)
    (void)p_.argocd.list_applications("fleetwave.io/app=fleetwave-readiness-probe");
  const std::string head = report->commits.empty() ? report->head : report->commits.back();
  if (!report->commits.empty()) p_.metrics.pushes(1);
  p_.metrics.push_conflicts(static_cast<std::uint64_t>(report->conflicts));
  count_app_errors(*report);
  publish(head, *report);
  p_.metrics.cycle("success", seconds);
  p_.state.set_push_refused("");
  p_.state.cycle_finished(true, "");
  for (const AppReport& app : report->apps) {
    if (!app.action.empty()) p_.log.info(app.subject, {{"app", app.app}, {"action", app.action}});
  }
  p_.log.info("reconcile cycle done", {{"commit", head},
                                       {"commits", string_list(report->commits)},
                                       {"approval_branches", string_list(report->approval_branches)},
                                       {"conflicts", report->conflicts},
                                       {"apps", static_cast<std::int64_t>(report->apps.size())},
                                       {"duration_ms", duration_ms}});
  return true;
}

}  // namespace fleetwave::serve
