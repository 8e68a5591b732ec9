// The HTTP endpoints of fleetwave serve as plain functions of a request, so they are tested
// without a socket (http_server.cpp maps cpp-httplib onto them):
//
//   GET  /healthz                   200 "ok" while the process lives
//   GET  /readyz                    200 once ready, else 503; JSON with the reason either way
//   GET  /metrics                   Prometheus text
//   POST /webhook/git               202 (cycle queued), 200 (ping), 400, 401 (webhook_auth.h)
//   POST /api/v1/getparams.execute  the ApplicationSet plugin generator (Bearer token): 200
//                                   with targets.json's entries; 403 bad token, 400 bad body,
//                                   404 unknown app or no targets, 503 before the first cycle
//   GET  /api/v1/apps[/<app>]       the status document of the last cycle; 404, 503
//
// Thread-safety: every method may be called from many HTTP threads at once; the state it
// reads is thread-safe and its own members are immutable after construction.
#pragma once

#include <map>
#include <string>

#include "serve/json_log.h"
#include "serve/log_rate_limit.h"
#include "serve/serve_metrics.h"
#include "serve/serve_state.h"
#include "serve/trigger_queue.h"

namespace fleetwave::serve {

struct ApiRequest {
  std::map<std::string, std::string> headers;  // lower-case names
  std::string body;
};

struct ApiResponse {
  int status = 200;
  std::string content_type = "application/json";
  std::string body;
};

struct ApiSecrets {
  std::string webhook_secret;   // "" = webhooks refused
  std::string generator_token;  // "" = the generator endpoint refuses every request
};

class ServeApi {
 public:
  ServeApi(ServeState& state, ServeMetrics& metrics, TriggerQueue& triggers, JsonLog& log, ApiSecrets secrets)
      : state_(state), metrics_(metrics), triggers_(triggers), log_(log), secrets_(std::move(secrets)) {}

  // Refused webhooks are logged at most 10 at once, then one a second (LogRateLimit).
  static constexpr int kRefusedLogBurst = 10;
  static constexpr std::int64_t kRefusedLogIntervalMs = 1000;

  ApiResponse healthz() const;
  ApiResponse readyz() const;
  ApiResponse metrics() const;
  ApiResponse webhook(const ApiRequest& request) const;
  ApiResponse generator(const ApiRequest& request) const;
  ApiResponse apps() const;
  ApiResponse app(const std::string& name) const;

 private:
  ServeState& state_;
  ServeMetrics& metrics_;
  TriggerQueue& triggers_;
  JsonLog& log_;
  const ApiSecrets secrets_;
  mutable LogRateLimit refused_logs_{kRefusedLogBurst, kRefusedLogIntervalMs};
};

}  // namespace fleetwave::serve
