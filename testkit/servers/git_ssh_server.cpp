#include "testkit/servers/git_ssh_server.h"

#include <pwd.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <sys/stat.h>
#include <thread>

#include "base/text.h"
#include "testkit/builders/git_cli.h"
#include "testkit/process/free_port.h"

namespace fleetwave::testkit {
namespace {

constexpr const char* kSshd = "/usr/sbin/sshd";  // sshd must be started by absolute path

// "ssh-ed25519 AAAA... comment" -> "ssh-ed25519 AAAA..."
std::string strip_comment(const std::string& key_line) {
  size_t first = key_line.find(' ');
  size_t second = first == std::string::npos ? first : key_line.find(' ', first + 1);
  return trim_space(key_line.substr(0, second));
}

std::string sshd_config_text(const std::string& d, int port, const std::string& user) {
  std::string c;  // line by line: long operator+ chains trip a GCC 12 -Warray-bounds false positive
  c += "Port " + std::to_string(port) + "\n";
  c += "ListenAddress 127.0.0.1\n";
  c += "HostKey " + d + "/host_key\n";
  c += "PidFile " + d + "/sshd.pid\n";
  c += "AuthorizedKeysFile " + d + "/authorized_keys\n";
  c += "AllowUsers " + user + "\n";
  c += "StrictModes no\n";
  c += "UsePAM no\n";
  c += "PasswordAuthentication no\n";
  c += "KbdInteractiveAuthentication no\n";
  c += "PubkeyAuthentication yes\n";
  c += "PermitRootLogin prohibit-password\n";
  c += "PrintMotd no\n";
  // bash sources ~/.bashrc for commands run by sshd when SHLVL < 2; a user's heavy .bashrc
  // (pyenv init, ...) would add seconds to every git operation.
  c += "SetEnv SHLVL=1\n";
  c += "LogLevel VERBOSE\n";
  return c;
}

Status<> ensure_privsep_dir() {
  if (geteuid() != 0) return ok_status();  // an unprivileged sshd does not chroot
  if (mkdir("/run/sshd", 0755) != 0 && errno != EEXIST) {
    return internal_error(std::string("creating /run/sshd for sshd: ") + std::strerror(errno));
  }
  return ok_status();
}

}  // namespace

Result<std::unique_ptr<GitSshServer>> GitSshServer::start() {
  if (access(kSshd, X_OK) != 0) return not_found(std::string(kSshd) + " not found: apt-get install openssh-server");
  FW_CHECK(ensure_privsep_dir());
  const passwd* pw = getpwuid(geteuid());
  if (pw == nullptr) return internal_error("no passwd entry for uid " + std::to_string(geteuid()));
  FW_TRY(dir, TempDir::create("fw-git-ssh"));
  std::unique_ptr<GitSshServer> server(new GitSshServer(std::move(dir), pw->pw_name));
  FW_CHECK(server->generate_keys());
  for (int attempt = 1;; ++attempt) {
    Status<> launched = server->launch();
    if (launched.ok()) return server;
    if (launched.error().kind != ErrorKind::Transient || attempt == 5) return launched.error();
  }
}

GitSshServer::GitSshServer(TempDir dir, std::string user) : dir_(std::move(dir)), user_(std::move(user)) {}

GitSshServer::~GitSshServer() { process_.reset(); }

Status<> GitSshServer::generate_keys() {
  for (const char* name : {"host_key", "client_key"}) {
    ProcessSpec spec;
    spec.argv = {"ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", name, "-f", dir_ / name};
    FW_TRY(result, run_command(spec));
    if (result.exit_code != 0) return internal_error("ssh-keygen failed: " + result.output);
  }
  host_public_key_ = strip_comment(read_text_file(dir_ / "host_key.pub"));
  client_private_key_ = read_text_file(dir_ / "client_key");
  // restrict: no pty, no forwarding; plain command execution (git-upload-pack ...) still works.
  std::string authorized = "restrict " + trim_space(read_text_file(dir_ / "client_key.pub")) + "\n";
  FW_CHECK(write_text_file(dir_ / "authorized_keys", authorized, 0600));
  return write_text_file(dir_ / "log/.keep", "");
}

Status<> GitSshServer::launch() {
  FW_TRY(port, pick_free_port());
  FW_CHECK(write_text_file(dir_ / "sshd_config", sshd_config_text(dir_.path(), port, user_), 0600));
  const std::string log = dir_ / ("log/sshd-" + std::to_string(port) + ".log");
  ProcessSpec spec;
  spec.argv = {kSshd, "-D", "-e", "-f", dir_ / "sshd_config"};
  spec.stdout_path = log;
  spec.stderr_path = log;
  FW_TRY(child, ChildProcess::spawn(spec));
  auto process = std::make_unique<ChildProcess>(std::move(child));
  const std::string ready = "Server listening on 127.0.0.1 port " + std::to_string(port);
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(15);
  while (std::chrono::steady_clock::now() < deadline) {
    std::string text = read_text_file(log);
    if (!process->running()) {
      if (text.find("Address already in use") != std::string::npos) return transient("port taken");
      return internal_error("sshd exited with " + std::to_string(process->exit_code().value_or(-1)) + ": " + text);
    }
    if (text.find(ready) != std::string::npos && port_accepts(port)) {
      port_ = port;
      process_ = std::move(process);
      return ok_status();
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return internal_error("sshd did not become ready on port " + std::to_string(port) + ": " + read_text_file(log));
}

std::string GitSshServer::url(const std::string& repo) const {
  return "ssh://" + user_ + "@127.0.0.1:" + std::to_string(port_) + repo_path(repo);
}

std::string GitSshServer::repo_path(const std::string& repo) const { return dir_ / ("repos/" + repo); }

Result<std::string> GitSshServer::create_repo(const std::string& repo, const std::map<std::string, std::string>& files,
                                              const std::string& branch) {
  return seed_bare_repo(repo_path(repo), files, branch);
}

Status<> GitSshServer::install_hook(const std::string& repo, const std::string& hook, const std::string& script) {
  return testkit::install_hook(repo_path(repo), hook, script);
}

std::string GitSshServer::known_hosts() const {
  return "[127.0.0.1]:" + std::to_string(port_) + " " + host_public_key_ + "\n";
}

std::string GitSshServer::git_ssh_command() const {
  return "ssh -i " + client_key_path() +
         " -o IdentitiesOnly=yes -o BatchMode=yes -o UserKnownHostsFile=" + (dir_ / "client_known_hosts") +
         " -o StrictHostKeyChecking=no -o LogLevel=ERROR";
}

std::string GitSshServer::logs() const {
  return "[sshd] " + read_text_file(dir_ / ("log/sshd-" + std::to_string(port_) + ".log"));
}

}  // namespace fleetwave::testkit
