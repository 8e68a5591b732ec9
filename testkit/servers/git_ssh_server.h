// Test support: a real SSH Git server on 127.0.0.1 — OpenSSH's sshd in the foreground with a
// generated ed25519 host key and one authorized generated client key, serving
// git-upload-pack/git-receive-pack for bare repositories in a temporary directory — on a port
// chosen at run time. The destructor stops sshd and deletes the directory.
//
// Logins are for the user running the test (root included: sshd then needs /run/sshd, which is
// created when missing, as the ssh.service unit would). Requires the Debian package
// openssh-server (and openssh-client for ssh-keygen).
#pragma once

#include <map>
#include <memory>
#include <string>

#include "base/result.h"
#include "testkit/process/child_process.h"
#include "testkit/process/temp_dir.h"

namespace fleetwave::testkit {

class GitSshServer {
 public:
  [[nodiscard]] static Result<std::unique_ptr<GitSshServer>> start();
  ~GitSshServer();

  int port() const { return port_; }
  const std::string& user() const { return user_; }
  const std::string& root() const { return dir_.path(); }

  // ssh://USER@127.0.0.1:PORT/<absolute path of the repository>
  std::string url(const std::string& repo) const;
  std::string repo_path(const std::string& repo) const;
  [[nodiscard]] Result<std::string> create_repo(const std::string& repo,
                                                const std::map<std::string, std::string>& files = {},
                                                const std::string& branch = "main");
  [[nodiscard]] Status<> install_hook(const std::string& repo, const std::string& hook, const std::string& script);

  // The authorized client key (OpenSSH private key text, no passphrase) and its file.
  const std::string& client_private_key() const { return client_private_key_; }
  std::string client_key_path() const { return dir_ / "client_key"; }
  // "[127.0.0.1]:PORT ssh-ed25519 AAAA...\n": a known_hosts line for this server.
  std::string known_hosts() const;
  // GIT_SSH_COMMAND value for the git CLI to reach this server with the client key.
  std::string git_ssh_command() const;

  std::string logs() const;

 private:
  GitSshServer(TempDir dir, std::string user);
  [[nodiscard]] Status<> generate_keys();
  [[nodiscard]] Status<> launch();

  TempDir dir_;
  std::string user_;
  int port_ = 0;
  std::string host_public_key_;  // "ssh-ed25519 AAAA..."
  std::string client_private_key_;
  std::unique_ptr<ChildProcess> process_;
};

}  // namespace fleetwave::testkit
