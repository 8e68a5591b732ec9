#include "adapters/git/repo_url.h"

#include <algorithm>
#include <cctype>
#include <vector>

#include "adapters/git/digest.h"
#include "base/text.h"
#include "net/redaction.h"

namespace fleetwave::git {
namespace {

bool is_scheme_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '+' || c == '-' || c == '.'; }

Error bad_url(std::string_view url, const std::string& why) {
  return invalid_input("repository url " + redact_url(url) + ": " + why);
}

// "host", "host:port", "[v6]", "[v6]:port" -> host and port.
Status<> split_host_port(std::string_view url, std::string_view hostport, RepoUrl& out) {
  std::string_view port;
  if (!hostport.empty() && hostport.front() == '[') {
    size_t close = hostport.find(']');
    if (close == std::string_view::npos) return bad_url(url, "unterminated [ in host");
    out.host = std::string(hostport.substr(1, close - 1));
    std::string_view rest = hostport.substr(close + 1);
    if (!rest.empty()) {
      if (rest.front() != ':') return bad_url(url, "unexpected text after ]");
      port = rest.substr(1);
    }
  } else {
    size_t colon = hostport.rfind(':');
    out.host = std::string(hostport.substr(0, colon));
    if (colon != std::string_view::npos) port = hostport.substr(colon + 1);
  }
  if (out.host.empty()) return bad_url(url, "missing host");
  if (!port.empty()) {
    int value = 0;
    for (char c : port) {
      if (!std::isdigit(static_cast<unsigned char>(c)) || value > 65535) return bad_url(url, "invalid port");
      value = value * 10 + (c - '0');
    }
    if (value <= 0 || value > 65535) return bad_url(url, "invalid port");
    out.port = value;
  }
  return ok_status();
}

Result<RepoUrl> parse_scheme_url(std::string_view url, size_t sep) {
  RepoUrl out;
  out.scheme = ascii_lower(url.substr(0, sep));
  if (out.scheme == "git+ssh" || out.scheme == "ssh+git") out.scheme = "ssh";
  static const std::vector<std::string> kSchemes = {"http", "https", "ssh", "git", "file"};
  if (std::find(kSchemes.begin(), kSchemes.end(), out.scheme) == kSchemes.end()) {
    return bad_url(url, "unsupported scheme " + out.scheme + " (expected http, https, ssh, git or file)");
  }
  std::string_view rest = url.substr(sep + 3);
  size_t end = rest.find_first_of("/?#");
  std::string_view authority = rest.substr(0, end);
  std::string_view tail = end == std::string_view::npos ? std::string_view() : rest.substr(end);
  size_t at = authority.rfind('@');
  if (at != std::string_view::npos) {
    std::string_view userinfo = authority.substr(0, at);
    size_t colon = userinfo.find(':');
    out.user = std::string(userinfo.substr(0, colon));
    if (colon != std::string_view::npos) out.password = std::string(userinfo.substr(colon + 1));
    authority = authority.substr(at + 1);
  }
  out.path = std::string(tail.substr(0, tail.find_first_of("?#")));
  if (out.scheme == "file") {
    if (!authority.empty() && ascii_lower(authority) != "localhost") return bad_url(url, "file url with a host");
    if (out.path.empty()) return bad_url(url, "missing path");
    return out;
  }
  FW_CHECK(split_host_port(url, authority, out));
  if (out.path.empty() || out.path == "/") return bad_url(url, "missing repository path");
  return out;
}

// [user@]host:path, where the host part has no slash.
Result<RepoUrl> parse_scp_like(std::string_view url) {
  size_t colon = url.find(':');
  size_t slash = url.find('/');
  if (colon == std::string_view::npos || (slash != std::string_view::npos && slash < colon)) {
    return bad_url(url, "expected an absolute path, scheme://host/path or host:path");
  }
  RepoUrl out;
  out.scheme = "ssh";
  out.scp_like = true;
  std::string_view userhost = url.substr(0, colon);
  size_t at = userhost.rfind('@');
  if (at != std::string_view::npos) {
    out.user = std::string(userhost.substr(0, at));
    userhost = userhost.substr(at + 1);
  }
  out.host = std::string(userhost);
  std::string path(url.substr(colon + 1));
  if (out.host.empty()) return bad_url(url, "missing host");
  if (path.empty()) return bad_url(url, "missing repository path");
  out.path = path.front() == '/' ? path : "~/" + path;
  return out;
}

// Collapses duplicate slashes and removes trailing ones.
std::string clean_path(std::string_view path) {
  std::string out;
  for (char c : path) {
    if (c == '/' && !out.empty() && out.back() == '/') continue;
    out += c;
  }
  while (out.size() > 1 && out.back() == '/') out.pop_back();
  return out;
}

}  // namespace

Result<RepoUrl> parse_repo_url(std::string_view url) {
  while (!url.empty() && std::isspace(static_cast<unsigned char>(url.front()))) url.remove_prefix(1);
  while (!url.empty() && std::isspace(static_cast<unsigned char>(url.back()))) url.remove_suffix(1);
  if (url.empty()) return invalid_input("repository url is empty");
  size_t sep = url.find("://");
  if (sep != std::string_view::npos && sep > 0 && std::all_of(url.begin(), url.begin() + sep, is_scheme_char)) {
    return parse_scheme_url(url, sep);
  }
  if (url.front() == '/') {
    RepoUrl out;
    out.scheme = "file";
    out.path = std::string(url);
    return out;
  }
  return parse_scp_like(url);
}

int effective_port(const RepoUrl& url) {
  if (url.port != 0) return url.port;
  if (url.scheme == "ssh") return 22;
  if (url.scheme == "http") return 80;
  if (url.scheme == "https") return 443;
  if (url.scheme == "git") return 9418;
  return 0;
}

Result<std::string> normalize_repo_url(std::string_view url) {
  FW_TRY(parsed, parse_repo_url(url));
  std::string path = clean_path(parsed.path);
  if (parsed.scheme == "file") return "file://" + path;
  if (path.size() > 4 && ascii_lower(path.substr(path.size() - 4)) == ".git") path.resize(path.size() - 4);
  if (!path.empty() && path.front() != '/') path = "/" + path;
  std::string host = ascii_lower(parsed.host);
  if (host.find(':') != std::string::npos) host = "[" + host + "]";
  std::string out = parsed.scheme + "://" + host;
  RepoUrl defaults;
  defaults.scheme = parsed.scheme;
  if (parsed.port != 0 && parsed.port != effective_port(defaults)) out += ":" + std::to_string(parsed.port);
  return out + path;
}

Result<std::string> cache_dir_name(std::string_view url) {
  FW_TRY(normalized, normalize_repo_url(url));
  std::string_view last = normalized;
  last = last.substr(last.rfind('/') + 1);
  std::string slug;
  for (char c : last) {
    if (slug.size() >= 40) break;
    slug += std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.' ? c : '_';
  }
  while (!slug.empty() && slug.front() == '.') slug.erase(0, 1);
  if (slug.empty()) slug = "repo";
  return slug + "-" + to_hex(sha1(normalized)).substr(0, 16);
}

}  // namespace fleetwave::git
