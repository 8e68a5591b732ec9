#include "adapters/git/remote_session.h"

#include <git2.h>

#include "adapters/git/known_hosts.h"
#include "adapters/git/libgit2_handles.h"
#include "net/redaction.h"

namespace fleetwave::git::detail {

namespace {

constexpr size_t kMaxMessages = 4096;

std::string allowed_names(unsigned int allowed) {
  std::string out;
  auto add = [&](unsigned int bit, const char* name) {
    if (allowed & bit) out += (out.empty() ? "" : ", ") + std::string(name);
  };
  add(GIT_CREDENTIAL_USERPASS_PLAINTEXT, "user/password");
  add(GIT_CREDENTIAL_SSH_KEY | GIT_CREDENTIAL_SSH_MEMORY, "ssh key");
  add(GIT_CREDENTIAL_SSH_INTERACTIVE, "keyboard-interactive");
  add(GIT_CREDENTIAL_DEFAULT, "negotiate");
  return out.empty() ? "unknown" : out;
}

std::string fingerprint(const git_cert_hostkey* key) {
  if (key->type & GIT_CERT_SSH_SHA256) {
    return "SHA256:" + base64_encode(std::string_view(reinterpret_cast<const char*>(key->hash_sha256), 32), false);
  }
  return "(no sha256 fingerprint)";
}

}  // namespace

struct RemoteCallbacks {
  static int fail(RemoteSession* s, ErrorKind kind, std::string message) {
    s->failure_kind_ = kind;
    s->failure_ = std::move(message);
    return GIT_EUSER;
  }

  static int credentials(git_credential** out, const char* /*url*/, const char* username_from_url, unsigned int allowed,
                         void* payload) {
    auto* s = static_cast<RemoteSession*>(payload);
    const GitCredentials& c = s->credentials_;
    std::string user = username_from_url && *username_from_url ? username_from_url : c.username;
    if (c.kind == GitCredentials::Kind::SshKey && user.empty()) user = "git";
    // Asking for the SSH user name is not an authentication attempt.
    if (allowed == GIT_CREDENTIAL_USERNAME) return git_credential_username_new(out, user.c_str());
    if (c.kind == GitCredentials::Kind::None) {
      // libgit2 offers a user:password written in the URL itself before asking us; being asked
      // then means the server refused it.
      if (s->url_.password) {
        return fail(s, ErrorKind::InvalidInput,
                    "authentication failed: the server rejected the password in the repository URL (user " +
                        (s->url_.user.empty() ? std::string("(none)") : s->url_.user) +
                        "); fix it, or put the credentials in --git-password-file instead");
      }
      return fail(
          s, ErrorKind::InvalidInput,
          "the server requires authentication (" + allowed_names(allowed) + ") but no credentials are configured");
    }
    if (++s->attempts_ > s->max_attempts_) {
      return fail(s, ErrorKind::InvalidInput,
                  "authentication failed: the server rejected " + c.describe() + " (gave up after " +
                      std::to_string(s->max_attempts_) + " attempts)");
    }
    if (c.kind == GitCredentials::Kind::SshKey && (allowed & GIT_CREDENTIAL_SSH_MEMORY)) {
      const char* pub = c.ssh_public_key.empty() ? nullptr : c.ssh_public_key.c_str();
      const char* pass = c.ssh_passphrase.empty() ? nullptr : c.ssh_passphrase.c_str();
      return git_credential_ssh_key_memory_new(out, user.c_str(), pub, c.ssh_private_key.c_str(), pass);
    }
    if (c.kind != GitCredentials::Kind::SshKey && (allowed & GIT_CREDENTIAL_USERPASS_PLAINTEXT)) {
      return git_credential_userpass_plaintext_new(out, user.c_str(), c.password.c_str());
    }
    return fail(
        s, ErrorKind::InvalidInput,
        "the server asks for " + allowed_names(allowed) + " credentials but " + c.describe() + " is configured");
  }

  static int certificate(git_cert* cert, int /*valid*/, const char* /*host*/, void* payload) {
    auto* s = static_cast<RemoteSession*>(payload);
    const GitCredentials& c = s->credentials_;
    if (cert->cert_type != GIT_CERT_HOSTKEY_LIBSSH2) {
      return c.insecure_skip_tls_verify ? 0 : GIT_PASSTHROUGH;  // libgit2 verifies TLS itself
    }
    if (c.insecure_skip_host_key_check) return 0;
    const auto* key = reinterpret_cast<const git_cert_hostkey*>(cert);
    if ((key->type & GIT_CERT_SSH_RAW) == 0 || key->hostkey == nullptr) {
      return fail(s, ErrorKind::InvalidInput, "host key verification failed: libssh2 gave no raw host key");
    }
    std::string_view blob(key->hostkey, key->hostkey_len);
    const int port = effective_port(s->url_);
    HostKeyVerdict verdict = check_known_hosts(c.known_hosts, s->url_.host, port, blob);
    if (verdict == HostKeyVerdict::Match) return 0;
    const std::string name = port == 22 ? s->url_.host : "[" + s->url_.host + "]:" + std::to_string(port);
    const std::string offered = key_type_of(blob) + " " + fingerprint(key);
    std::string why;
    switch (verdict) {
      case HostKeyVerdict::Unknown:
        why = "unknown host: no known_hosts entry for " + name;
        break;
      case HostKeyVerdict::UnknownKeyType:
        why = "known_hosts has no " + key_type_of(blob) + " key for " + name;
        break;
      case HostKeyVerdict::Mismatch:
        why = "host key mismatch: known_hosts has a different key for " + name;
        break;
      default:
        why = "the key is marked @revoked in known_hosts";
        break;
    }
    return fail(s, ErrorKind::InvalidInput, "host key verification failed: " + why + " (offered " + offered + ")");
  }

  static int push_update(const char* refname, const char* status, void* payload) {
    auto* s = static_cast<RemoteSession*>(payload);
    if (status != nullptr) s->rejected_.emplace_back(refname ? refname : "", status);
    return 0;
  }

  static int sideband(const char* text, int len, void* payload) {
    auto* s = static_cast<RemoteSession*>(payload);
    if (len > 0 && s->messages_.size() < kMaxMessages) s->messages_.append(text, std::min<size_t>(len, kMaxMessages));
    return 0;
  }
};

RemoteSession::RemoteSession(const GitCredentials& credentials, const RepoUrl& url, int max_attempts)
    : credentials_(credentials), url_(url), max_attempts_(max_attempts) {}

void RemoteSession::install(git_remote_callbacks* callbacks) {
  callbacks->credentials = &RemoteCallbacks::credentials;
  callbacks->certificate_check = &RemoteCallbacks::certificate;
  callbacks->push_update_reference = &RemoteCallbacks::push_update;
  callbacks->sideband_progress = &RemoteCallbacks::sideband;
  callbacks->payload = this;
}

Error RemoteSession::error_for(int rc, const std::string& operation) const {
  if (!failure_.empty()) {
    Error e;
    e.kind = failure_kind_;
    e.message = redact_text(operation + ": " + failure_, credentials_.secrets());
    return e;
  }
  if (rc == GIT_EAUTH && attempts_ > 0) {
    // libssh2 may fail after a rejected key with a transport message ("Failed getting
    // response"); what matters to the user is that the credentials were refused.
    return invalid_input(operation + ": authentication failed: the server rejected " + credentials_.describe());
  }
  Error e = libgit2_error(rc, operation, credentials_.secrets());
  // Whatever else breaks while talking to a server (sockets, truncated packs) is worth a retry.
  if (e.kind == ErrorKind::Internal) e.kind = ErrorKind::Transient;
  return e;
}

std::string RemoteSession::remote_messages() const {
  std::string out;
  for (char ch : messages_) {
    if (ch == '\r') ch = '\n';
    if (ch == '\n' && (out.empty() || out.back() == '\n')) continue;
    out += ch;
  }
  while (!out.empty() && out.back() == '\n') out.pop_back();
  for (char& ch : out) {
    if (ch == '\n') ch = ';';
  }
  return redact_text(out, credentials_.secrets());
}

}  // namespace fleetwave::git::detail
