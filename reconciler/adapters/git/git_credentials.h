// GitCredentials: how to authenticate to a remote and how to verify it. A plain value: the
// caller reads secrets (passwords, tokens, private keys) and known_hosts from files and passes
// their contents in. Secret fields never appear in describe() or in any error.
#pragma once

#include <string>
#include <vector>

#include "adapters/git/repo_url.h"
#include "base/result.h"

namespace fleetwave::git {

struct GitCredentials {
  enum class Kind { None, UserPassword, Token, SshKey };

  Kind kind = Kind::None;
  std::string username;         // HTTP user; for SSH, used when the URL names no user
  std::string password;         // password or token (secret)
  std::string ssh_private_key;  // OpenSSH or PEM private key text (secret)
  std::string ssh_public_key;   // optional; derived from the private key when empty
  std::string ssh_passphrase;   // optional (secret)
  // SSH host keys are checked against these known_hosts lines (OpenSSH format, hashed entries
  // and [host]:port supported). An unknown or mismatching host key is rejected unless
  // insecure_skip_host_key_check is set.
  std::string known_hosts;
  bool insecure_skip_host_key_check = false;
  // HTTPS: skip certificate verification (test servers only).
  bool insecure_skip_tls_verify = false;

  static GitCredentials none();
  static GitCredentials user_password(std::string user, std::string password);
  // A token sent as the HTTP basic password; GitHub expects the user name x-access-token,
  // GitLab oauth2, Bitbucket x-token-auth.
  static GitCredentials token(std::string token, std::string username = "x-access-token");
  static GitCredentials ssh_key(std::string private_key, std::string known_hosts, std::string passphrase = {},
                                std::string username = {});

  // e.g. "user/password (alice)", "ssh key (git)": for logs and errors, without secrets.
  std::string describe() const;
  // The secret values, to scrub from any text that leaves the adapter.
  std::vector<std::string> secrets() const;
};

// Checks that the credentials fit the URL: HTTP credentials need http(s), an SSH key needs ssh,
// and ssh needs known_hosts unless host-key checking is explicitly disabled.
[[nodiscard]] Status<> validate_credentials(const GitCredentials& credentials, const RepoUrl& url);

}  // namespace fleetwave::git
