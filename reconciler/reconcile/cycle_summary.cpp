#include "reconcile/cycle_summary.h"

namespace fleetwave {

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
  for (const AppReport& app : report.apps) {
    if (!app.action.empty()) sink.app_stepped(app);
    else if (!app.blocked.empty()) sink.app_waiting(app);
    else if (app.errors.empty()) sink.app_up_to_date(app);
    for (const Error& e : app.errors) sink.app_error(app, e);
    summary.app_errors = summary.app_errors || !app.errors.empty();
  }
  for (const std::string& branch : report.approval_branches) sink.approval_branch(branch);
  for (const Error& e : report.errors) sink.cycle_error(e);
  summary.app_errors = summary.app_errors || !report.errors.empty();
  sink.finished(summary);
}

}  // namespace fleetwave
