#include "serve/serve_state.h"

#include <chrono>

namespace fleetwave::serve {

const Json* Snapshot::app(const std::string& name) const {
  auto apps = status.find("apps");
  if (apps == status.end() || !apps->is_array()) return nullptr;
  for (const Json& app : *apps)
    if (app.value("app", "") == name) return &app;
  return nullptr;
}

void ServeState::publish(std::shared_ptr<const Snapshot> snapshot) {
  {
    std::unique_lock<std::shared_mutex> lock(snapshot_mu_);
    snapshot_ = std::move(snapshot);
  }
  std::lock_guard<std::mutex> lock(generation_mu_);
  ++generation_;
}

std::uint64_t ServeState::generation() const {
  std::lock_guard<std::mutex> lock(generation_mu_);
  return generation_;
}

void ServeState::board_viewed() { board_wanted_.store(true, std::memory_order_relaxed); }
bool ServeState::board_wanted() const { return board_wanted_.load(std::memory_order_relaxed); }

std::shared_ptr<const Snapshot> ServeState::snapshot() const {
  std::shared_lock<std::shared_mutex> lock(snapshot_mu_);
  return snapshot_;
}

void ServeState::git_result(bool ok, const std::string& error) {
  std::lock_guard<std::mutex> lock(mu_);
  git_known_ = true;
  git_up_ = ok;
  git_error_ = ok ? "" : error;
}

void ServeState::argocd_result(bool ok, const std::string& error) {
  std::lock_guard<std::mutex> lock(mu_);
  argocd_known_ = true;
  argocd_up_ = ok;
  argocd_error_ = ok ? "" : error;
}

void ServeState::cycle_started(std::int64_t now_ms) {
  std::lock_guard<std::mutex> lock(mu_);
  cycle_started_at_ = now_ms;
}

void ServeState::cycle_finished(bool ok, const std::string& error) {
  std::lock_guard<std::mutex> lock(mu_);
  cycle_started_at_ = 0;
  stuck_.clear();
  last_cycle_ok_ = ok;
  last_cycle_error_ = ok ? "" : error;
  if (ok) first_cycle_ok_ = true;
}

void ServeState::cycle_gave_way() {
  std::lock_guard<std::mutex> lock(mu_);
  cycle_started_at_ = 0;
  stuck_.clear();
}

void ServeState::set_stuck(const std::string& reason) {
  std::lock_guard<std::mutex> lock(mu_);
  stuck_ = reason;
}

void ServeState::set_push_refused(const std::string& error) {
  std::lock_guard<std::mutex> lock(mu_);
  push_refused_ = error;
}

std::int64_t ServeState::cycle_started_at() const {
  std::lock_guard<std::mutex> lock(mu_);
  return cycle_started_at_;
}

bool ServeState::ready_locked() const { return reason_locked().empty(); }

std::string ServeState::reason_locked() const {
  if (!stuck_.empty()) return stuck_;
  if (git_known_ && !git_up_) return "git down: " + git_error_;
  if (!push_refused_.empty()) return "push refused: " + push_refused_;
  if (!first_cycle_ok_) {
    return last_cycle_error_.empty() ? "waiting for the first reconcile cycle"
                                     : "no reconcile cycle succeeded yet: " + last_cycle_error_;
  }
  if (argocd_known_ && !argocd_up_) return "argocd down: " + argocd_error_;
  return "";
}

HealthGauges ServeState::gauges() const {
  std::lock_guard<std::mutex> lock(mu_);
  return {ready_locked(), git_known_ && git_up_, argocd_known_ && argocd_up_};
}

Json ServeState::readiness() const {
  std::string head;
  if (auto s = snapshot()) head = s->head;
  std::lock_guard<std::mutex> lock(mu_);
  return {{"ready", ready_locked()},
          {"reason", reason_locked()},
          {"head", head},
          {"git", {{"up", git_known_ && git_up_}, {"error", git_error_}}},
          {"argocd", {{"up", argocd_known_ && argocd_up_}, {"error", argocd_error_}}},
          {"lastCycle", {{"ok", last_cycle_ok_}, {"error", last_cycle_error_}}}};
}

}  // namespace fleetwave::serve
