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
  double wall_ms = 0;   // from fork to exit
  long max_rss_kb = 0;  // peak resident set of the process (getrusage via wait4)
  double cpu_ms = 0;    // user + system CPU time of the process
};

// `argv[0]` is an absolute path; the environment is exactly `env`.
ProcessOutcome run_process(const std::vector<std::string>& argv, const std::map<std::string, std::string>& env,
                           const std::string& cwd, int timeout_seconds = 60);

// The same with the caller's environment and `argv[0]` looked up in PATH (benchmarks).
ProcessOutcome run_process_inherit_env(const std::vector<std::string>& argv, const std::string& cwd = "",
                                       int timeout_seconds = 600);

}  // namespace fleetwave::testing
