#include "serve/http_server.h"

#include <httplib.h>

#include <algorithm>
#include <atomic>
#include <cctype>
#include <chrono>
#include <cstdlib>
#include <functional>
#include <netinet/in.h>
#include <regex>
#include <sys/socket.h>

#include "base/text.h"
#include "serve/board_actions.h"
#include "serve/guarded_http_server.h"
#include "serve/gzip_text.h"
#include "serve/request_framing.h"
#include "serve/snapshot_builder.h"

namespace fleetwave::serve {
namespace {

using Handled = httplib::Server::HandlerResponse;

ApiRequest to_api(const httplib::Request& req, std::string body) {
  ApiRequest out;
  for (const auto& [name, value] : req.headers) out.headers.emplace(ascii_lower(name), value);  // the first one wins
  out.body = std::move(body);
  for (std::size_t i = 1; i < req.matches.size(); ++i) out.path_params.push_back(req.matches[i]);
  return out;
}

void reply(httplib::Response& res, const ApiResponse& r) {
  res.status = r.status;
  for (const auto& [name, value] : r.headers) res.set_header(name.c_str(), value);
  if (!r.shared_body) return res.set_content(r.body, r.content_type.c_str());
  // Sent straight from the shared text, which the provider keeps alive until the answer is out.
  res.set_content_provider(r.shared_body->size(), r.content_type.c_str(),
                           [text = r.shared_body](std::size_t offset, std::size_t length, httplib::DataSink& sink) {
                             return sink.write(text->data() + offset, std::min(length, text->size() - offset));
                           });
}

std::int64_t wall_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

// An answer after which the connection is closed: the request's body was not read (whole).
void refuse(httplib::Response& res, int status, const std::string& message) {
  GuardedServer::close_after_response();
  res.status = status;
  res.set_header("Connection", "close");
  res.set_content(error_body(message) + "\n", "application/json");
}

// The methods a known path answers ("" for a path no route has): a known path asked with another
// method is 405 with Allow, as HTTP says, not the board's 404 page.
const std::regex kAppActions(R"(/api/v1/apps/([A-Za-z0-9._-]+)/actions)");
const std::regex kAppAction(R"(/api/v1/apps/([A-Za-z0-9._-]+)/actions/([a-z-]+))");

std::string allowed_methods(const std::string& path) {
  static const std::regex kApp(R"(/api/v1/apps/[A-Za-z0-9._-]+)");
  static const std::regex kAppEvents(R"(/apps/[^/]+/events)");
  if (path == "/webhook/git" || path == "/api/v1/getparams.execute" || std::regex_match(path, kAppAction))
    return "POST";
  if (path == "/healthz" || path == "/readyz" || path == "/metrics" || path == "/events" || path == "/api/v1/apps" ||
      std::regex_match(path, kApp) || std::regex_match(path, kAppEvents) || std::regex_match(path, kAppActions))
    return "GET, HEAD";
  return "";  // the board's pages answer GET; anything else is 404
}

RouteKind route_kind(const httplib::Request& req) {
  static const std::regex kApp(R"(/api/v1/apps/[A-Za-z0-9._-]+)");
  const std::string& p = req.path;
  if (req.method == "POST") {
    return p == "/webhook/git" || p == "/api/v1/getparams.execute" || std::regex_match(p, kAppAction)
               ? RouteKind::TakesBody
               : RouteKind::Unknown;
  }
  if (req.method == "GET" || req.method == "HEAD") {
    // Outside /api/ every path is the board's (its 404 page included).
    return p.rfind("/api/", 0) != 0 || p == "/api/v1/apps" || std::regex_match(p, kApp) ||
                   std::regex_match(p, kAppActions)
               ? RouteKind::NoBody
               : RouteKind::Unknown;
  }
  return RouteKind::Unknown;
}

FramingVerdict framing_of(const httplib::Request& req, std::size_t max_body) {
  std::vector<std::pair<std::string, std::string>> headers;
  for (const auto& [name, value] : req.headers) headers.emplace_back(ascii_lower(name), value);
  return check_framing(route_kind(req), req.method, req.path, headers, max_body);
}

// A POST endpoint that reads its body through a counting receiver: past max_body bytes (after
// any Content-Encoding is undone) reading stops and the answer is 413.
httplib::Server::HandlerWithContentReader with_body(std::size_t max_body, std::function<void()> on_too_large,
                                                    std::function<ApiResponse(const ApiRequest&)> handle) {
  return [=](const httplib::Request& req, httplib::Response& res, const httplib::ContentReader& reader) {
    std::string body;
    bool too_large = false;
    const bool read = reader([&](const char* data, std::size_t n) {
      if (body.size() + n > max_body) {
        too_large = true;
        return false;
      }
      body.append(data, n);
      return true;
    });
    too_large = too_large || GuardedServer::body_over_limit();
    if (too_large) {
      if (on_too_large) on_too_large();
      refuse(res, 413, "request body too large: over the limit of " + std::to_string(max_body) + " bytes");
      return;
    }
    if (!read) {
      refuse(res, 400,
             "could not read the request body (the client stopped sending, or the chunked encoding is malformed)");
      return;
    }
    GuardedServer::begin_handling();
    reply(res, handle(to_api(req, std::move(body))));
  };
}

// A GET endpoint: no body, answered at once.
httplib::Server::Handler answer(std::function<ApiResponse(const httplib::Request&)> handle) {
  return [handle = std::move(handle)](const httplib::Request& req, httplib::Response& res) {
    GuardedServer::begin_handling();
    reply(res, handle(req));
  };
}

// A board route, or /api/v1/apps: refused without the board's credentials when they are set.
httplib::Server::Handler guarded(ServeApi& api, std::function<ApiResponse(const httplib::Request&)> handle) {
  return answer([&api, handle = std::move(handle)](const httplib::Request& req) {
    if (auto refused = api.board_refusal(to_api(req, ""))) return *refused;
    return handle(req);
  });
}

// GET /events, /apps/<app>/events: checked here, then handed to the event hub, which answers
// it on its own thread from then on (the connection's thread is free again at once).
httplib::Server::Handler board_stream(ServeApi& api, EventHub& hub) {
  return [&api, &hub](const httplib::Request& req, httplib::Response& res) {
    GuardedServer::begin_handling();
    const ApiRequest request = to_api(req, "");
    if (auto refused = api.board_refusal(request)) return reply(res, *refused);
    const std::string app = req.matches.size() > 1 ? std::string(req.matches[1]) : "";
    if (auto refused = api.board_stream_refusal(app)) return reply(res, *refused);
    if (!hub.has_room()) {
      ApiResponse busy{503,
                       "application/json",
                       error_body("too many board event streams; retry shortly") + "\n",
                       {{"Retry-After", "10"}}};
      return reply(res, busy);
    }
    std::uint64_t seen = api.state().generation();
    // A reconnecting browser names the last event it got: catch it up at once.
    auto last = request.headers.find("last-event-id");
    if (last != request.headers.end()) seen = std::strtoull(last->second.c_str(), nullptr, 10);
    const int fd = GuardedServer::adopt_connection();
    if (fd < 0) return reply(res, ApiResponse{500, "application/json", error_body("internal error") + "\n", {}});
    hub.add(fd, app, seen, accepts_gzip(req.get_header_value("Accept-Encoding")));
  };
}

// Debian's cpp-httplib 0.11 is a compiled library whose listen backlog is 5
// (CPPHTTPLIB_LISTEN_BACKLOG, fixed at its build): a burst of more simultaneous connections
// overflows the kernel's queues and clients see resets. Linux lets listen() be called again on a
// listening socket to raise the backlog, so find the server's socket by its port and do that.
void raise_listen_backlog(int port) {
  for (int fd = 3; fd < 4096; ++fd) {
    int listening = 0;
    socklen_t len = sizeof listening;
    if (getsockopt(fd, SOL_SOCKET, SO_ACCEPTCONN, &listening, &len) != 0 || listening == 0) continue;
    sockaddr_storage addr{};
    socklen_t addr_len = sizeof addr;
    if (getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &addr_len) != 0) continue;
    int bound = addr.ss_family == AF_INET    ? ntohs(reinterpret_cast<sockaddr_in*>(&addr)->sin_port)
                : addr.ss_family == AF_INET6 ? ntohs(reinterpret_cast<sockaddr_in6*>(&addr)->sin6_port)
                                             : -1;
    if (bound == port) ::listen(fd, SOMAXCONN);
  }
}

// The board's actions (board_actions.h), when people may act from it.
void add_action_routes(GuardedServer& svr, ServeApi& api, std::size_t max_body) {
  const BoardActions* actions = api.actions();
  if (actions == nullptr) return;
  svr.Get("/signin", answer([actions](const httplib::Request& req) { return actions->sign_in(to_api(req, "")); }));
  svr.Get(R"(/api/v1/apps/([A-Za-z0-9._-]+)/actions)", guarded(api, [actions](const httplib::Request& req) {
            return actions->offered(req.matches[1], to_api(req, ""));
          }));
  svr.Post(R"(/api/v1/apps/([A-Za-z0-9._-]+)/actions/([a-z-]+))",
           with_body(max_body, nullptr, [actions](const ApiRequest& r) {
             return actions->act(r.path_params.at(0), r.path_params.at(1), r);
           }));
}

void add_routes(GuardedServer& svr, ServeApi& api, ServeMetrics& metrics, std::size_t max_body, EventHub& hub) {
  svr.Get("/healthz", answer([&api](const httplib::Request&) { return api.healthz(); }));
  svr.Get("/readyz", answer([&api](const httplib::Request&) { return api.readyz(); }));
  svr.Get("/metrics", answer([&api](const httplib::Request&) { return api.metrics(); }));
  svr.Get("/api/v1/apps", guarded(api, [&api](const httplib::Request&) { return api.apps(); }));
  svr.Get(R"(/api/v1/apps/([A-Za-z0-9._-]+))",
          guarded(api, [&api](const httplib::Request& req) { return api.app(req.matches[1]); }));
  add_action_routes(svr, api, max_body);
  svr.Get("/events", board_stream(api, hub));
  svr.Get(R"(/apps/([^/]+)/events)", board_stream(api, hub));
  // Everything else outside /api/ is the board: its pages, assets and 404 page.
  svr.Get(R"(/(?!api/).*)", guarded(api, [&api](const httplib::Request& req) {
            return api.board(req.path, wall_ms(), accepts_gzip(req.get_header_value("Accept-Encoding")));
          }));
  svr.Post("/webhook/git", with_body(
                               max_body, [&metrics] { metrics.webhook("too_large"); },
                               [&api](const ApiRequest& r) { return api.webhook(r); }));
  svr.Post("/api/v1/getparams.execute",
           with_body(max_body, nullptr, [&api](const ApiRequest& r) { return api.generator(r); }));
}

void add_guards(GuardedServer& svr, ServeMetrics& metrics, std::size_t max_body) {
  // Runs once the head is read, before routing and before any body byte.
  svr.set_pre_routing_handler([&metrics, max_body](const httplib::Request& req, httplib::Response& res) {
    GuardedServer::begin_body();
    const std::string allowed = allowed_methods(req.path);
    if (!allowed.empty() && allowed.find(req.method) == std::string::npos) {
      refuse(res, 405, req.method + " is not allowed on " + req.path + "; use " + allowed);
      res.set_header("Allow", allowed);
      return Handled::Handled;
    }
    FramingVerdict v = framing_of(req, max_body);
    if (v.status == 0) return Handled::Unhandled;
    if (req.path == "/webhook/git" && v.status == 413) metrics.webhook("too_large");
    refuse(res, v.status, v.message);
    return Handled::Handled;
  });
  // "Expect: 100-continue" is answered before routing: refuse there, so the body is never sent.
  svr.set_expect_100_continue_handler([max_body](const httplib::Request& req, httplib::Response& res) {
    FramingVerdict v = framing_of(req, max_body);
    if (v.status == 0) return 100;
    refuse(res, v.status, v.message);
    return v.status;
  });
  svr.set_exception_handler([](const httplib::Request&, httplib::Response& res, std::exception_ptr) {
    res.status = 500;
    res.set_content(error_body("internal error") + "\n", "application/json");
  });
  // Errors httplib answers itself (404 no route, 400 unparsable request) get a body.
  svr.set_error_handler([](const httplib::Request& req, httplib::Response& res) {
    if (!res.body.empty()) return;
    std::string what = res.status == 404   ? "no such endpoint: " + req.method + " " + req.path
                       : res.status == 413 ? "request body too large"
                                           : "bad request";
    res.set_content(error_body(what) + "\n", "application/json");
  });
}

}  // namespace

Result<std::unique_ptr<HttpServer>> HttpServer::start(const HttpOptions& options, ServeApi& api,
                                                      ServeMetrics& metrics) {
  std::unique_ptr<HttpServer> s(new HttpServer());
  ConnectionLimits limits;
  limits.max_connections = static_cast<std::size_t>(options.max_connections);
  limits.head_ms = options.head_timeout_ms;
  limits.request_ms = options.request_timeout_ms;
  limits.write_ms = options.write_timeout_ms;
  limits.max_body_bytes = options.max_body_bytes;
  s->server_ = std::make_unique<GuardedServer>(limits);
  GuardedServer& svr = *s->server_;
  svr.set_read_timeout(10, 0);
  svr.set_write_timeout(10, 0);
  EventHubLimits hub_limits;
  hub_limits.max_streams = options.max_event_streams;
  hub_limits.write_ms = options.write_timeout_ms;
  // The event is shared by every stream that sends it in the same second (BoardCache).
  s->hub_ = std::make_unique<EventHub>([&api] { return api.state().generation(); },
                                       [&api](const std::string& app, std::uint64_t generation, bool gzip) {
                                         return api.board_event(app, generation, wall_ms(), gzip);
                                       },
                                       hub_limits);
  add_routes(svr, api, metrics, options.max_body_bytes, *s->hub_);
  add_guards(svr, metrics, options.max_body_bytes);

  s->port_ = options.port == 0 ? svr.bind_to_any_port(options.host)
                               : (svr.bind_to_port(options.host, options.port) ? options.port : -1);
  if (s->port_ <= 0) {
    return invalid_input("cannot listen on " + options.host + ":" + std::to_string(options.port) +
                         " (address in use or not available; choose another --listen)");
  }
  raise_listen_backlog(s->port_);
  s->thread_ = std::thread([&svr] { svr.listen_after_bind(); });
  return s;
}

void HttpServer::stop() {
  if (hub_) hub_->stop();  // event streams end before the threads are joined
  if (server_) server_->stop_serving();
  if (thread_.joinable()) thread_.join();
}

HttpServer::~HttpServer() { stop(); }

}  // namespace fleetwave::serve
