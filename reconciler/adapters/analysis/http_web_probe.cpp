#include "adapters/analysis/http_web_probe.h"

#include <cctype>
#include <utility>

#include "net/redaction.h"

namespace fleetwave {
namespace {

// RFC 9110 token characters, what a header name may hold.
bool is_token(const std::string& name) {
  if (name.empty()) return false;
  for (unsigned char c : name) {
    if (!std::isalnum(c) && std::string_view("!#$%&'*+-.^_`|~").find(static_cast<char>(c)) == std::string_view::npos)
      return false;
  }
  return true;
}

bool has_line_break_or_nul(const std::string& value) {
  return value.find_first_of(std::string("\r\n\0", 3)) != std::string::npos;
}

// What a query may hold as sent: printable ASCII, no space (callers percent-encode the rest).
bool valid_query(std::string_view query) {
  for (unsigned char c : query) {
    if (c <= 0x20 || c >= 0x7F) return false;
  }
  return true;
}

}  // namespace

Result<WebTarget> parse_web_url(const std::string& url) {
  const std::size_t scheme_end = url.find("://");
  const std::size_t authority_end =
      scheme_end == std::string::npos ? std::string::npos : url.find_first_of("/?#", scheme_end + 3);
  const std::size_t path_end = authority_end == std::string::npos ? url.size() : url.find_first_of("?#", authority_end);
  const std::string base = url.substr(0, path_end == std::string::npos ? url.size() : path_end);
  FW_TRY(endpoint, parse_http_endpoint(base, "web check URL"));
  WebTarget target;
  std::string path = authority_end == std::string::npos ? "" : base.substr(authority_end);
  if (path.empty()) path = "/";
  std::string query;
  if (path_end != std::string::npos && path_end < url.size() && url[path_end] == '?') {
    query = url.substr(path_end, url.find('#', path_end) - path_end);  // the fragment is never sent
    if (!valid_query(query)) {
      return invalid_input("web check URL \"" + redact_url(url) +
                           "\": spaces or control characters in the query; percent-encode them");
    }
  }
  std::string origin = endpoint.display();
  origin.resize(origin.size() - endpoint.path_prefix.size());
  target.display = origin + path + (query.size() > 1 ? "?..." : "");
  target.path_and_query = path + (query.size() > 1 ? query : "");
  target.endpoint = std::move(endpoint);
  return target;
}

Result<std::unique_ptr<HttpWebProbe>> HttpWebProbe::create(const WebProbeSettings& settings) {
  AnalysisHttpTransport transport =
      transport_of(settings, "web check", "; the server needs a certificate the system's CA store trusts");
  FW_CHECK(check_analysis_transport(transport, "web check CA file"));
  return std::unique_ptr<HttpWebProbe>(new HttpWebProbe(std::move(transport)));
}

Result<HttpAnswer> HttpWebProbe::fetch(const WebRequest& r) {
  FW_TRY(target, parse_web_url(r.url));
  std::string method;
  for (char c : r.method) method += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  if (method != "GET" && method != "POST") {
    return invalid_input("web check " + target.display + ": method \"" + quotable_server_text(r.method, {}, 40) +
                         "\" is not supported; use GET or POST");
  }
  AnalysisHttpRequest request;
  request.method = method;
  request.path_and_query = target.path_and_query;
  request.display_url = target.display;
  for (const auto& [name, value] : r.headers) {
    if (!is_token(name)) {
      return invalid_input("web check " + target.display + ": header name \"" + quotable_server_text(name, {}, 80) +
                           "\" is not a valid HTTP header name");
    }
    // The value is never quoted: it may be a credential.
    if (has_line_break_or_nul(value))
      return invalid_input("web check " + target.display + ": the value of header " + name + " holds a line break");
    request.headers.emplace_back(name, value);
  }
  return analysis_http_exchange(transport_, target.endpoint, request);
}

}  // namespace fleetwave
