// The notifications.webhooks setting of fleetwave serve: where step notifications go. Pure.
//
//   notifications:
//     webhooks:
//       - urlFile: /var/run/secrets/slack/url   # or url: https://... (a file keeps it secret)
//         events: [rollback, hold]             # default: every event
//         format: slack                        # json (default) | slack
#pragma once

#include <string>
#include <vector>

#include "base/json.h"
#include "base/result.h"

namespace fleetwave {

struct WebhookSettings {
  std::string url;                  // exactly one of url and url_file
  std::string url_file;             // read by the caller (a mounted secret)
  std::vector<std::string> events;  // never empty once parsed
  std::string format = "json";      // json | slack
  bool operator==(const WebhookSettings&) const = default;
};

// The events a webhook may subscribe to: the step actions of rollout/commit_message.h.
const std::vector<std::string>& notification_events();
const std::vector<std::string>& notification_formats();  // json, slack

// Parses the list at `key` ("notifications.webhooks"). InvalidInput naming the element, e.g.
// `notifications.webhooks[1].events[0]: unknown event "strat" (valid: start, advance, ...)`.
// The message never repeats a URL (it may be a secret). `url` is checked as a webhook URL
// (http or https, a host, no credentials or fragment).
Result<std::vector<WebhookSettings>> parse_webhook_settings(const Json& list, const std::string& key);

}  // namespace fleetwave
