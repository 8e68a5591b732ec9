#include "reconcile/cycle_summary.h"

namespace fleetwave {
namespace {

// A rejected token or certificate (InvalidInput) is already the app's error, and an app that
// never reached the observe step has no error text: neither is "unreachable".
bool argocd_unreachable(const Observations& o) {
  return !o.reachable && !o.error.empty() && o.error_kind != ErrorKind::InvalidInput;
}

}  // namespace

void finish_cycle(const Result<CycleReport>& result, std::int64_t duration_ms, CycleSink& sink) {
  CycleSummary summary;
  summary.duration_ms = duration_ms;
  if (!result.ok()) {
    summary.error = result.error();
    sink.finished(summary);
    return;
  }
  const CycleReport& report = *result;
  summary.report = &report;
  summary.head = report.commits.empty() ? report.head : report.commits.back();
  for (const std::string& line : report.ignored) sink.cycle_ignored(line);
  for (const AppReport& app : report.apps) {
    for (const std::string& line : app.ignored) sink.app_ignored(app, line);
    if (!app.action.empty()) sink.app_stepped(app);
    else if (!app.blocked.empty()) sink.app_waiting(app);
    else if (app.errors.empty()) sink.app_up_to_date(app);
    for (const Error& e : app.errors) sink.app_error(app, e);
    summary.app_errors = summary.app_errors || !app.errors.empty();
    const Observations& o = app.observations;
    summary.argocd_refused =
        summary.argocd_refused || (!o.reachable && o.error_kind == ErrorKind::InvalidInput && !o.error.empty());
    if (summary.argocd_unreachable.empty() && argocd_unreachable(app.observations)) {
      summary.argocd_unreachable = app.observations.error;
    }
  }
  // Still true of the apps this cycle did not plan: counted and remembered as every cycle's
  // errors are, not logged again (the sink logs an error the cycle it appears).
  for (const auto& app : report.carried) {
    for (const Error& e : app->errors) sink.app_error(*app, e);
    summary.app_errors = summary.app_errors || !app->errors.empty();
  }
  for (const std::string& branch : report.approval_branches) sink.approval_branch(branch);
  for (const std::string& failover : report.failovers) sink.failover(failover);
  for (const Error& e : report.errors) sink.cycle_error(e);
  summary.app_errors = summary.app_errors || !report.errors.empty();
  sink.finished(summary);
}

}  // namespace fleetwave
