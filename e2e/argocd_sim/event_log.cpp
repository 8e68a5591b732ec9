#include "argocd_sim/event_log.h"

#include "base/timestamp.h"

namespace fleetwave::sim {

EventLog::EventLog(const Clock& clock, Sink sink, std::size_t capacity)
    : clock_(clock), sink_(std::move(sink)), capacity_(capacity == 0 ? 1 : capacity) {}

void EventLog::record(const std::string& app, const std::string& type, const std::string& detail) {
  std::lock_guard<std::mutex> lock(mu_);
  SimEvent event{next_seq_++, clock_.now_ms(), app, type, detail};
  if (sink_) sink_(format_line(event));
  events_.push_back(std::move(event));
  while (events_.size() > capacity_) events_.pop_front();
}

Json EventLog::to_json() const {
  std::lock_guard<std::mutex> lock(mu_);
  Json out = Json::array();
  for (const SimEvent& e : events_) {
    out.push_back(
        {{"seq", e.seq}, {"time", format_rfc3339(e.time_ms)}, {"app", e.app}, {"type", e.type}, {"detail", e.detail}});
  }
  return out;
}

std::string EventLog::format_line(const SimEvent& e) {
  std::string line = format_rfc3339(e.time_ms) + " " + (e.app.empty() ? "-" : e.app) + " " + e.type;
  if (!e.detail.empty()) line += ": " + e.detail;
  return line;
}

}  // namespace fleetwave::sim
