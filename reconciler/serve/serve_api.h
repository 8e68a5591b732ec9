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
//   GET  /, /apps/<app>             the board (HTML; serve/board/), its /board.css and /board.js;
//                                   any other path outside /api/ answers the 404 page
//   GET  /events, /apps/<app>/events  the board's live parts as Server-Sent Events (the stream
//                                   itself is run by http_server.cpp; board_event() renders one)
//   With board credentials set, the board, its events and /api/v1/apps answer 401 without them
//   (the credentials of a person board.actorsFile lists open it too). The actions people take
//   from the board are board_actions.h's.
//
// Thread-safety: every method may be called from many HTTP threads at once; the state it
// reads is thread-safe and its own members are immutable after construction.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "serve/board/git_links.h"
#include "serve/board_cache.h"
#include "serve/json_log.h"
#include "serve/log_rate_limit.h"
#include "serve/serve_metrics.h"
#include "serve/serve_state.h"
#include "serve/trigger_queue.h"

namespace fleetwave::serve {

struct ApiRequest {
  std::map<std::string, std::string> headers;  // lower-case names
  std::string body;
  std::vector<std::string> path_params;  // what the route's pattern captured, in order
};

struct ApiResponse {
  int status = 200;
  std::string content_type = "application/json";
  std::string body;
  std::vector<std::pair<std::string, std::string>> headers;  // extra response headers
  // Sent instead of `body` when set: a text every viewer shares (a snapshot's document, a cached
  // board page), so N requests hold one copy, not N.
  std::shared_ptr<const std::string> shared_body;

  const std::string& text() const { return shared_body ? *shared_body : body; }
};

struct ApiSecrets {
  std::string webhook_secret;   // "" = webhooks refused
  std::string generator_token;  // "" = the generator endpoint refuses every request
  // The board's credentials (board.username + board.passwordFile, or board.tokenFile as a
  // bearer token); all empty = the board is open (e.g. behind an authenticating proxy).
  std::string board_username;
  std::string board_password;
  std::string board_token;
};

class BoardActions;

class ServeApi {
 public:
  ServeApi(ServeState& state, ServeMetrics& metrics, TriggerQueue& triggers, JsonLog& log, ApiSecrets secrets,
           BoardLinks links = {})
      : state_(state),
        metrics_(metrics),
        triggers_(triggers),
        log_(log),
        secrets_(std::move(secrets)),
        links_(std::move(links)) {}

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

  // The board at `path` (already percent-decoded): HTML pages, assets, the 404 page. `gzip`: the
  // browser accepts gzip (gzip_text.h), and pages come gzipped.
  ApiResponse board(const std::string& path, std::int64_t now_ms, bool gzip = false) const;
  // nullopt when the request may see the board (and /api/v1/apps), else the 401 answer.
  std::optional<ApiResponse> board_refusal(const ApiRequest& request) const;
  // The 404 answer of a board event stream for `app` ("" = the fleet), or nullopt when it exists
  // (or no snapshot is there yet to tell).
  std::optional<ApiResponse> board_stream_refusal(const std::string& app) const;
  // One Server-Sent Event ("event: board", "id: <generation>", the live part as data lines) for
  // the fleet (`app` "") or an app's page at the current snapshot; "" before the first cycle.
  // Shared with every stream that asks for the same event within the same second; `gzip`: as a
  // deflate segment of a gzip stream (gzip_text.h), compressed once for every such stream.
  std::shared_ptr<const std::string> board_event(const std::string& app, std::uint64_t generation, std::int64_t now_ms,
                                                 bool gzip = false) const;
  ServeState& state() const { return state_; }
  // The board's actions (board_actions.h); null: the board is read-only. Set before serving.
  void set_actions(const BoardActions* actions) { actions_ = actions; }
  const BoardActions* actions() const { return actions_; }

 private:
  ServeState& state_;
  ServeMetrics& metrics_;
  TriggerQueue& triggers_;
  JsonLog& log_;
  const ApiSecrets secrets_;
  const BoardLinks links_;
  const BoardActions* actions_ = nullptr;
  ApiResponse shared_page(const std::shared_ptr<const Snapshot>& snapshot, const std::string& key, std::int64_t second,
                          bool gzip, const std::function<std::string()>& build) const;
  std::string board_event_text(const Snapshot& snapshot, const std::string& app, std::uint64_t generation,
                               std::int64_t now_ms) const;

  mutable LogRateLimit refused_logs_{kRefusedLogBurst, kRefusedLogIntervalMs};
  mutable BoardCache board_cache_;
};

}  // namespace fleetwave::serve
