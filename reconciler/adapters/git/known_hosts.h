// Host-key verification against OpenSSH known_hosts text: plain and hashed (|1|salt|hash) host
// fields, comma-separated patterns with * and ? wildcards and ! negation, [host]:port for
// non-default ports, and @revoked markers. @cert-authority lines are ignored (host
// certificates are not supported). Pure functions over strings.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace fleetwave::git {

enum class HostKeyVerdict {
  Match,           // a line for this host carries exactly this key
  Mismatch,        // the host is known with a different key of the same type
  UnknownKeyType,  // the host is known, but not with a key of this type
  Unknown,         // no line names this host
  Revoked,         // the key is marked @revoked
};

const char* to_string(HostKeyVerdict verdict);

// `key_blob` is the raw SSH wire-format public key (what the base64 field of a known_hosts line
// decodes to). `port` 22 matches plain host fields; others match "[host]:port".
HostKeyVerdict check_known_hosts(std::string_view known_hosts, std::string_view host, int port,
                                 std::string_view key_blob);

// The key type named inside a wire-format key blob ("ssh-ed25519"), or "" when malformed.
std::string key_type_of(std::string_view key_blob);

std::string base64_encode(std::string_view data, bool pad = true);
std::optional<std::string> base64_decode(std::string_view text);

}  // namespace fleetwave::git
