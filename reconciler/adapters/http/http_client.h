// The one HTTP client every outgoing request goes through: Argo CD, Git hosting APIs, commit
// statuses, webhooks and analysis checks. Each caller keeps its own messages; this file keeps the
// limits, so no server can hold a thread or grow memory without bound:
//
//   connect_timeout   the TCP and TLS connection
//   deadline          the whole attempt, connect to last byte (a server trickling bytes included)
//   idle_timeout      no byte of the answer for this long, once connected
//   max_header_count, max_header_bytes, max_body_bytes   what is kept of the answer
//   cancel            a flag another thread sets (shutdown), through HttpCancelScope; checked
//                     every 100 ms
//
// libcurl is included by http_client.cpp only (.ci/lint). Every exchange opens and closes its own
// connection, so one HttpClientLimits may be shared between threads.
#pragma once

#include <atomic>
#include <chrono>
#include <cstddef>
#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "net/http_endpoint.h"

namespace fleetwave {

struct HttpClientLimits {
  std::chrono::milliseconds connect_timeout{5000};
  std::chrono::milliseconds idle_timeout{30000};
  std::chrono::milliseconds deadline{60000};
  std::size_t max_header_count = 100;
  std::size_t max_header_bytes = std::size_t{64} << 10;
  std::size_t max_body_bytes = std::size_t{16} << 20;
};

struct HttpClientTls {
  std::string ca_file;  // PEM bundle; "" = the system store
  bool verify = true;
};

using HttpHeaderList = std::vector<std::pair<std::string, std::string>>;

struct HttpClientRequest {
  std::string method = "GET";
  std::string path_and_query =
      "/";  // the whole path, sent as given (callers percent-encode and add the endpoint's prefix)
  HttpHeaderList headers;
  std::string body;  // sent when not empty
  // When set, a 2xx answer's body is handed to it as it arrives instead of being kept (the
  // answer's body stays empty, and max_body_bytes does not bound it: the sink bounds what it
  // keeps). False ends the exchange (Other). Other answers' bodies are kept as usual.
  std::function<bool(std::string_view)> body_sink;
};

// Why there is no answer.
enum class HttpFailure {
  None,
  Connect,         // refused, no route, name not resolved
  ConnectTimeout,  // no connection within connect_timeout
  Timeout,         // connected, but the answer did not complete by the deadline or went idle
  Read,            // the connection closed before a complete answer
  Write,           // sending the request failed
  TlsHandshake,
  TlsUntrusted,     // certificate verification failed (see tls_verify_result)
  TlsCaLoad,        // the CA file could not be loaded
  BodyTooLarge,     // past max_body_bytes
  HeadersTooLarge,  // past max_header_count or max_header_bytes
  Canceled,         // the cancel flag was set
  Other,            // see library_error
};

struct HttpClientAnswer {
  HttpFailure failure = HttpFailure::None;
  int status = 0;              // the HTTP status; also set with BodyTooLarge when the status line arrived
  HttpHeaderList headers;      // names lower-cased, values trimmed
  std::string body;            // at most max_body_bytes
  long tls_verify_result = 0;  // OpenSSL's X509_V_* code; 0 also when the host name did not match
  std::string library_error;   // libcurl's words, for Other
  std::chrono::milliseconds elapsed{0};

  bool answered() const { return failure == HttpFailure::None; }
  // The first value of a header (name in lower case), "" when absent.
  std::string header(const std::string& lower_name) const;
};

// Why a certificate was not trusted, in words, for OpenSSL's X509_V_ERR_* codes people meet with
// a private CA (tls_verify_result): "certificate has expired", "self-signed certificate", ...
std::string tls_verify_reason(long x509_code);

// A size limit for messages: "8 MiB", or "1000 bytes" when it is not whole MiB.
std::string size_limit_text(std::size_t bytes);

// One exchange with endpoint.origin(). Never follows redirects; only http and https.
HttpClientAnswer http_exchange(const HttpEndpoint& endpoint, const HttpClientRequest& request,
                               const HttpClientLimits& limits, const HttpClientTls& tls = {});

// While it lives, every exchange on this thread ends (Canceled) once `flag` is set. The delivery
// worker wraps its attempts in one, so shutdown cancels a request in flight whatever client made
// it (webhook, commit status). Scopes nest; the innermost wins.
class HttpCancelScope {
 public:
  explicit HttpCancelScope(const std::atomic<bool>* flag);
  ~HttpCancelScope();
  HttpCancelScope(const HttpCancelScope&) = delete;
  HttpCancelScope& operator=(const HttpCancelScope&) = delete;

 private:
  const std::atomic<bool>* previous_;
};

// "connection failed", "timed out", ...: a short name for a failure, for logs and retry details.
const char* http_failure_name(HttpFailure failure);

}  // namespace fleetwave
