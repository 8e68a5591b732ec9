#include "testkit/process/child_process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <sstream>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <thread>

#include "testkit/process/temp_dir.h"

extern char** environ;

namespace fleetwave::testkit {
namespace {

std::string find_in_path(const std::string& name) {
  if (name.find('/') != std::string::npos) return name;
  const char* path = std::getenv("PATH");
  std::stringstream dirs(path ? path : "/usr/local/bin:/usr/bin:/bin");
  std::string dir;
  while (std::getline(dirs, dir, ':')) {
    std::string candidate = (dir.empty() ? "." : dir) + "/" + name;
    if (access(candidate.c_str(), X_OK) == 0) return candidate;
  }
  return "";
}

std::vector<std::string> merged_environment(const std::vector<std::string>& overrides) {
  std::map<std::string, std::string> env;
  for (char** e = environ; *e != nullptr; ++e) {
    std::string entry(*e);
    env[entry.substr(0, entry.find('='))] = entry;
  }
  for (const std::string& entry : overrides) env[entry.substr(0, entry.find('='))] = entry;
  std::vector<std::string> out;
  for (auto& [name, entry] : env) out.push_back(entry);
  return out;
}

std::vector<char*> c_strings(std::vector<std::string>& strings) {
  std::vector<char*> out;
  for (std::string& s : strings) out.push_back(s.data());
  out.push_back(nullptr);
  return out;
}

// In the child between fork and exec: async-signal-safe calls only.
[[noreturn]] void exec_child(const ProcessSpec& spec, const char* binary, char* const* argv, char* const* envp,
                             pid_t parent) {
  setpgid(0, 0);
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (getppid() != parent) _exit(127);  // the parent died before prctl
  int in = open(spec.stdin_path.empty() ? "/dev/null" : spec.stdin_path.c_str(), O_RDONLY);
  const char* out_path = spec.stdout_path.empty() ? "/dev/null" : spec.stdout_path.c_str();
  const char* err_path = spec.stderr_path.empty() ? "/dev/null" : spec.stderr_path.c_str();
  int out = open(out_path, O_WRONLY | O_CREAT | O_APPEND, 0644);
  int err = spec.stderr_path == spec.stdout_path ? out : open(err_path, O_WRONLY | O_CREAT | O_APPEND, 0644);
  if (in < 0 || out < 0 || err < 0) _exit(126);
  dup2(in, 0);
  dup2(out, 1);
  dup2(err, 2);
  for (int fd = 3; fd < 1024; ++fd) close(fd);
  if (!spec.cwd.empty() && chdir(spec.cwd.c_str()) != 0) _exit(125);
  execve(binary, argv, envp);
  _exit(127);
}

}  // namespace

Result<ChildProcess> ChildProcess::spawn(const ProcessSpec& spec) {
  if (spec.argv.empty()) return invalid_input("spawn: empty argv");
  std::string binary = find_in_path(spec.argv[0]);
  if (binary.empty()) return not_found("spawn: " + spec.argv[0] + " not found in PATH");
  std::vector<std::string> args = spec.argv;
  std::vector<std::string> env = merged_environment(spec.env);
  std::vector<char*> argv = c_strings(args);
  std::vector<char*> envp = c_strings(env);
  pid_t parent = getpid();
  pid_t pid = fork();
  if (pid < 0) return internal_error(std::string("fork: ") + std::strerror(errno));
  if (pid == 0) exec_child(spec, binary.c_str(), argv.data(), envp.data(), parent);
  setpgid(pid, pid);  // also from the parent, so stop() works even before the child ran
  return ChildProcess(pid);
}

ChildProcess::ChildProcess(ChildProcess&& other) noexcept : pid_(other.pid_), exit_code_(other.exit_code_) {
  other.pid_ = -1;
}

ChildProcess& ChildProcess::operator=(ChildProcess&& other) noexcept {
  if (this != &other) {
    stop();
    pid_ = other.pid_;
    exit_code_ = other.exit_code_;
    other.pid_ = -1;
  }
  return *this;
}

ChildProcess::~ChildProcess() { stop(); }

bool ChildProcess::running() {
  if (pid_ < 0 || exit_code_) return false;
  int status = 0;
  pid_t r = waitpid(pid_, &status, WNOHANG);
  if (r == 0) return true;
  if (r == pid_) {
    exit_code_ = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  } else {
    exit_code_ = -1;  // not our child any more (should not happen)
  }
  return false;
}

bool ChildProcess::wait_for_exit(std::chrono::milliseconds timeout) {
  auto deadline = std::chrono::steady_clock::now() + timeout;
  auto pause = std::chrono::microseconds(200);  // short first: most commands finish quickly
  while (running()) {
    if (std::chrono::steady_clock::now() >= deadline) return false;
    std::this_thread::sleep_for(pause);
    pause = std::min(pause * 2, std::chrono::microseconds(10000));
  }
  return true;
}

void ChildProcess::stop(std::chrono::milliseconds grace) {
  if (pid_ < 0) return;
  if (running()) {
    kill(-pid_, SIGTERM);
    if (!wait_for_exit(grace)) {
      kill(-pid_, SIGKILL);
      wait_for_exit(std::chrono::milliseconds(5000));
    }
  }
  kill(-pid_, SIGKILL);  // leftovers of the group (e.g. CGI children)
  pid_ = -1;
}

Result<CommandResult> run_command(ProcessSpec spec, std::chrono::seconds timeout) {
  FW_TRY(dir, TempDir::create("fw-cmd"));
  spec.stdout_path = dir.path() + "/output";
  spec.stderr_path = spec.stdout_path;
  FW_TRY(child, ChildProcess::spawn(spec));
  if (!child.wait_for_exit(timeout)) {
    child.stop();
    return transient(spec.argv[0] + " timed out after " + std::to_string(timeout.count()) +
                     " s: " + read_text_file(spec.stdout_path));
  }
  CommandResult result;
  result.exit_code = *child.exit_code();
  result.output = read_text_file(spec.stdout_path);
  if (result.exit_code == 127 && result.output.empty()) return not_found("cannot execute " + spec.argv[0]);
  return result;
}

std::string read_text_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

// --- run_process ---------------------------------------------------------------------------

namespace {

ProcessOutcome run(const std::vector<std::string>& argv, const std::map<std::string, std::string>* env,
                   const std::string& cwd, int timeout_seconds) {
  ProcessOutcome outcome;
  int out_pipe[2], err_pipe[2];
  // Close-on-exec, so that processes started from other threads at the same time do not
  // inherit these pipes (and keep them open). dup2 onto the child's stdout/stderr clears it.
  if (pipe2(out_pipe, O_CLOEXEC) != 0 || pipe2(err_pipe, O_CLOEXEC) != 0) return outcome;
  std::vector<std::string> env_strings;
  if (env != nullptr) {
    for (const auto& [k, v] : *env) env_strings.push_back(k + "=" + v);
    // A sanitizer build's children run with the test's sanitizer settings (suppressions of
    // third-party leaks, CMakePresets.json), whatever exact environment the test gives them.
    for (const char* name : {"ASAN_OPTIONS", "LSAN_OPTIONS", "UBSAN_OPTIONS"}) {
      const char* value = std::getenv(name);
      if (value != nullptr && env->count(name) == 0) env_strings.push_back(std::string(name) + "=" + value);
    }
  }
  std::vector<char*> envp, args;
  for (std::string& s : env_strings) envp.push_back(s.data());
  envp.push_back(nullptr);
  std::vector<std::string> argv_copy = argv;
  for (std::string& s : argv_copy) args.push_back(s.data());
  args.push_back(nullptr);

  // posix_spawn (vfork-like) rather than fork: the child starts without copying the parent's
  // page tables, so timings of short processes (the render benchmark) measure the child.
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, out_pipe[1], STDOUT_FILENO);
  posix_spawn_file_actions_adddup2(&actions, err_pipe[1], STDERR_FILENO);
  posix_spawn_file_actions_addclose(&actions, out_pipe[0]);
  posix_spawn_file_actions_addclose(&actions, err_pipe[0]);
  posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
  if (!cwd.empty()) posix_spawn_file_actions_addchdir_np(&actions, cwd.c_str());
  auto start = std::chrono::steady_clock::now();
  pid_t pid = -1;
  const int spawned = env != nullptr ? posix_spawn(&pid, args[0], &actions, nullptr, args.data(), envp.data())
                                     : posix_spawnp(&pid, args[0], &actions, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (spawned != 0) {
    close(out_pipe[0]);
    close(out_pipe[1]);
    close(err_pipe[0]);
    close(err_pipe[1]);
    outcome.exit_code = 127;
    outcome.err = std::string("cannot start ") + args[0] + ": " + std::strerror(spawned);
    return outcome;
  }
  close(out_pipe[1]);
  close(err_pipe[1]);
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(timeout_seconds);
  pollfd fds[2] = {{out_pipe[0], POLLIN, 0}, {err_pipe[0], POLLIN, 0}};
  std::string* sinks[2] = {&outcome.out, &outcome.err};
  int open_fds = 2;
  while (open_fds > 0) {
    auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now()).count();
    if (left <= 0) {
      kill(pid, SIGKILL);
      break;
    }
    if (poll(fds, 2, static_cast<int>(left)) <= 0) continue;
    for (int i = 0; i < 2; ++i) {
      if (fds[i].fd < 0 || (fds[i].revents & (POLLIN | POLLHUP)) == 0) continue;
      char buf[65536];
      ssize_t n = read(fds[i].fd, buf, sizeof buf);
      if (n <= 0) {
        close(fds[i].fd);
        fds[i].fd = -1;
        --open_fds;
      } else {
        sinks[i]->append(buf, static_cast<std::size_t>(n));
      }
    }
  }
  for (pollfd& f : fds) {
    if (f.fd >= 0) close(f.fd);
  }
  int status = 0;
  rusage usage{};
  wait4(pid, &status, 0, &usage);
  outcome.wall_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  outcome.max_rss_kb = usage.ru_maxrss;
  auto ms = [](const timeval& t) { return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_usec) / 1e3; };
  outcome.cpu_ms = ms(usage.ru_utime) + ms(usage.ru_stime);
  if (WIFEXITED(status)) outcome.exit_code = WEXITSTATUS(status);
  if (WIFSIGNALED(status)) outcome.signal = WTERMSIG(status);
  return outcome;
}

}  // namespace

ProcessOutcome run_process(const std::vector<std::string>& argv, const std::map<std::string, std::string>& env,
                           const std::string& cwd, int timeout_seconds) {
  return run(argv, &env, cwd, timeout_seconds);
}

ProcessOutcome run_process_inherit_env(const std::vector<std::string>& argv, const std::string& cwd,
                                       int timeout_seconds) {
  return run(argv, nullptr, cwd, timeout_seconds);
}

long proc_status_kib(int pid, const std::string& field) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/status");
  for (std::string line; std::getline(in, line);) {
    if (line.rfind(field + ":", 0) == 0) return std::atol(line.c_str() + field.size() + 1);
  }
  return -1;
}

bool reset_peak_rss(int pid) {
  std::ofstream out("/proc/" + std::to_string(pid) + "/clear_refs");
  return static_cast<bool>(out << "5" << std::flush);
}

}  // namespace fleetwave::testkit
