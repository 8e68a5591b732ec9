// MetricsProvider over the Prometheus HTTP API (GET <prefix>/api/v1/query_range and /api/v1/query). Any HTTP
// status is returned as the answer (a 400 carries Prometheus' error JSON, parsed by
// rollout/analysis/); only a missing answer is an error, as listed in analysis_http.h.
//
// Immutable after create(); every query opens its own connection, so one object may be shared
// between threads. The token is sent only in the Authorization header and never appears in a
// message.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "adapters/analysis/analysis_http.h"
#include "adapters/analysis/analysis_provider.h"
#include "base/result.h"
#include "net/http_endpoint.h"

namespace fleetwave {

struct MetricsProviderSettings {
  std::string url;      // http(s)://host[:port][/path-prefix], e.g. https://host/prometheus
  std::string token;    // bearer token, "" = none (the CLI reads it from --prometheus-token-file)
  std::string ca_file;  // PEM CA bundle to trust instead of the system store ("" = the system store)
  // Skips TLS certificate verification (test setups only; exposes the token to a man in the middle).
  bool insecure_skip_tls_verify = false;
  std::int64_t timeout_ms = 10000;  // one query, connect to last byte
  std::size_t max_response_bytes = std::size_t{32} << 20;
};

class HttpMetricsProvider final : public MetricsProvider {
 public:
  // InvalidInput for a URL that is not http(s) (or carries credentials, a query or a fragment),
  // a token with control characters, a CA file with an http URL, or an unreadable CA file.
  // Messages name the --prometheus-* flag to fix.
  [[nodiscard]] static Result<std::unique_ptr<HttpMetricsProvider>> create(const MetricsProviderSettings& settings);

  // InvalidInput for an empty query, a step that is not positive or an end before the start
  // (nothing is sent); otherwise the answer, or Transient when there is none.
  Result<HttpAnswer> query_range(const RangeQuery& query) override;
  Result<HttpAnswer> query_instant(const std::string& query, std::int64_t time_ms) override;
  // scheme://host[:port][/prefix].
  std::string describe() const override { return endpoint_.display(); }

 private:
  HttpMetricsProvider(HttpEndpoint endpoint, std::string token, AnalysisHttpTransport transport)
      : endpoint_(std::move(endpoint)), token_(std::move(token)), transport_(std::move(transport)) {}

  Result<HttpAnswer> get(const std::string& path_and_query);

  HttpEndpoint endpoint_;
  std::string token_;
  AnalysisHttpTransport transport_;
};

// Prometheus' time parameter for `ms` since the epoch: seconds with three decimals
// ("1800000030.000"), so it evaluates exactly at the millisecond.
std::string prometheus_time(std::int64_t ms);
// Prometheus' step parameter for `ms`: seconds without trailing zeros ("30", "30.5", "0.25").
std::string prometheus_step(std::int64_t ms);

}  // namespace fleetwave
