// What a webhook receives for one step commit fleetwave pushed. Pure.
//
// format json (Content-Type: application/json), keys sorted, every key always present except
// "url" (only with board.url set):
//
//   {"actor": "fleetwave <bot@example.com>", "app": "shop", "branch": "main",
//    "commit": "<40 hex>", "event": "rollback", "evidence": "wave europe failed: eu-1 Degraded",
//    "release": "<40 hex>", "subject": "fleetwave(shop): roll back 1a2b3c4 to 9f8e7d6 (...)",
//    "time": "2026-01-02T03:04:05Z", "url": "https://fleetwave.example.com/apps/shop",
//    "wave": "europe"}
//
// format slack: a Slack incoming-webhook body {"text": "..."} (mrkdwn, & < > escaped).
#pragma once

#include <cstdint>
#include <string>

#include "reconcile/app_planner.h"

namespace fleetwave {

struct StepNotification {
  std::string event;  // the step's action: start, advance, complete, rollback, hold, pause, wait-approval, ...
  std::string app;
  std::string release;  // Fleetwave-Release ("" when the step has none)
  std::string wave;     // Fleetwave-Wave ("" when the step has none)
  std::string commit;   // the step commit; also the delivery's idempotency key
  std::string actor;    // who took the step: Fleetwave-Actor, else the commit's author
  std::string subject;
  std::string evidence;  // Fleetwave-Evidence (the reason)
  std::string time;      // RFC 3339 UTC, when fleetwave pushed it
  std::string branch;
  std::string url;  // the app's page on the board ("" without board.url)
};

// The notification of `app`'s step, pushed as `commit` on `branch` by `author` (the
// "NAME <EMAIL>" of the commit) at `now_ms`.
StepNotification step_notification(const PlannedApp& app, const std::string& commit, const std::string& branch,
                                   const std::string& author, std::int64_t now_ms, const std::string& board_url);

std::string notification_json(const StepNotification& n);
std::string notification_slack(const StepNotification& n);

// The body in `format` ("json" | "slack").
std::string notification_body(const StepNotification& n, const std::string& format);

}  // namespace fleetwave
