// The HTTP listener of fleetwave serve: cpp-httplib with a fixed thread pool, routing to
// ServeApi. Bodies above the limit answer 413 before any handler runs; unknown paths (and
// wrong methods) 404, with a JSON body. <httplib.h> is included only by http_server.cpp.
//
// Thread-safety: start() and stop() from one thread; the server's own threads call ServeApi.
#pragma once

#include <memory>
#include <string>
#include <thread>

#include "base/result.h"
#include "serve/serve_api.h"

namespace httplib {
class Server;
}

namespace fleetwave::serve {

struct HttpOptions {
  std::string host = "0.0.0.0";
  int port = 8080;  // 0: the kernel picks
  std::size_t max_body_bytes = 1 << 20;
  int threads = 16;
};

class HttpServer {
 public:
  // Binds and starts answering on a background thread. InvalidInput when the address cannot be bound.
  [[nodiscard]] static Result<std::unique_ptr<HttpServer>> start(const HttpOptions& options, ServeApi& api,
                                                                 ServeMetrics& metrics);
  ~HttpServer();

  int port() const { return port_; }
  // Stops accepting, finishes the requests in flight and joins the threads. Idempotent.
  void stop();

 private:
  HttpServer() = default;

  std::unique_ptr<httplib::Server> server_;
  std::thread thread_;
  int port_ = 0;
};

}  // namespace fleetwave::serve
