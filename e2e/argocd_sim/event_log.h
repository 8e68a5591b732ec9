// What the simulator did, one event per change (Application created, updated or deleted, sync
// started or finished, health changed, Git or generator trouble): written as one line to the log
// sink and kept (the newest `capacity`) for GET /sim/v1/events.
//
// Thread-safety: every method may be called from any thread; the sink is called under the
// lock, so lines never interleave.
#pragma once

#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>
#include <string>

#include "base/clock.h"
#include "base/json.h"

namespace fleetwave::sim {

struct SimEvent {
  std::uint64_t seq = 0;
  std::int64_t time_ms = 0;
  std::string app;     // Application name, or "" for simulator-wide events
  std::string type;    // app-created, sync-started, health, git-error, ...
  std::string detail;  // free text, e.g. "Progressing -> Healthy"
};

class EventLog {
 public:
  using Sink = std::function<void(const std::string& line)>;

  EventLog(const Clock& clock, Sink sink, std::size_t capacity = 10000);

  void record(const std::string& app, const std::string& type, const std::string& detail);
  // [{seq, time, app, type, detail}, ...] oldest first.
  Json to_json() const;

  // "2026-01-01T00:00:00Z web-eu-1 sync-started: revision 0123456"
  static std::string format_line(const SimEvent& event);

 private:
  const Clock& clock_;
  const Sink sink_;
  const std::size_t capacity_;
  mutable std::mutex mu_;
  std::deque<SimEvent> events_;  // guarded by mu_
  std::uint64_t next_seq_ = 1;   // guarded by mu_
};

}  // namespace fleetwave::sim
