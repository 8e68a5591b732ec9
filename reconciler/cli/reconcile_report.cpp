#include "cli/reconcile_report.h"

namespace fleetwave::cli {
namespace {

std::string plural(std::size_t n, const std::string& word) {
  return std::to_string(n) + " " + word + (n == 1 ? "" : "s");
}

// Unavailability wins over app errors: the cycle saw only part of the fleet, and a retry is
// what a caller should do first.
int exit_code_of(const CycleSummary& summary) {
  if (!summary.argocd_unreachable.empty() || summary.argocd_refused) return kExitUnavailable;
  return summary.app_errors ? kExitFailed : kExitOk;
}

}  // namespace

void CycleReportPrinter::app_ignored(const AppReport& app, const std::string& line) {
  out_.line(app.app + ": ignored " + line);
}

void CycleReportPrinter::cycle_ignored(const std::string& line) { out_.line("ignored " + line); }

void CycleReportPrinter::app_stepped(const AppReport& app) {
  out_.line(app.app + ": " + app.action + " — " + app.subject);
}

void CycleReportPrinter::app_waiting(const AppReport& app) { out_.line(app.app + ": waiting — " + app.blocked); }

void CycleReportPrinter::app_up_to_date(const AppReport& app) { out_.line(app.app + ": up to date"); }

void CycleReportPrinter::app_error(const AppReport& app, const Error& e) {
  out_.line(app.app + ": error — " + e.to_string());
}

void CycleReportPrinter::approval_branch(const std::string& branch) {
  out_.line("approval requested: pushed branch " + branch);
}

void CycleReportPrinter::failover(const std::string& what) { out_.line("failover: cordoned " + what); }

void CycleReportPrinter::cycle_error(const Error& e) { out_.error(e); }

void CycleReportPrinter::finished(const CycleSummary& summary) {
  if (!summary.ok()) {
    exit_code_ = kExitUnavailable;
    return;  // the command reports why, with its access hints
  }
  const CycleReport& report = *summary.report;
  out_.line("pushed " + plural(report.commits.size(), "commit") + " to " + branch_ + " (" +
            plural(static_cast<std::size_t>(report.conflicts), "conflict") + ")");
  if (!report.hydrated_commits.empty()) {  // hydrated mode (FleetSettings spec.hydration)
    out_.line("pushed " + plural(report.hydrated_commits.size(), "hydrated commit") + " to " + report.hydrated_branch);
  }
  exit_code_ = exit_code_of(summary);
  if (!summary.argocd_unreachable.empty()) {
    out_.error("Argo CD could not be reached, apps that need its observations waited: " + summary.argocd_unreachable);
  }
}

}  // namespace fleetwave::cli
