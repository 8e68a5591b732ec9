// Step notifications as a CycleHook: after a push, one POST per step commit to every webhook
// whose events include the step's action, in the order of the steps. Sent on the delivery
// worker's thread (bounded queue, retries with back-off: adapters/notify/delivery_worker.h), so
// a slow or down endpoint never holds up the cycle.
//
// At most once per step: after_push only sees the steps this process pushed (pushes are
// compare-and-swap, so exactly one replica pushes a commit), and the hook remembers the commit
// ids it handed to the worker. Each request carries X-Fleetwave-Delivery: <commit> so a
// receiver can drop the retries it already has.
//
// Not thread-safe: one per Reconciler, called on the loop thread.
#pragma once

#include <cstddef>
#include <deque>
#include <set>
#include <string>
#include <vector>

#include "adapters/notify/delivery_worker.h"
#include "adapters/notify/webhook_http.h"
#include "base/clock.h"
#include "reconcile/cycle_hook.h"

namespace fleetwave {

struct NotificationTarget {
  WebhookUrl url;
  std::set<std::string> events;
  std::string format = "json";  // json | slack
};

struct NotificationHookOptions {
  std::string board_url;                 // board.url ("" = no link)
  std::string user_agent = "fleetwave";  // "fleetwave/<version>"
  std::string actor;                     // of the reconciler's own steps (reconciler_actor); "" = the commit author
  WebhookHttpOptions http;               // per-attempt timeouts
  std::size_t remembered = 4096;         // commit ids kept to refuse a second delivery
};

class NotificationHook final : public CycleHook {
 public:
  // `worker` and `clock` outlive the hook.
  NotificationHook(std::vector<NotificationTarget> targets, DeliveryWorker& worker, const Clock& clock,
                   NotificationHookOptions options = {});

  void before_commit(HookContext&, std::vector<PlannedApp>&) override {}
  void after_push(HookContext& ctx, const std::vector<PlannedApp>& planned, CycleReport& report) override;

 private:
  bool remember(const std::string& commit);  // false when it was already handed over

  std::vector<NotificationTarget> targets_;
  DeliveryWorker& worker_;
  const Clock& clock_;
  NotificationHookOptions options_;
  std::set<std::string> sent_;
  std::deque<std::string> sent_order_;  // oldest first, to forget beyond options_.remembered
};

}  // namespace fleetwave
