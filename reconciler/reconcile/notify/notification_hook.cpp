#include "reconcile/notify/notification_hook.h"

#include "reconcile/cycle_report.h"
#include "reconcile/notify/step_notification.h"

namespace fleetwave {

NotificationHook::NotificationHook(std::vector<NotificationTarget> targets, DeliveryWorker& worker, const Clock& clock,
                                   NotificationHookOptions options)
    : targets_(std::move(targets)), worker_(worker), clock_(clock), options_(std::move(options)) {}

bool NotificationHook::remember(const std::string& commit) {
  if (!sent_.insert(commit).second) return false;
  sent_order_.push_back(commit);
  while (sent_order_.size() > options_.remembered) {
    sent_.erase(sent_order_.front());
    sent_order_.pop_front();
  }
  return true;
}

void NotificationHook::after_push(HookContext& ctx, const std::vector<PlannedApp>& planned, CycleReport& report) {
  if (targets_.empty()) return;
  const std::string author = options_.actor.empty() ? ctx.author.name + " <" + ctx.author.email + ">" : options_.actor;
  std::size_t index = 0;
  for (const PlannedApp& p : planned) {
    if (!p.step) continue;
    if (index >= report.commits.size()) break;
    const std::string& commit = report.commits[index++];
    if (!remember(commit)) continue;
    const StepNotification n = step_notification(p, commit, ctx.branch, author, clock_.now_ms(), options_.board_url);
    for (const NotificationTarget& target : targets_) {
      if (target.events.count(n.event) == 0) continue;
      WebhookHeaders headers = {{"Content-Type", "application/json"},
                                {"User-Agent", options_.user_agent},
                                {"X-Fleetwave-Event", n.event},
                                {"X-Fleetwave-Delivery", commit}};
      Delivery d;
      d.channel = "notification";
      d.id = commit;
      d.target = target.url.display();
      d.attempt = [url = target.url, body = notification_body(n, target.format), headers = std::move(headers),
                   http = options_.http] { return webhook_outcome(post_webhook(url, body, headers, http)); };
      worker_.enqueue(std::move(d));
    }
  }
}

}  // namespace fleetwave
