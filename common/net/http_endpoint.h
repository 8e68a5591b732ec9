// The Argo CD server address and the text rules around it (pure): parsing the base URL,
// percent-encoding query values, and redacting secrets before they reach an error.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "base/result.h"

namespace fleetwave {

// http(s)://host[:port][/path-prefix], e.g. https://argocd.example.com/argocd for an
// argocd-server started with --rootpath /argocd.
struct ArgoCdEndpoint {
  std::string scheme;       // "http" | "https"
  std::string host;         // a name, an IPv4 address, or an IPv6 address in brackets ("[::1]")
  int port = 0;             // explicit or the scheme's default
  std::string path_prefix;  // "" or "/argocd" (no trailing slash)

  // scheme://host:port, what cpp-httplib's Client takes.
  std::string origin() const;
  // scheme://host[:port][/prefix] for messages (the port only when not the default).
  std::string display() const;
};

// Parses the base URL. InvalidInput for another scheme, a missing host, a bad port, a query or
// fragment, or credentials in the URL (the token comes from a file, never from the URL); the
// message never repeats the credentials.
[[nodiscard]] Result<ArgoCdEndpoint> parse_argocd_url(std::string_view url);

// RFC 3986 percent-encoding of everything but the unreserved characters [A-Za-z0-9-._~].
std::string percent_encode(std::string_view value);

// Replaces the userinfo of every scheme://user@host URL in `text` with ***, then every
// occurrence of each secret (4 characters or longer) with ***.
std::string redact_secrets(std::string_view text, const std::vector<std::string>& secrets = {});

// Text from a server made safe to quote in an error: secrets redacted, control characters
// replaced by spaces, and cut to `max_length` bytes (with "..." when cut).
std::string quotable_server_text(std::string_view text, const std::vector<std::string>& secrets,
                                 std::size_t max_length = 200);

}  // namespace fleetwave
