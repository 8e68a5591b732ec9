// An http(s) API base URL (Argo CD, a Git hosting API), parsed once (pure). Shared by every
// HTTP adapter.
#pragma once

#include <string>
#include <string_view>

#include "base/result.h"

namespace fleetwave {

// http(s)://host[:port][/path-prefix], e.g. https://argocd.example.com/argocd for an
// argocd-server started with --rootpath /argocd, or https://ghe.example.com/api/v3.
struct HttpEndpoint {
  std::string scheme;       // "http" | "https"
  std::string host;         // a name, an IPv4 address, or an IPv6 address in brackets ("[::1]")
  int port = 0;             // explicit or the scheme's default
  std::string path_prefix;  // "" or "/argocd" (no trailing slash)

  // scheme://host:port, what cpp-httplib's Client takes.
  std::string origin() const;
  // scheme://host[:port][/prefix] for messages (the port only when not the default).
  std::string display() const;
};

// Parses a base URL; `what` names it in messages ("Argo CD URL", "github API URL").
// InvalidInput for another scheme, a missing host, a bad port, a query or fragment, or
// credentials in the URL (tokens come from files, never from URLs); the message never repeats
// the credentials.
[[nodiscard]] Result<HttpEndpoint> parse_http_endpoint(std::string_view url, std::string_view what);

}  // namespace fleetwave
