// Notifications and commit statuses in fleetwave serve: one delivery worker (a background
// thread with a bounded queue) behind the two cycle hooks (reconcile/notify/), whose outcomes
// become log lines and metrics here:
//
//   notification   delivered: counted; failed or dropped: counted and logged at warn
//   commit-status  posted: counted; refused (the host answered non-2xx), failed (no answer)
//                  or dropped: counted and logged at warn
//
// Log lines name a webhook by scheme://host only and the Git host by its API URL; never a
// webhook URL's path or query, never a token.
//
// Thread-safety: built and destroyed on serve's main thread; the worker reports from its own
// thread into the thread-safe JsonLog and ServeMetrics.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "adapters/hosting/commit_status.h"
#include "adapters/notify/delivery_worker.h"
#include "reconcile/cycle_hook.h"
#include "reconcile/notify/commit_status_hook.h"
#include "reconcile/notify/notification_hook.h"
#include "serve/json_log.h"
#include "serve/serve_metrics.h"

namespace fleetwave::serve {

struct NotifyOptions {
  std::string board_url;                         // board.url: links in statuses and notifications
  std::vector<NotificationTarget> webhooks;      // notifications.webhooks, URLs read
  const CommitStatusClient* statuses = nullptr;  // the approvals provider's; nullptr: no statuses. Not owned.
  std::string user_agent = "fleetwave";
  std::string actor;  // Fleetwave-Actor of the reconciler's own steps ("" = the commit author)
  DeliveryWorkerOptions worker;
};

// The log line and metric of one delivery's outcome.
void report_delivery(const DeliveryResult& result, ServeMetrics& metrics, JsonLog& log);

class ServeNotifier {
 public:
  // Starts the worker only when there is something to deliver.
  ServeNotifier(const NotifyOptions& options, ServeMetrics& metrics, JsonLog& log, Sleeper& sleeper,
                const Clock& clock);
  // Drains the queue for at most options.worker.drain_ms.
  ~ServeNotifier();

  // Appends the hooks (none when nothing is configured).
  void add_hooks(std::vector<CycleHook*>& hooks);

 private:
  std::unique_ptr<DeliveryWorker> worker_;
  std::unique_ptr<CommitStatusHook> statuses_;
  std::unique_ptr<NotificationHook> notifications_;
};

}  // namespace fleetwave::serve
