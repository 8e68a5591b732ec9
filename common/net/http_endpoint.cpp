#include "net/http_endpoint.h"

#include <cctype>
#include <charconv>

#include "base/text.h"
#include "net/redaction.h"

namespace fleetwave {
namespace {

bool is_unreserved(unsigned char c) { return std::isalnum(c) || c == '-' || c == '.' || c == '_' || c == '~'; }

// Where the authority that starts at `from` ends (the first '/', '?', '#', or the end).
std::size_t authority_end(std::string_view url, std::size_t from) {
  std::size_t end = url.find_first_of("/?#", from);
  return end == std::string_view::npos ? url.size() : end;
}

bool valid_host_name(std::string_view host) {
  if (host.empty() || host.size() > 253) return false;
  for (unsigned char c : host) {
    if (!std::isalnum(c) && c != '-' && c != '.' && c != '_') return false;
  }
  return true;
}

bool valid_ipv6_literal(std::string_view inside) {
  if (inside.empty()) return false;
  for (unsigned char c : inside) {
    if (!std::isxdigit(c) && c != ':' && c != '.') return false;
  }
  return true;
}

bool valid_path(std::string_view path) {
  for (unsigned char c : path) {
    if (!is_unreserved(c) && c != '/' && c != '%' && c != '+' && c != '@' && c != ':') return false;
  }
  return true;
}

}  // namespace

std::string HttpEndpoint::origin() const { return scheme + "://" + host + ":" + std::to_string(port); }

std::string HttpEndpoint::display() const {
  bool default_port = (scheme == "http" && port == 80) || (scheme == "https" && port == 443);
  return scheme + "://" + host + (default_port ? "" : ":" + std::to_string(port)) + path_prefix;
}

Result<HttpEndpoint> parse_http_endpoint(std::string_view url, std::string_view what) {
  auto bad_url = [what](std::string_view u, const std::string& why) {
    return invalid_input(std::string(what) + " \"" + redact_text(u) + "\": " + why);
  };
  std::size_t sep = url.find("://");
  if (sep == std::string_view::npos) return bad_url(url, "expected http(s)://host[:port][/path]");
  HttpEndpoint ep;
  ep.scheme = ascii_lower(url.substr(0, sep));
  if (ep.scheme != "http" && ep.scheme != "https") return bad_url(url, "scheme must be http or https");
  std::size_t host_start = sep + 3;
  std::size_t end = authority_end(url, host_start);
  std::string_view authority = url.substr(host_start, end - host_start);
  if (authority.find('@') != std::string_view::npos) {
    return bad_url(url, "credentials do not belong in the URL; pass the token in a file");
  }
  std::string_view port_text;
  if (!authority.empty() && authority.front() == '[') {
    std::size_t close = authority.find(']');
    if (close == std::string_view::npos || !valid_ipv6_literal(authority.substr(1, close - 1))) {
      return bad_url(url, "invalid IPv6 address");
    }
    ep.host = ascii_lower(authority.substr(0, close + 1));
    std::string_view rest = authority.substr(close + 1);
    if (!rest.empty() && rest.front() != ':') return bad_url(url, "invalid host");
    if (!rest.empty()) port_text = rest.substr(1);
    if (rest == ":") return bad_url(url, "empty port");
  } else {
    std::size_t colon = authority.find(':');
    ep.host = ascii_lower(authority.substr(0, colon));
    if (!valid_host_name(ep.host)) return bad_url(url, ep.host.empty() ? "missing host" : "invalid host");
    if (colon != std::string_view::npos) {
      port_text = authority.substr(colon + 1);
      if (port_text.empty()) return bad_url(url, "empty port");
    }
  }
  ep.port = ep.scheme == "https" ? 443 : 80;
  if (!port_text.empty()) {
    int port = 0;
    auto [ptr, ec] = std::from_chars(port_text.data(), port_text.data() + port_text.size(), port);
    if (ec != std::errc() || ptr != port_text.data() + port_text.size() || port < 1 || port > 65535) {
      return bad_url(url, "invalid port");
    }
    ep.port = port;
  }
  std::string_view path = url.substr(end);
  if (path.find_first_of("?#") != std::string_view::npos) return bad_url(url, "a query or fragment is not allowed");
  while (!path.empty() && path.back() == '/') path.remove_suffix(1);
  if (!valid_path(path)) return bad_url(url, "invalid characters in the path");
  ep.path_prefix = std::string(path);
  return ep;
}

}  // namespace fleetwave
