// Runs a command (no shell) and measures wall time and the peak RSS of that process, reading
// its stdout fully so large outputs never block it.
#pragma once

#include <string>
#include <vector>

namespace fleetwave::bench {

struct Measurement {
  double wall_ms = 0;
  long max_rss_kb = 0;
  int exit_code = -1;
  std::string out;
  std::string err;
};

Measurement run_measured(const std::vector<std::string>& argv, const std::string& cwd = "");

double median(std::vector<double> values);

}  // namespace fleetwave::bench
