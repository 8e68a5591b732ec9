// The only analysis file that includes <httplib.h>. Debian's cpp-httplib is a split build: its
// CPPHTTPLIB_* macros come from pkg-config and are never set here.
#include "adapters/analysis/analysis_http.h"

#include <httplib.h>

#include <filesystem>
#include <fstream>
#include <sstream>

namespace fleetwave {
namespace {

using Clock = std::chrono::steady_clock;

// OpenSSL's X509_V_ERR_* codes people meet with a private Prometheus or a test server.
std::string verify_reason(long code) {
  switch (code) {
    case 0:
    case 62:
      return "certificate does not match the host name";
    case 10:
      return "certificate has expired";
    case 18:
      return "self-signed certificate";
    case 19:
      return "self-signed certificate in the chain";
    case 20:
      return "unable to get the local issuer certificate";
    case 21:
      return "unable to verify the first certificate";
    default:
      return "X509 verify error " + std::to_string(code);
  }
}

std::string size_text(std::size_t bytes) {
  constexpr std::size_t kMiB = std::size_t{1} << 20;
  if (bytes % kMiB == 0) return std::to_string(bytes / kMiB) + " MiB";
  return std::to_string(bytes) + " bytes";
}

struct Outcome {
  bool too_large = false;
  bool past_deadline = false;
};

// Why there is no answer; `elapsed` tells a read timeout from a connection closed early.
Error no_answer(const AnalysisHttpTransport& t, const AnalysisHttpRequest& r, httplib::Error error,
                const Outcome& outcome, Clock::duration elapsed, long verify_result) {
  const std::string where = t.who + " at " + r.display_url;
  const std::string unreachable = where + " unreachable: ";
  const std::string timed_out = unreachable + "timed out after " + format_timeout(t.timeout);
  if (outcome.too_large) return transient(where + " sent an answer larger than " + size_text(t.max_response_bytes));
  if (outcome.past_deadline) return transient(timed_out);
  switch (error) {
    case httplib::Error::Connection:
      return transient(unreachable + "connection failed (refused, no route to the host, or its name does not resolve)");
    case httplib::Error::ConnectionTimeout:
      return transient(timed_out);
    case httplib::Error::Read:
      // cpp-httplib reports a read timeout and a connection closed mid-answer alike.
      if (elapsed + std::chrono::milliseconds(50) >= t.timeout) return transient(timed_out);
      return transient(unreachable + "the connection closed before a complete answer");
    case httplib::Error::Write:
      return transient(unreachable + "sending the request failed");
    case httplib::Error::SSLConnection:
      return transient(unreachable + "TLS handshake failed" + t.tls_hint);
    case httplib::Error::SSLServerVerification:
      return transient(unreachable + "TLS certificate not trusted: " + verify_reason(verify_result) + t.tls_hint);
    case httplib::Error::SSLLoadingCerts:
      return transient(unreachable + "cannot load CA certificates from " + t.ca_file + t.tls_hint);
    default:
      return transient(unreachable + "request failed (" + httplib::to_string(error) + ")");
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
  httplib::Client client(endpoint.origin());
  if (!client.is_valid()) return internal_error(t.who + ": cannot create an HTTP client for " + r.display_url);
  client.set_connection_timeout(t.timeout);
  client.set_read_timeout(t.timeout);
  client.set_write_timeout(t.timeout);
  client.set_url_encode(false);  // the callers percent-encode paths and queries
  client.set_follow_location(false);
  client.set_keep_alive(false);
  if (endpoint.scheme == "https") {
    if (!t.ca_file.empty()) client.set_ca_cert_path(t.ca_file);
    client.enable_server_certificate_verification(!t.insecure_skip_tls_verify);
  }

  httplib::Request request;
  request.method = r.method;
  request.path = r.path_and_query;
  for (const auto& [name, value] : r.headers) request.set_header(name, value);
  if (!request.has_header("User-Agent")) request.set_header("User-Agent", "fleetwave");
  // The read timeout is per read; the deadline bounds a server that trickles its answer.
  const Clock::time_point start = Clock::now();
  const Clock::time_point deadline = start + t.timeout;
  HttpAnswer answer;
  Outcome outcome;
  request.response_handler = [&](const httplib::Response&) {
    outcome.past_deadline = Clock::now() > deadline;
    return !outcome.past_deadline;
  };
  request.content_receiver = [&](const char* data, std::size_t n, std::uint64_t, std::uint64_t) {
    outcome.too_large = answer.body.size() + n > t.max_response_bytes;
    outcome.past_deadline = Clock::now() > deadline;
    if (outcome.too_large || outcome.past_deadline) return false;
    answer.body.append(data, n);
    return true;
  };

  httplib::Response response;
  httplib::Error error = httplib::Error::Success;
  if (!client.send(request, response, error)) {
    const long verify = endpoint.scheme == "https" ? client.get_openssl_verify_result() : 0;
    return no_answer(t, r, error, outcome, Clock::now() - start, verify);
  }
  answer.status = response.status;
  return answer;
}

}  // namespace fleetwave
