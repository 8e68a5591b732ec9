#include "adapters/signing/ssh_keygen.h"

#include <fcntl.h>
#include <spawn.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <sys/stat.h>
#include <sys/wait.h>

namespace fleetwave::signing {
namespace {

std::string read_all(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream buf;
  buf << in.rdbuf();
  return buf.str();
}

// Waits for the child, retrying on EINTR; the exit code, 128+signal when killed.
int wait_child(pid_t pid) {
  int status = 0;
  while (waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR) return -1;
  }
  if (WIFEXITED(status)) return WEXITSTATUS(status);
  return WIFSIGNALED(status) ? 128 + WTERMSIG(status) : -1;
}

// posix_spawn file actions: stdin, stdout and stderr from/to the scratch files.
Status<> redirect(posix_spawn_file_actions_t& actions, const std::string& in, const std::string& out,
                  const std::string& err) {
  if (posix_spawn_file_actions_addopen(&actions, 0, in.c_str(), O_RDONLY, 0) != 0 ||
      posix_spawn_file_actions_addopen(&actions, 1, out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600) != 0 ||
      posix_spawn_file_actions_addopen(&actions, 2, err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600) != 0) {
    return internal_error("ssh-keygen: cannot set up its input and output");
  }
  return ok_status();
}

}  // namespace

Result<ScratchDir> ScratchDir::create() {
  const char* tmp = std::getenv("TMPDIR");
  std::string pattern = std::string(tmp != nullptr && *tmp != '\0' ? tmp : "/tmp") + "/fleetwave-ssh-XXXXXX";
  if (mkdtemp(pattern.data()) == nullptr) {
    return internal_error("cannot create a scratch directory for ssh-keygen: " + std::string(std::strerror(errno)));
  }
  return ScratchDir(pattern);
}

ScratchDir::ScratchDir(ScratchDir&& other) noexcept : path_(std::move(other.path_)) { other.path_.clear(); }

ScratchDir::~ScratchDir() {
  if (path_.empty()) return;
  std::error_code ec;
  std::filesystem::remove_all(path_, ec);
}

Result<std::string> ScratchDir::write(const std::string& name, const std::string& content) {
  const std::string path = path_ + "/" + name;
  int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  if (fd < 0) return internal_error("cannot write " + path + ": " + std::strerror(errno));
  std::size_t done = 0;
  while (done < content.size()) {
    ssize_t n = ::write(fd, content.data() + done, content.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      ::close(fd);
      return internal_error("cannot write " + path + ": " + std::strerror(errno));
    }
    done += static_cast<std::size_t>(n);
  }
  ::close(fd);
  return path;
}

Result<KeygenRun> run_ssh_keygen(const std::vector<std::string>& args, const std::string& input) {
  FW_TRY(scratch, ScratchDir::create());
  FW_TRY(in, scratch.write("stdin", input));
  FW_TRY(out, scratch.write("stdout", ""));
  FW_TRY(err, scratch.write("stderr", ""));
  std::vector<std::string> argv_text = {"ssh-keygen"};
  argv_text.insert(argv_text.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (std::string& a : argv_text) argv.push_back(a.data());
  argv.push_back(nullptr);
  // The child gets only PATH (ssh-keygen is found as a shell would find it) and a C locale
  // (its messages are matched); nothing else of our environment.
  const char* path = std::getenv("PATH");
  std::string path_var = std::string("PATH=") + (path != nullptr ? path : "/usr/bin:/bin");
  std::string locale = "LC_ALL=C";
  char* envp[] = {path_var.data(), locale.data(), nullptr};
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  auto redirected = redirect(actions, in, out, err);
  pid_t pid = -1;
  int rc = redirected.ok() ? posix_spawnp(&pid, "ssh-keygen", &actions, nullptr, argv.data(), envp) : -1;
  posix_spawn_file_actions_destroy(&actions);
  if (!redirected.ok()) return redirected.error();
  if (rc != 0) {
    return internal_error("cannot run ssh-keygen: " + std::string(std::strerror(rc)) + " (install openssh-client)");
  }
  KeygenRun run;
  run.exit_code = wait_child(pid);
  run.out = read_all(out);
  run.err = read_all(err);
  return run;
}

std::string keygen_reason(const KeygenRun& run) {
  std::istringstream lines(run.err);
  std::string line, reason;
  while (std::getline(lines, line)) {
    if (!line.empty() && line.find("Signing data on standard input") == std::string::npos) reason = line;
  }
  if (reason.empty()) return "ssh-keygen exited with " + std::to_string(run.exit_code);
  // 'Load key "/tmp/fleetwave-ssh-x/key": invalid format': the scratch path means nothing to a reader.
  if (reason.rfind("Load key ", 0) == 0) {
    if (std::size_t colon = reason.find("\": "); colon != std::string::npos) reason = reason.substr(colon + 3);
  }
  return reason;
}

}  // namespace fleetwave::signing
