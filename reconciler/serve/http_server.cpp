#include "serve/http_server.h"

#include <httplib.h>

#include <cctype>
#include <netinet/in.h>
#include <sys/socket.h>

#include "serve/snapshot_builder.h"

namespace fleetwave::serve {
namespace {

ApiRequest to_api(const httplib::Request& req) {
  ApiRequest out;
  for (const auto& [name, value] : req.headers) {
    std::string key = name;
    for (char& c : key) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    out.headers.emplace(std::move(key), value);  // the first of repeated headers wins
  }
  out.body = req.body;
  return out;
}

void reply(httplib::Response& res, const ApiResponse& r) {
  res.status = r.status;
  res.set_content(r.body, r.content_type.c_str());
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

}  // namespace

Result<std::unique_ptr<HttpServer>> HttpServer::start(const HttpOptions& options, ServeApi& api,
                                                      ServeMetrics& metrics) {
  std::unique_ptr<HttpServer> s(new HttpServer());
  s->server_ = std::make_unique<httplib::Server>();
  httplib::Server& svr = *s->server_;
  const int threads = options.threads;
  svr.new_task_queue = [threads] { return new httplib::ThreadPool(static_cast<std::size_t>(threads)); };
  svr.set_payload_max_length(options.max_body_bytes);
  svr.set_read_timeout(10, 0);
  svr.set_write_timeout(10, 0);
  svr.set_keep_alive_timeout(5);

  svr.Get("/healthz", [&api](const httplib::Request&, httplib::Response& res) { reply(res, api.healthz()); });
  svr.Get("/readyz", [&api](const httplib::Request&, httplib::Response& res) { reply(res, api.readyz()); });
  svr.Get("/metrics", [&api](const httplib::Request&, httplib::Response& res) { reply(res, api.metrics()); });
  svr.Post("/webhook/git",
           [&api](const httplib::Request& req, httplib::Response& res) { reply(res, api.webhook(to_api(req))); });
  svr.Post("/api/v1/getparams.execute",
           [&api](const httplib::Request& req, httplib::Response& res) { reply(res, api.generator(to_api(req))); });
  svr.Get("/api/v1/apps", [&api](const httplib::Request&, httplib::Response& res) { reply(res, api.apps()); });
  svr.Get(R"(/api/v1/apps/([A-Za-z0-9._-]+))",
          [&api](const httplib::Request& req, httplib::Response& res) { reply(res, api.app(req.matches[1])); });
  svr.set_exception_handler([](const httplib::Request&, httplib::Response& res, std::exception_ptr) {
    res.status = 500;
    res.set_content(error_body("internal error") + "\n", "application/json");
  });
  // Errors httplib answers itself (404 no route, 413 too large, 400 unparsable request) get a body.
  svr.set_error_handler([](const httplib::Request& req, httplib::Response& res) {
    if (!res.body.empty()) return;
    std::string what = res.status == 404   ? "no such endpoint: " + req.method + " " + req.path
                       : res.status == 413 ? "request body too large"
                                           : "bad request";
    res.set_content(error_body(what) + "\n", "application/json");
  });
  svr.set_logger([&metrics](const httplib::Request& req, const httplib::Response& res) {
    if (req.path == "/webhook/git" && res.status == 413) metrics.webhook("too_large");
  });

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
  if (server_) server_->stop();
  if (thread_.joinable()) thread_.join();
}

HttpServer::~HttpServer() { stop(); }

}  // namespace fleetwave::serve
