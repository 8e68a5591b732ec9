// Test helper: runs a program with an exact environment and working directory and captures
// its output, as argocd-cmp-server runs a plugin (no shell, env replaced, cwd set).
#pragma once

#include <map>
#include <string>
#include <vector>

namespace fleetwave::testing {

struct ProcessOutcome {
  int exit_code = -1;  // -1 when killed by a signal (see signal)
  int signal = 0;
  std::string out;
  std::string err;
};

ProcessOutcome run_process(const std::vector<std::string>& argv, const std::map<std::string, std::string>& env,
                           const std::string& cwd, int timeout_seconds = 60);

}  // namespace fleetwave::testing
