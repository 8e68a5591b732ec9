// The HTTP listener of fleetwave serve: cpp-httplib behind the connection guards of
// guarded_http_server.h (bounded connections, deadlines, slow clients evicted before they can
// starve a probe), routing to ServeApi. A request's framing is checked before any body byte is
// read (request_framing.h); bodies are counted while they are read, whatever the framing, and
// one over the limit answers 413 and closes the connection. Unknown paths (and wrong methods)
// answer 404, with a JSON body under /api/ and the board's 404 page elsewhere. <httplib.h> is included only by
// http_server.cpp and guarded_http_server.cpp.
//
// Thread-safety: start() and stop() from one thread; the server's own threads call ServeApi.
#pragma once

#include <atomic>
#include <memory>
#include <string>
#include <thread>

#include "base/result.h"
#include "serve/event_hub.h"
#include "serve/serve_api.h"

namespace fleetwave::serve {

class GuardedServer;

struct HttpOptions {
  std::string host = "0.0.0.0";
  int port = 8080;  // 0: the kernel picks
  std::size_t max_body_bytes = 1 << 20;
  int max_connections = 32;  // served at once, one thread each
  int head_timeout_ms = 10000;
  int request_timeout_ms = 30000;
  int write_timeout_ms = 10000;
  std::size_t max_event_streams = 1000;  // board viewers live at once (serve/event_hub.h), no thread each
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

  std::unique_ptr<GuardedServer> server_;
  std::thread thread_;
  int port_ = 0;
  std::unique_ptr<EventHub> hub_;  // the board's event streams
};

}  // namespace fleetwave::serve
