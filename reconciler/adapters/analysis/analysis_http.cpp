#include "adapters/analysis/analysis_http.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "adapters/http/http_client.h"
#include "base/text.h"

namespace fleetwave {
namespace {

// OpenSSL's X509_V_ERR_* codes people meet with a private Prometheus or a test server.
// Why there is no answer, in the analysis adapters' words.
Error no_answer(const AnalysisHttpTransport& t, const AnalysisHttpRequest& r, const HttpClientAnswer& a) {
  const std::string where = t.who + " at " + r.display_url;
  const std::string unreachable = where + " unreachable: ";
  const std::string timed_out = unreachable + "timed out after " + format_timeout(t.timeout);
  switch (a.failure) {
    case HttpFailure::BodyTooLarge:
      return transient(where + " sent an answer larger than " + size_limit_text(t.max_response_bytes));
    case HttpFailure::HeadersTooLarge:
      return transient(where + " sent too many or too large headers");
    case HttpFailure::Connect:
      return transient(unreachable + "connection failed (refused, no route to the host, or its name does not resolve)");
    case HttpFailure::ConnectTimeout:
    case HttpFailure::Timeout:
      return transient(timed_out);
    case HttpFailure::Read:
      return transient(unreachable + "the connection closed before a complete answer");
    case HttpFailure::Write:
      return transient(unreachable + "sending the request failed");
    case HttpFailure::TlsHandshake:
      return transient(unreachable + "TLS handshake failed" + t.tls_hint);
    case HttpFailure::TlsUntrusted:
      return transient(unreachable + "TLS certificate not trusted: " + tls_verify_reason(a.tls_verify_result) +
                       t.tls_hint);
    case HttpFailure::TlsCaLoad:
      return transient(unreachable + "cannot load CA certificates from " + t.ca_file + t.tls_hint);
    default:
      return transient(unreachable + "request failed (" + a.library_error + ")");
  }
}

}  // namespace

std::string format_timeout(std::chrono::milliseconds timeout) {
  const auto ms = timeout.count();
  if (ms < 1000 || ms % 100 != 0) return std::to_string(ms) + "ms";
  std::string text = std::to_string(ms / 1000);
  if (ms % 1000 != 0) text += "." + std::to_string(ms % 1000 / 100);
  return text + "s";
}

Status<> check_analysis_transport(const AnalysisHttpTransport& t, const std::string& ca_what) {
  if (t.timeout.count() <= 0) return invalid_input(t.who + ": the timeout must be positive");
  if (t.max_response_bytes == 0) return invalid_input(t.who + ": the answer size limit must be positive");
  if (t.ca_file.empty()) return ok_status();
  std::ifstream in(t.ca_file, std::ios::binary);
  if (!in || std::filesystem::is_directory(t.ca_file))
    return invalid_input(ca_what + ": cannot read the CA file " + t.ca_file + "; check the path and its permissions");
  std::ostringstream text;
  text << in.rdbuf();
  // A readable file that holds no certificate would only fail at the first TLS handshake.
  if (text.str().find("-----BEGIN CERTIFICATE-----") == std::string::npos)
    return invalid_input(ca_what + ": " + t.ca_file + " holds no PEM certificate (-----BEGIN CERTIFICATE-----)");
  return ok_status();
}

Result<HttpAnswer> analysis_http_exchange(const AnalysisHttpTransport& t, const HttpEndpoint& endpoint,
                                          const AnalysisHttpRequest& r) {
  HttpClientRequest request;
  request.method = r.method;
  request.path_and_query = r.path_and_query;
  request.headers = r.headers;
  const bool has_agent = std::any_of(r.headers.begin(), r.headers.end(),
                                     [](const auto& h) { return ascii_lower(h.first) == "user-agent"; });
  if (!has_agent) request.headers.emplace_back("User-Agent", "fleetwave");
  HttpClientLimits limits;
  limits.connect_timeout = t.timeout;
  limits.deadline = t.timeout;  // the whole exchange: a server trickling its answer ends here too
  limits.idle_timeout = t.timeout;
  limits.max_body_bytes = t.max_response_bytes;
  const HttpClientAnswer answer =
      http_exchange(endpoint, request, limits, HttpClientTls{t.ca_file, !t.insecure_skip_tls_verify});
  if (!answer.answered()) return no_answer(t, r, answer);
  return HttpAnswer{answer.status, answer.body};
}

}  // namespace fleetwave
