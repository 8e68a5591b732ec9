// The text report of one reconcile cycle: one line per app, then a summary (reconcile_command's
// help documents the format).
#pragma once

#include <string>
#include <vector>

#include "cli/command_context.h"
#include "reconcile/reconciler.h"

namespace fleetwave::cli {

// The lines for one app, without newlines.
std::vector<std::string> app_report_lines(const AppReport& app);

// Prints the report and returns the exit code: 0, or 1 when an app or the cycle had errors.
int print_cycle_report(const CycleReport& report, const std::string& branch, CliOutput& out);

}  // namespace fleetwave::cli
