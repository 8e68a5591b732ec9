#include "reconcile/notify/commit_status_hook.h"

#include "reconcile/notify/wave_statuses.h"

namespace fleetwave {

AttemptOutcome status_outcome(const StatusPost& post) {
  using Kind = AttemptOutcome::Kind;
  if (post.ok) return {Kind::Done, "", true};
  const bool answered = post.http_status != 0;
  const std::string detail = post.error ? post.error->message : "HTTP " + std::to_string(post.http_status);
  const bool retry = post.error && post.error->kind == ErrorKind::Transient;
  return {retry ? Kind::Retry : Kind::GiveUp, detail, answered};
}

CommitStatusHook::CommitStatusHook(const CommitStatusClient& client, DeliveryWorker& worker, std::string board_url,
                                   std::size_t remembered)
    : client_(client), worker_(worker), board_url_(std::move(board_url)), remembered_(remembered) {}

void CommitStatusHook::after_push(HookContext&, const std::vector<PlannedApp>& planned, CycleReport&) {
  for (const PlannedApp& p : planned) {
    for (const CommitStatus& status : wave_statuses(p, board_url_)) post(status);
  }
}

bool CommitStatusHook::post(const CommitStatus& status) {
  const std::string key = status.sha + " " + status.context;
  {
    std::lock_guard<std::mutex> lock(mu_);
    auto it = posted_.find(key);
    if (it != posted_.end() && it->second == status) return false;
    if (posted_.size() >= remembered_) posted_.clear();  // at worst, a status is posted again
    posted_[key] = status;
  }
  Delivery d;
  d.channel = "commit-status";
  d.id = status.sha + " " + status.context + " " + to_string(status.state);
  d.target = client_.display_url();
  d.attempt = [this, status] { return status_outcome(client_.post(status)); };
  d.done = [this, key, status](const DeliveryResult& result) {
    if (result.kind != DeliveryResult::Kind::Delivered) forget(key, status);
  };
  worker_.enqueue(std::move(d));
  return true;
}

void CommitStatusHook::forget(const std::string& key, const CommitStatus& status) {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = posted_.find(key);
  if (it != posted_.end() && it->second == status) posted_.erase(it);
}

}  // namespace fleetwave
