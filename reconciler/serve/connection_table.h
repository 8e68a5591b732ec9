// The HTTP connections fleetwave serve has open and what each one waits for, so a bounded
// number of connections can be held without letting slow or idle clients starve the others:
// when every slot is taken, the connection that has waited longest on its client (for a
// request, a request body, or to read the answer), and at least a grace period, is closed to
// make room. Connections whose request is being handled are never chosen, nor clients that are
// merely not done yet: handlers are quick, so probes, webhooks and bursts of ordinary clients
// all get through, whatever the slow clients do.
//
// Pure bookkeeping: closing is a callback (shutdown(2) in the server), time comes in as numbers.
// Thread-safety: every method may be called from any thread; state is behind a private mutex,
// and `close` is called with it held, so a connection is never closed after remove().
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <mutex>

namespace fleetwave::serve {

enum class ConnectionPhase {
  Idle,     // between requests on a kept-alive connection
  Head,     // reading a request line and headers
  Body,     // reading a request body
  Handler,  // the request is being handled: never evicted
  Write,    // writing the answer, at the client's pace
};

class ConnectionTable {
 public:
  // `close` ends a connection's I/O (the owner thread then sees its reads and writes fail).
  explicit ConnectionTable(std::function<void(int fd)> close) : close_(std::move(close)) {}

  std::uint64_t add(int fd, std::int64_t now_ms);
  void remove(std::uint64_t id);
  void set_phase(std::uint64_t id, ConnectionPhase phase, std::int64_t now_ms);

  // Closes the connection that has been waiting on its client longest (any phase but Handler),
  // if that wait began at least `grace_ms` before `now_ms`. False when none qualifies.
  bool evict_oldest(std::int64_t now_ms, std::int64_t grace_ms);
  // Closes the connections waiting for a request (Idle, Head): used when the server stops.
  void close_waiting();

  std::size_t size() const;
  std::uint64_t evictions() const;

 private:
  struct Entry {
    int fd = -1;
    ConnectionPhase phase = ConnectionPhase::Idle;
    std::int64_t since_ms = 0;  // when the current phase began
    bool closed = false;
  };

  std::function<void(int fd)> close_;
  mutable std::mutex mu_;
  std::map<std::uint64_t, Entry> entries_;  // guarded by mu_
  std::uint64_t next_id_ = 1;               // guarded by mu_
  std::uint64_t evictions_ = 0;             // guarded by mu_
};

}  // namespace fleetwave::serve
