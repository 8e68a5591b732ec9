#include "serve/connection_table.h"

namespace fleetwave::serve {

std::uint64_t ConnectionTable::add(int fd, std::int64_t now_ms) {
  std::lock_guard<std::mutex> lock(mu_);
  const std::uint64_t id = next_id_++;
  entries_[id] = Entry{fd, ConnectionPhase::Idle, now_ms, false};
  return id;
}

void ConnectionTable::remove(std::uint64_t id) {
  std::lock_guard<std::mutex> lock(mu_);
  entries_.erase(id);
}

void ConnectionTable::set_phase(std::uint64_t id, ConnectionPhase phase, std::int64_t now_ms) {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = entries_.find(id);
  if (it == entries_.end() || it->second.phase == phase) return;
  it->second.phase = phase;
  it->second.since_ms = now_ms;
}

bool ConnectionTable::evict_oldest(std::int64_t now_ms, std::int64_t grace_ms) {
  std::lock_guard<std::mutex> lock(mu_);
  Entry* victim = nullptr;
  for (auto& [id, e] : entries_) {
    if (e.closed || e.phase == ConnectionPhase::Handler) continue;
    if (victim == nullptr || e.since_ms < victim->since_ms) victim = &e;
  }
  if (victim == nullptr || victim->since_ms > now_ms - grace_ms) return false;
  victim->closed = true;
  ++evictions_;
  close_(victim->fd);
  return true;
}

void ConnectionTable::close_waiting() {
  std::lock_guard<std::mutex> lock(mu_);
  for (auto& [id, e] : entries_) {
    if (e.closed || (e.phase != ConnectionPhase::Idle && e.phase != ConnectionPhase::Head)) continue;
    e.closed = true;
    close_(e.fd);
  }
}

std::size_t ConnectionTable::size() const {
  std::lock_guard<std::mutex> lock(mu_);
  return entries_.size();
}

std::uint64_t ConnectionTable::evictions() const {
  std::lock_guard<std::mutex> lock(mu_);
  return evictions_;
}

}  // namespace fleetwave::serve
