// How the outcome of one HTTP exchange with argocd-server becomes an Error (pure, so the whole
// table is unit-tested without a server). Messages name the server by its display URL (never
// the credentials) and never contain the token.
//
//   transport / status                       kind          message
//   connect refused, DNS, reset              Transient     Argo CD at URL unreachable: connection failed
//   connect / read timeout                   Transient     Argo CD at URL unreachable: ... timed out after N ms
//   TLS handshake failed                     Transient     Argo CD at URL unreachable: TLS handshake failed
//   TLS certificate not trusted              InvalidInput  TLS certificate of Argo CD at URL not trusted: ...
//   CA file unreadable                       InvalidInput  cannot load CA certificates from PATH
//   body over the size limit                 Transient     Argo CD at URL sent a response larger than N MiB
//   401, 403                                 InvalidInput  Argo CD rejected the token (HTTP 401); check
//   --argocd-token-file 404                                      NotFound      Argo CD application "x" not found (HTTP
//   404) 409, 400 "another operation ... progress" Conflict 408, 429, 5xx                            Transient     Argo
//   CD at URL unreachable: HTTP 503 other 4xx, 3xx                           InvalidInput invalid JSON, unexpected
//   shape           Transient     Argo CD at URL sent an invalid response: ...
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "base/error.h"

namespace fleetwave {

// Why no HTTP response arrived (cpp-httplib's Error, translated by the adapter).
enum class TransportFailure {
  Connect,  // refused, unreachable, name not resolved
  ConnectTimeout,
  Read,  // read timeout or connection closed mid-response
  Write,
  TlsHandshake,
  TlsUntrusted,     // certificate verification failed
  TlsCaLoad,        // the CA file could not be loaded
  TooLarge,         // the body passed the size limit
  HeadersTooLarge,  // too many or too large response headers
  Other,
};

// What the exchange was about, for the messages.
struct ArgoCdRequestContext {
  std::string server;                // display URL, e.g. https://argocd.example.com
  std::string application;           // "" for the list call
  std::vector<std::string> secrets;  // the token: redacted from anything quoted from the server
};

struct TransportDetail {
  long connect_timeout_ms = 0;
  long read_timeout_ms = 0;
  std::size_t max_response_bytes = 0;
  long tls_verify_result = 0;  // OpenSSL X509_V_* code, 0 when the host name did not match
  std::string ca_cert_path;
  std::string library_error;  // the HTTP library's words for the error, for Other
};

Error transport_error(TransportFailure failure, const TransportDetail& detail, const ArgoCdRequestContext& ctx);

// The error for a non-2xx status. `body` may be an Argo CD error object
// {"error": ..., "code": ..., "message": ...}; its message is quoted (sanitized) when present.
Error status_error(int status, std::string_view body, const ArgoCdRequestContext& ctx);

// A 2xx body that is not the expected JSON: Transient, with the parser's reason.
Error invalid_response_error(const Error& parse_error, const ArgoCdRequestContext& ctx);

}  // namespace fleetwave
