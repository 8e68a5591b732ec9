// cpp-httplib's Server with the guards fleetwave serve needs and Debian's cpp-httplib 0.11 does
// not have: it serves each connection on a pool thread with a per-call read timeout only, so
// a client sending a header line a second, or nothing, holds a thread for ever, and 16 of them
// starve every probe. Here:
// - each connection is read through DeadlineStream: a request head must arrive within
//   head_ms, a whole request within request_ms, an answer be taken within write_ms; a head is
//   at most max_head_bytes, a raw body (chunk framing included) at most body_cap();
// - at most max_connections connections are served at once (one pool thread each); when all
//   are taken, accepting another closes the connection that has waited longest on its client
//   (ConnectionTable; at least evict_after_ms) and the newest connection is served first, so
//   slow clients can never starve a probe; past max_queued waiting connections, the oldest
//   waiting one answers 503;
// - a request refused before its body was read whole (413, a body nobody wants) is answered,
//   then what the client still sends is read and dropped for up to linger_ms, so it sees the
//   answer rather than a reset, without a byte of it kept.
// It hooks in where cpp-httplib's own SSLServer does (the virtual process_and_close_socket)
// and reuses its request parsing (Server::process_request) unchanged.
//
// Internal to serve/: only .cpp files that already use cpp-httplib include this header.
#pragma once

#include <httplib.h>

#include <cstdint>

#include "serve/connection_table.h"

namespace fleetwave::serve {

struct ConnectionLimits {
  std::size_t max_connections = 32;
  std::size_t max_queued = 1024;
  int evict_after_ms = 500;  // a client waited on this long may be closed to make room
  int linger_ms = 2000;      // after refusing an unread body: drop what still comes, this long
  int keep_alive_ms = 5000;
  int head_ms = 10000;
  int request_ms = 30000;
  int write_ms = 10000;
  std::size_t max_head_bytes = 64 << 10;
  std::size_t max_body_bytes = 1 << 20;
  // Raw bytes of a body on the wire: the body plus room for chunked framing.
  std::size_t body_cap() const { return max_body_bytes + max_body_bytes / 4 + (64 << 10); }
};

class GuardedServer : public httplib::Server {
 public:
  explicit GuardedServer(const ConnectionLimits& limits);

  // Stops accepting and closes the connections waiting for a request; requests in flight end.
  void stop_serving();
  std::uint64_t evictions() const { return table_.evictions(); }

  // For handlers, about the request the calling thread serves:
  static void begin_body();            // its head is read: the body (if any) comes next
  static void begin_handling();        // it is being answered: never evicted
  static void close_after_response();  // its body was not read (whole): close after answering
  // its answer is a stream (Server-Sent Events): each write gets write_ms, not the whole answer;
  // the connection closes when the stream ends
  static void begin_streaming();
  static bool body_over_limit();  // its raw body went over body_cap()
  // Takes the connection over from the server (the board's event streams, serve/event_hub.h):
  // returns its socket, which the caller now owns and closes; what the handler answers is
  // dropped, and the connection's thread is free once the handler returns. -1 off a pool thread.
  static int adopt_connection();

 private:
  bool process_and_close_socket(socket_t sock) override;

  const ConnectionLimits limits_;
  ConnectionTable table_;
};

}  // namespace fleetwave::serve
