#include "serve/serve_notify.h"

namespace fleetwave::serve {

void report_delivery(const DeliveryResult& r, ServeMetrics& metrics, JsonLog& log) {
  using Kind = DeliveryResult::Kind;
  const bool status = r.channel == "commit-status";
  std::string result;
  if (r.kind == Kind::Delivered) result = status ? "posted" : "delivered";
  else if (r.kind == Kind::Dropped) result = "dropped";
  else result = status && r.last.answered ? "refused" : "failed";
  if (status) metrics.commit_status(result);
  else metrics.notification(result);
  if (r.kind == Kind::Delivered) return;
  const std::string what = status ? "commit status" : "notification";
  const std::string msg = r.kind == Kind::Dropped ? what + " dropped (" + r.last.detail + ")"
                          : result == "refused"   ? what + " refused by " + r.target + ": " + r.last.detail
                                                  : what + " not delivered to " + r.target + ": " + r.last.detail;
  log.warn(msg,
           {{"channel", r.channel}, {"result", result}, {"id", r.id}, {"target", r.target}, {"attempts", r.attempts}});
}

ServeNotifier::ServeNotifier(const NotifyOptions& o, ServeMetrics& metrics, JsonLog& log, Sleeper& sleeper,
                             const Clock& clock) {
  if (o.statuses == nullptr && o.webhooks.empty()) return;
  worker_ = std::make_unique<DeliveryWorker>(
      o.worker, sleeper, clock, [&metrics, &log](const DeliveryResult& r) { report_delivery(r, metrics, log); });
  if (o.statuses != nullptr) statuses_ = std::make_unique<CommitStatusHook>(*o.statuses, *worker_, o.board_url);
  if (!o.webhooks.empty()) {
    NotificationHookOptions hook;
    hook.board_url = o.board_url;
    hook.user_agent = o.user_agent;
    hook.actor = o.actor;
    notifications_ = std::make_unique<NotificationHook>(o.webhooks, *worker_, clock, hook);
  }
}

ServeNotifier::~ServeNotifier() {
  if (worker_) worker_->stop();
}

void ServeNotifier::add_hooks(std::vector<CycleHook*>& hooks) {
  if (statuses_) hooks.push_back(statuses_.get());
  if (notifications_) hooks.push_back(notifications_.get());
}

}  // namespace fleetwave::serve
