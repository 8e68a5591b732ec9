#include "serve/serve_api.h"

#include <chrono>

#include "codec/base64.h"
#include "codec/json_reader.h"
#include "codec/json_writer.h"
#include "serve/board/board_assets.h"
#include "serve/board/board_html.h"
#include "serve/board_actions.h"
#include "serve/gzip_text.h"
#include "serve/process_metrics.h"
#include "serve/snapshot_builder.h"
#include "serve/webhook_auth.h"

namespace fleetwave::serve {
namespace {

ApiResponse json_error(int status, const std::string& message) {
  return {status, "application/json", error_body(message) + "\n"};
}

// The Bearer token of an Authorization header, or "".
std::string bearer_token(const std::map<std::string, std::string>& headers) {
  auto it = headers.find("authorization");
  if (it == headers.end()) return "";
  const std::string& value = it->second;
  if (value.size() <= 7 || (value.compare(0, 7, "Bearer ") != 0 && value.compare(0, 7, "bearer ") != 0)) return "";
  return value.substr(7);
}

// input.parameters.app of a getparams.execute body.
Result<std::string> requested_app(const std::string& body) {
  FW_TRY(json, parse_json(body, "request body", 32));
  if (!json.is_object()) return invalid_input("the body must be a JSON object");
  const Json* input = json.contains("input") ? &json["input"] : nullptr;
  const Json* params =
      input != nullptr && input->is_object() && input->contains("parameters") ? &(*input)["parameters"] : nullptr;
  if (params == nullptr || !params->is_object() || !params->contains("app") || !(*params)["app"].is_string() ||
      (*params)["app"].get<std::string>().empty()) {
    return invalid_input("input.parameters.app must name the app (generator input: {parameters: {app: <name>}})");
  }
  return (*params)["app"].get<std::string>();
}

// Board pages load nothing from elsewhere and cannot be framed.
std::vector<std::pair<std::string, std::string>> page_headers() {
  return {{"Content-Security-Policy",
           "default-src 'none'; style-src 'self'; script-src 'self'; connect-src 'self'; img-src 'self'; "
           "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"},
          {"X-Content-Type-Options", "nosniff"},
          {"Referrer-Policy", "no-referrer"},
          {"Cache-Control", "no-store"}};
}

ApiResponse html(int status, std::string body) {
  return {status, "text/html; charset=utf-8", std::move(body), page_headers()};
}

// "/apps/<name>" -> name ("" for anything else, a name holding '/' included).
std::string app_of_path(const std::string& path) {
  const std::string prefix = "/apps/";
  if (path.rfind(prefix, 0) != 0 || path.size() == prefix.size()) return "";
  const std::string name = path.substr(prefix.size());
  return name.find('/') == std::string::npos ? name : "";
}

std::int64_t steady_now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

}  // namespace

ApiResponse ServeApi::healthz() const { return {200, "text/plain; charset=utf-8", "ok\n"}; }

ApiResponse ServeApi::readyz() const {
  Json r = state_.readiness();
  return {r["ready"].get<bool>() ? 200 : 503, "application/json", write_json(r) + "\n"};
}

ApiResponse ServeApi::metrics() const {
  std::string text = metrics_.render(state_.gauges());
  // Without /proc (not Linux) the process families are left out, as the Go client does.
  if (auto process = read_process_stats(); process.ok()) text += render_process_metrics(*process);
  return {200, "text/plain; version=0.0.4; charset=utf-8", text};
}

ApiResponse ServeApi::webhook(const ApiRequest& request) const {
  WebhookVerdict v = check_webhook(request.headers, request.body, secrets_.webhook_secret);
  metrics_.webhook(v.result);
  if (v.trigger) triggers_.notify();
  LogFields fields = {{"provider", v.provider}, {"event", v.event}, {"result", v.result}, {"status", v.status}};
  if (v.status < 400) {
    log_.info("webhook accepted", fields);
  } else if (auto verdict = refused_logs_.take(steady_now_ms()); verdict.write) {
    if (verdict.suppressed_before > 0)
      fields.emplace_back("suppressed", static_cast<std::int64_t>(verdict.suppressed_before));
    log_.warn("webhook refused: " + v.message, fields);
  } else {
    metrics_.webhook_logs_suppressed(1);
  }
  return {v.status, "application/json", write_json(Json{{"message", v.message}, {"result", v.result}}) + "\n"};
}

ApiResponse ServeApi::generator(const ApiRequest& request) const {
  const std::string token = bearer_token(request.headers);
  if (secrets_.generator_token.empty())
    return json_error(403, "the plugin generator is disabled: fleetwave serve has no --generator-token-file");
  if (token.empty() || !constant_time_equal(token, secrets_.generator_token)) {
    return json_error(
        403, "missing or wrong bearer token (the generator ConfigMap's token must equal --generator-token-file)");
  }
  auto app = requested_app(request.body);
  if (!app.ok()) return json_error(400, app.error().to_string());
  auto snapshot = state_.snapshot();
  if (snapshot == nullptr) return json_error(503, "fleetwave has not read the branch yet; retry shortly");
  auto answer = snapshot->generator.find(*app);
  if (answer != snapshot->generator.end()) return {answer->second.status, "application/json", answer->second.body};
  if (snapshot->app_bodies.count(*app) != 0) {
    return json_error(404, "app " + *app + " has no targets at " + snapshot->head + " (no rollout has started)");
  }
  return json_error(404, "unknown app " + *app + " at " + snapshot->head);
}

ApiResponse ServeApi::apps() const {
  auto snapshot = state_.snapshot();
  if (snapshot == nullptr) return json_error(503, "no reconcile cycle has succeeded yet");
  ApiResponse out{200, "application/json", "", {}};
  out.shared_body = std::shared_ptr<const std::string>(snapshot, &snapshot->status_body);  // no copy
  return out;
}

ApiResponse ServeApi::app(const std::string& name) const {
  auto snapshot = state_.snapshot();
  if (snapshot == nullptr) return json_error(503, "no reconcile cycle has succeeded yet");
  auto it = snapshot->app_bodies.find(name);
  if (it == snapshot->app_bodies.end()) return json_error(404, "unknown app " + name + " at " + snapshot->head);
  ApiResponse out{200, "application/json", "", {}};
  out.shared_body = std::shared_ptr<const std::string>(snapshot, &it->second);  // no copy
  return out;
}

}  // namespace fleetwave::serve

namespace fleetwave::serve {

std::optional<ApiResponse> ServeApi::board_refusal(const ApiRequest& request) const {
  const bool basic = !secrets_.board_username.empty();
  if (!basic && secrets_.board_token.empty()) return std::nullopt;
  auto it = request.headers.find("authorization");
  const std::string given = it == request.headers.end() ? "" : it->second;
  if (basic &&
      constant_time_equal(given, "Basic " + base64_encode(secrets_.board_username + ":" + secrets_.board_password)))
    return std::nullopt;
  if (!secrets_.board_token.empty() && !bearer_token(request.headers).empty() &&
      constant_time_equal(bearer_token(request.headers), secrets_.board_token))
    return std::nullopt;
  if (actions_ != nullptr && actions_->actors().authenticate(request.headers) != nullptr) return std::nullopt;
  ApiResponse refused = html(401, board_page("Sign in", "", "/",
                                             "<p>The board needs the credentials set in fleetwave serve's "
                                             "<code>board</code> settings.</p>"));
  if (basic) refused.headers.emplace_back("WWW-Authenticate", "Basic realm=\"fleetwave\", charset=\"UTF-8\"");
  else refused.headers.emplace_back("WWW-Authenticate", "Bearer realm=\"fleetwave\"");
  return refused;
}

ApiResponse ServeApi::board(const std::string& path, std::int64_t now_ms, bool gzip) const {
  if (path == "/board.css") return {200, "text/css; charset=utf-8", std::string(board_css()), page_headers()};
  if (path == "/board.js") return {200, "text/javascript; charset=utf-8", std::string(board_js()), page_headers()};
  const std::string app = app_of_path(path);
  if (path != "/" && app.empty()) return html(404, not_found_page(path));
  state_.board_viewed();
  auto snapshot = state_.snapshot();
  if (snapshot == nullptr) return html(503, waiting_page());
  if (!snapshot->trails_loaded && !app.empty()) triggers_.notify();  // the trail comes with the next cycle
  // Built once per snapshot, page and second (BoardCache), as of the second's start.
  const std::int64_t second = now_ms / 1000;
  const BoardView view{*snapshot, links_, second * 1000};
  if (app.empty()) {
    return shared_page(snapshot, "page /", second, gzip,
                       [&] { return board_page("Fleet", "/events", "/", fleet_fragment(view), fleet_filters(view)); });
  }
  const Json* found = snapshot->app(app);
  if (found == nullptr) return html(404, not_found_page(path));
  const std::string self = "/apps/" + url_segment(app);
  return shared_page(snapshot, "page " + self, second, gzip, [&] {
    return board_page("App " + app, self + "/events", self, app_fragment(view, *found),
                      actions_ != nullptr ? actions_panel(app) : "");
  });
}

// A page every viewer shares (BoardCache); gzipped once for those whose browser accepts it.
ApiResponse ServeApi::shared_page(const std::shared_ptr<const Snapshot>& snapshot, const std::string& key,
                                  std::int64_t second, bool gzip, const std::function<std::string()>& build) const {
  ApiResponse page = html(200, "");
  page.headers.emplace_back("Vary", "Accept-Encoding");
  if (!gzip) {
    page.shared_body = board_cache_.get(snapshot, key, second, build);
    return page;
  }
  page.headers.emplace_back("Content-Encoding", "gzip");
  page.shared_body = board_cache_.get(snapshot, key + " gzip", second,
                                      [&] { return gzip_text(*board_cache_.get(snapshot, key, second, build)); });
  return page;
}

std::optional<ApiResponse> ServeApi::board_stream_refusal(const std::string& app) const {
  if (app.empty()) return std::nullopt;
  auto snapshot = state_.snapshot();
  if (snapshot == nullptr || snapshot->app(app) != nullptr) return std::nullopt;
  return json_error(404, "unknown app " + app + " at " + snapshot->head);
}

std::shared_ptr<const std::string> ServeApi::board_event(const std::string& app, std::uint64_t generation,
                                                         std::int64_t now_ms, bool gzip) const {
  auto snapshot = state_.snapshot();
  if (snapshot == nullptr) return std::make_shared<const std::string>();
  const std::int64_t second = now_ms / 1000;
  const std::string key = "event " + std::to_string(generation) + " " + app;
  auto plain = [&] {
    return board_cache_.get(snapshot, key, second,
                            [&] { return board_event_text(*snapshot, app, generation, second * 1000); });
  };
  if (!gzip) return plain();
  return board_cache_.get(snapshot, key + " gzip", second, [&] { return deflate_segment(*plain()); });
}

std::string ServeApi::board_event_text(const Snapshot& snapshot, const std::string& app, std::uint64_t generation,
                                       std::int64_t now_ms) const {
  const BoardView view{snapshot, links_, now_ms};
  std::string fragment;
  if (app.empty()) {
    fragment = fleet_fragment(view);
  } else if (const Json* found = snapshot.app(app)) {
    fragment = app_fragment(view, *found);
  } else {
    fragment = "<p>App " + html_escape(app) + " is no longer at " + html_escape(snapshot.head.substr(0, 7)) + ".</p>";
  }
  std::string event = "event: board\nid: " + std::to_string(generation) + "\n";
  std::size_t start = 0;
  while (start <= fragment.size()) {  // one data line per line (html_escape leaves no CR)
    std::size_t end = fragment.find('\n', start);
    if (end == std::string::npos) end = fragment.size();
    event += "data: " + fragment.substr(start, end - start) + "\n";
    start = end + 1;
  }
  return event + "\n";
}

}  // namespace fleetwave::serve
