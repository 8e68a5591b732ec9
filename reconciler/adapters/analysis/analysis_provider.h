// The analysis gates' ports to the outside: a Prometheus HTTP API for range queries and plain
// HTTP for web checks. The adapters return the provider's answer as it came (status and body);
// what it means is parsed by the pure analysis code (rollout/analysis/), so one parser serves
// the real client and the recorded answers of the tests.
#pragma once

#include <cstdint>
#include <map>
#include <string>

#include "base/result.h"

namespace fleetwave {

struct HttpAnswer {
  int status = 0;
  std::string body;
};

// GET <url>/api/v1/query_range?query=..&start=..&end=..&step=.. (times in seconds, millisecond
// precision, so Prometheus evaluates exactly at start + k*step).
struct RangeQuery {
  std::string query;
  std::int64_t start_ms = 0;
  std::int64_t end_ms = 0;
  std::int64_t step_ms = 0;
};

class MetricsProvider {
 public:
  virtual ~MetricsProvider() = default;
  // Any HTTP answer (400 for a query Prometheus rejects carries its error JSON); an error only
  // when there is no answer: Transient for unreachable, timed out or TLS failures.
  virtual Result<HttpAnswer> query_range(const RangeQuery& query) = 0;
  // GET <url>/api/v1/query?query=..&time=..: asked once per query to learn whether it is a
  // scalar expression (Argo Rollouts hands a scalar to the condition as a number, a vector as a
  // list), which a range answer cannot tell.
  virtual Result<HttpAnswer> query_instant(const std::string& query, std::int64_t time_ms) = 0;
  // Where it points, credentials removed, for messages.
  virtual std::string describe() const = 0;
};

struct WebRequest {
  std::string url;
  std::string method = "GET";
  std::map<std::string, std::string> headers;
};

class WebProbe {
 public:
  virtual ~WebProbe() = default;
  virtual Result<HttpAnswer> fetch(const WebRequest& request) = 0;
};

}  // namespace fleetwave
