// One HTTP exchange for the analysis adapters (HttpMetricsProvider, HttpWebProbe): any status is
// an answer; only the absence of one is an error. Requests go through the shared client
// (adapters/http/http_client.h). Every exchange opens its own connection, so callers may share one
// AnalysisHttpTransport between threads.
//
//   no answer                                   error (Transient)
//   refused, no route, name not resolved        <who> at <url> unreachable: connection failed (...)
//   no complete answer within the timeout       <who> at <url> unreachable: timed out after 10s
//   TLS handshake failed / certificate refused  <who> at <url> unreachable: TLS ... [; hint]
//   answer larger than the limit                <who> at <url> sent an answer larger than N MiB
//
// Messages name the URL as the caller displays it (never credentials, never header values).
#pragma once

#include <chrono>
#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "adapters/analysis/analysis_provider.h"
#include "base/result.h"
#include "net/http_endpoint.h"

namespace fleetwave {

struct AnalysisHttpTransport {
  std::string who;      // first words of every message: "prometheus", "web check"
  std::string ca_file;  // PEM bundle; "" = the system store
  bool insecure_skip_tls_verify = false;
  std::chrono::milliseconds timeout{10000};  // the whole exchange, connect to last byte
  std::size_t max_response_bytes = std::size_t{16} << 20;
  std::string tls_hint;  // appended to TLS trust errors, e.g. "; check --prometheus-ca-file"
};

// The transport of a provider's settings (ca_file, insecure_skip_tls_verify, timeout_ms,
// max_response_bytes), named `who` in messages, with `tls_hint` for trust errors.
template <class Settings>
AnalysisHttpTransport transport_of(const Settings& settings, std::string who, std::string tls_hint) {
  AnalysisHttpTransport t;
  t.who = std::move(who);
  t.ca_file = settings.ca_file;
  t.insecure_skip_tls_verify = settings.insecure_skip_tls_verify;
  t.timeout = std::chrono::milliseconds(settings.timeout_ms);
  t.max_response_bytes = settings.max_response_bytes;
  t.tls_hint = std::move(tls_hint);
  return t;
}

struct AnalysisHttpRequest {
  std::string method = "GET";
  std::string path_and_query;  // already percent-encoded, starting with '/'
  std::vector<std::pair<std::string, std::string>> headers;
  std::string display_url;  // the URL for messages, redacted by the caller
};

[[nodiscard]] Result<HttpAnswer> analysis_http_exchange(const AnalysisHttpTransport& transport,
                                                        const HttpEndpoint& endpoint,
                                                        const AnalysisHttpRequest& request);

// Checks shared by both adapters' create(): a positive timeout and size limit, and a CA file
// that can be read and holds a PEM certificate. InvalidInput naming `ca_what` (the flag).
[[nodiscard]] Status<> check_analysis_transport(const AnalysisHttpTransport& transport, const std::string& ca_what);

// "10s", "1.5s", "250ms": a timeout for messages.
std::string format_timeout(std::chrono::milliseconds timeout);

}  // namespace fleetwave
