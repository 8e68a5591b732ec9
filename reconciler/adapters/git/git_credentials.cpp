#include "adapters/git/git_credentials.h"

namespace fleetwave::git {

GitCredentials GitCredentials::none() { return {}; }

namespace {

GitCredentials secret_credentials(GitCredentials::Kind kind, std::string username, std::string secret) {
  GitCredentials c;
  c.kind = kind;
  c.username = std::move(username);
  c.password = std::move(secret);
  return c;
}

}  // namespace

GitCredentials GitCredentials::user_password(std::string user, std::string password) {
  return secret_credentials(Kind::UserPassword, std::move(user), std::move(password));
}

GitCredentials GitCredentials::token(std::string token, std::string username) {
  return secret_credentials(Kind::Token, std::move(username), std::move(token));
}

GitCredentials GitCredentials::ssh_key(std::string private_key, std::string known_hosts, std::string passphrase,
                                       std::string username) {
  GitCredentials c;
  c.kind = Kind::SshKey;
  c.ssh_private_key = std::move(private_key);
  c.known_hosts = std::move(known_hosts);
  c.ssh_passphrase = std::move(passphrase);
  c.username = std::move(username);
  return c;
}

std::string GitCredentials::describe() const {
  switch (kind) {
    case Kind::None:
      return "no credentials";
    case Kind::UserPassword:
      return "user/password (" + username + ")";
    case Kind::Token:
      return "token (" + username + ")";
    case Kind::SshKey:
      return "ssh key (" + (username.empty() ? std::string("user from url") : username) + ")";
  }
  return "unknown credentials";
}

std::vector<std::string> GitCredentials::secrets() const {
  std::vector<std::string> out;
  for (const std::string* s : {&password, &ssh_private_key, &ssh_passphrase}) {
    if (!s->empty()) out.push_back(*s);
  }
  return out;
}

Status<> validate_credentials(const GitCredentials& c, const RepoUrl& url) {
  const std::string where = url.scheme + " url";
  bool http = url.scheme == "http" || url.scheme == "https";
  switch (c.kind) {
    case GitCredentials::Kind::None:
      break;
    case GitCredentials::Kind::UserPassword:
    case GitCredentials::Kind::Token:
      if (!http) return invalid_input(c.describe() + " credentials cannot be used with an " + where);
      if (c.username.empty()) return invalid_input(c.describe() + " credentials need a user name");
      if (c.password.empty()) return invalid_input(c.describe() + " credentials have an empty secret");
      break;
    case GitCredentials::Kind::SshKey:
      if (url.scheme != "ssh") return invalid_input("ssh key credentials cannot be used with an " + where);
      if (c.ssh_private_key.empty()) return invalid_input("ssh key credentials have an empty private key");
      break;
  }
  if (url.scheme == "ssh" && c.known_hosts.empty() && !c.insecure_skip_host_key_check) {
    return invalid_input("ssh url needs known_hosts to verify the host key of " + url.host +
                         " (or insecure_skip_host_key_check)");
  }
  return ok_status();
}

}  // namespace fleetwave::git
