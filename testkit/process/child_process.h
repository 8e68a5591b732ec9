// The test kit's one child-process runner.
//
// ChildProcess / run_command: children with every stdio stream redirected to a file (or /dev/null),
// never to the test runner's own stdout/stderr (a background server that inherits them keeps
// ctest/gtest pipes open and hangs the caller). Each child gets its own process group, which
// stop() signals as a whole, and dies with the test process (PR_SET_PDEATHSIG, Linux), so a
// crashed test leaves no server behind.
//
// Spawn children from the thread that will outlive them: PR_SET_PDEATHSIG fires when the
// spawning thread exits.
#pragma once

#include <chrono>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "base/result.h"

namespace fleetwave::testkit {

struct ProcessSpec {
  std::vector<std::string> argv;  // argv[0] is looked up in PATH unless it contains a slash
  std::string cwd;                // "" keeps the current directory
  std::vector<std::string> env;   // "NAME=value" entries added to (or replacing in) the environment
  std::string stdin_path;         // "" for /dev/null
  std::string stdout_path;        // "" for /dev/null; appended to
  std::string stderr_path;        // "" for /dev/null; may equal stdout_path
};

class ChildProcess {
 public:
  [[nodiscard]] static Result<ChildProcess> spawn(const ProcessSpec& spec);

  ChildProcess(ChildProcess&& other) noexcept;
  ChildProcess& operator=(ChildProcess&& other) noexcept;
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;
  ~ChildProcess();

  int pid() const { return pid_; }
  // True while the child has not exited (reaps it when it has).
  bool running();
  // Exit code (128+signal when killed) once the child has exited.
  std::optional<int> exit_code() const { return exit_code_; }
  // Waits up to `timeout` for the child to exit on its own.
  bool wait_for_exit(std::chrono::milliseconds timeout);
  // SIGTERM to the process group, then SIGKILL after `grace`; reaps the child.
  void stop(std::chrono::milliseconds grace = std::chrono::milliseconds(3000));

 private:
  explicit ChildProcess(int pid) : pid_(pid) {}
  int pid_ = -1;
  std::optional<int> exit_code_;
};

struct CommandResult {
  int exit_code = -1;
  std::string output;  // stdout and stderr interleaved
};

// Runs a command to completion (killing it after `timeout`) and returns its exit code and
// output. An error only when it cannot be started or times out.
[[nodiscard]] Result<CommandResult> run_command(ProcessSpec spec,
                                                std::chrono::seconds timeout = std::chrono::seconds(300));

// Reads a whole file ("" when missing).
std::string read_text_file(const std::string& path);

// run_process: runs a program to completion with an exact environment and working directory
// and captures stdout and stderr apart, as argocd-cmp-server runs a plugin (no shell, env
// replaced, cwd set). posix_spawn (vfork-like) rather than fork, so timings of short processes
// (the render benchmark) measure the child, with its peak memory from wait4.
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

// A field of /proc/<pid>/status in KiB ("VmRSS": resident now, "VmHWM": the peak), -1 when
// the process or the field is not there (Linux).
long proc_status_kib(int pid, const std::string& field);

// Starts VmHWM again from the current resident set (Linux 4.0+); false when it cannot.
bool reset_peak_rss(int pid);

}  // namespace fleetwave::testkit
