#include "adapters/analysis/http_metrics_provider.h"

#include <utility>

#include "base/text.h"
#include "net/percent_encode.h"

namespace fleetwave {
namespace {

// "<seconds>" and the three-digit milliseconds of |ms|, with its sign.
std::pair<std::string, std::string> split_seconds(std::int64_t ms) {
  const bool negative = ms < 0;
  const std::uint64_t abs_ms = negative ? 0 - static_cast<std::uint64_t>(ms) : static_cast<std::uint64_t>(ms);
  std::string frac = std::to_string(abs_ms % 1000);
  return {(negative ? "-" : "") + std::to_string(abs_ms / 1000), std::string(3 - frac.size(), '0') + frac};
}

}  // namespace

std::string prometheus_time(std::int64_t ms) {
  auto [seconds, frac] = split_seconds(ms);
  return seconds + "." + frac;
}

std::string prometheus_step(std::int64_t ms) {
  auto [seconds, frac] = split_seconds(ms);
  while (!frac.empty() && frac.back() == '0') frac.pop_back();
  return frac.empty() ? seconds : seconds + "." + frac;
}

Result<std::unique_ptr<HttpMetricsProvider>> HttpMetricsProvider::create(const MetricsProviderSettings& settings) {
  FW_TRY(endpoint, parse_http_endpoint(settings.url, "--prometheus-url"));
  if (has_control_bytes(settings.token)) {
    return invalid_input("the Prometheus token contains control characters; check --prometheus-token-file");
  }
  if (!settings.ca_file.empty() && endpoint.scheme != "https") {
    return invalid_input("--prometheus-ca-file needs an https --prometheus-url, not " + endpoint.display());
  }
  AnalysisHttpTransport transport =
      transport_of(settings, "prometheus",
                   settings.ca_file.empty() ? "; set --prometheus-ca-file to the CA that signed its certificate"
                                            : "; check --prometheus-ca-file " + settings.ca_file);
  FW_CHECK(check_analysis_transport(transport, "--prometheus-ca-file"));
  return std::unique_ptr<HttpMetricsProvider>(
      new HttpMetricsProvider(std::move(endpoint), settings.token, std::move(transport)));
}

Result<HttpAnswer> HttpMetricsProvider::query_range(const RangeQuery& q) {
  if (q.query.empty()) return invalid_input("prometheus query_range: the query is empty");
  if (q.step_ms <= 0) return invalid_input("prometheus query_range: the step must be positive");
  if (q.end_ms < q.start_ms) return invalid_input("prometheus query_range: the end is before the start");
  return get("/api/v1/query_range?query=" + percent_encode(q.query) + "&start=" + prometheus_time(q.start_ms) +
             "&end=" + prometheus_time(q.end_ms) + "&step=" + prometheus_step(q.step_ms));
}

Result<HttpAnswer> HttpMetricsProvider::query_instant(const std::string& query, std::int64_t time_ms) {
  if (query.empty()) return invalid_input("prometheus query: the query is empty");
  return get("/api/v1/query?query=" + percent_encode(query) + "&time=" + prometheus_time(time_ms));
}

Result<HttpAnswer> HttpMetricsProvider::get(const std::string& path_and_query) {
  AnalysisHttpRequest request;
  request.method = "GET";
  request.path_and_query = endpoint_.path_prefix + path_and_query;
  request.headers.emplace_back("Accept", "application/json");
  if (!token_.empty()) request.headers.emplace_back("Authorization", "Bearer " + token_);
  request.display_url = endpoint_.display();
  return analysis_http_exchange(transport_, endpoint_, request);
}

}  // namespace fleetwave
