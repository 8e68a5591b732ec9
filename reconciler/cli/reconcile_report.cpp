#include "cli/reconcile_report.h"

namespace fleetwave::cli {
namespace {

std::string plural(std::size_t n, const std::string& word) {
  return std::to_string(n) + " " + word + (n == 1 ? "" : "s");
}

}  // namespace

std::vector<std::string> app_report_lines(const AppReport& app) {
  std::vector<std::string> lines;
  if (!app.action.empty()) {
    lines.push_back(app.app + ": " + app.action + " — " + app.subject);
  } else if (!app.blocked.empty()) {
    lines.push_back(app.app + ": waiting — " + app.blocked);
  } else if (app.errors.empty()) {
    lines.push_back(app.app + ": up to date");
  }
  for (const Error& e : app.errors) lines.push_back(app.app + ": error — " + e.to_string());
  return lines;
}

int print_cycle_report(const CycleReport& report, const std::string& branch, CliOutput& out) {
  bool failed = false;
  for (const AppReport& app : report.apps) {
    for (const std::string& line : app_report_lines(app)) out.line(line);
    failed = failed || !app.errors.empty();
  }
  for (const std::string& b : report.approval_branches) out.line("approval requested: pushed branch " + b);
  for (const Error& e : report.errors) {
    out.error(e);
    failed = true;
  }
  out.line("pushed " + plural(report.commits.size(), "commit") + " to " + branch + " (" +
           plural(static_cast<std::size_t>(report.conflicts), "conflict") + ")");
  return failed ? kExitFailed : kExitOk;
}

}  // namespace fleetwave::cli
