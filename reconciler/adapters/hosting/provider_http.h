// One JSON exchange with a Git hosting provider's REST API (GitHub, GitLab), through the
// shared client (adapters/http/http_client.h). Every call opens its own connection.
//
// How an exchange becomes an Error (messages name the API by its display URL, never the token):
//
//   transport failure (refused, timeout, TLS handshake,    Transient
//   too many or too large headers, too large a body)
//   TLS certificate not trusted, CA file unloadable        InvalidInput
//   401; 403 that is not a rate limit                      InvalidInput  (the token is wrong or lacks scope)
//   403/429 rate limit, 408, 5xx                           Transient
//   404                                                    NotFound
//   409, 422                                               Conflict
//   other non-2xx                                          InvalidInput
//   a body that is not JSON                                Transient
#pragma once

#include <chrono>
#include <cstddef>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "base/json.h"
#include "base/result.h"
#include "net/http_endpoint.h"

namespace fleetwave {

struct ProviderHttpOptions {
  std::string label;                                         // "github" | "gitlab", first word of every message
  std::string api_url;                                       // http(s)://host[:port][/prefix]
  std::vector<std::pair<std::string, std::string>> headers;  // authentication and media type
  std::string ca_file;                                       // PEM bundle; "" = the system store
  std::vector<std::string> secrets;                          // redacted from anything quoted from the server
  std::chrono::milliseconds connect_timeout{5000};
  std::chrono::milliseconds read_timeout{30000};
  std::size_t max_response_bytes = std::size_t{16} << 20;
};

// Immutable after create(); safe to share between threads.
class ProviderHttp {
 public:
  // InvalidInput for a bad URL (credentials in it included), a CA file with an http URL, or an
  // unreadable CA file.
  [[nodiscard]] static Result<ProviderHttp> create(ProviderHttpOptions options);

  // Sends `body` (if any) as JSON and parses the 2xx answer as JSON. `what` names the call in
  // messages ("list pull requests"). `http_status`, when given, receives the answer's status
  // (0 when the server did not answer).
  [[nodiscard]] Result<Json> call(const std::string& method, const std::string& path_and_query,
                                  const std::optional<Json>& body, const std::string& what,
                                  int* http_status = nullptr) const;

  std::string display_url() const { return endpoint_.display(); }

 private:
  ProviderHttp(ProviderHttpOptions options, HttpEndpoint endpoint)
      : options_(std::move(options)), endpoint_(std::move(endpoint)) {}

  ProviderHttpOptions options_;
  HttpEndpoint endpoint_;
};

// The error for a non-2xx answer (pure; exposed for tests). `rate_limited` is true when the
// server said the rate limit was exhausted (GitHub: X-RateLimit-Remaining: 0).
Error provider_status_error(const std::string& label, const std::string& display_url, const std::string& what,
                            int status, const std::string& body, bool rate_limited,
                            const std::vector<std::string>& secrets);

}  // namespace fleetwave
