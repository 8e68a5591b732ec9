// One POST of a notification to a webhook URL (Slack incoming webhooks, chat bridges, an
// HTTP endpoint of one's own), through the shared client (adapters/http/http_client.h).
//
// A webhook URL is a secret (a Slack URL is its own credential), so it is shown as
// scheme://host[:port] only, in messages and logs alike; its path and query never leave this
// file's callers.
#pragma once

#include <chrono>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "adapters/notify/delivery_worker.h"
#include "base/result.h"
#include "net/http_endpoint.h"

namespace fleetwave {

struct WebhookUrl {
  HttpEndpoint endpoint;  // scheme, host, port (no path prefix)
  std::string target;     // path and query as given ("/" when none)

  // scheme://host[:port]: the only part that may be logged.
  std::string display() const { return endpoint.display(); }
};

// http(s)://host[:port][/path][?query]. InvalidInput, naming `what` and never the path or query,
// for another scheme, no host, a bad port, a fragment or credentials in the URL.
[[nodiscard]] Result<WebhookUrl> parse_webhook_url(std::string_view url, std::string_view what);

struct WebhookHttpOptions {
  std::chrono::milliseconds connect_timeout{2000};
  std::chrono::milliseconds read_timeout{5000};  // idle limit; the whole attempt ends after connect + read
};

struct WebhookAnswer {
  int status = 0;     // the HTTP status; 0 when there was no answer
  std::string error;  // why there was none ("Connection", "Read"); never the URL
};

using WebhookHeaders = std::vector<std::pair<std::string, std::string>>;

// Sends `body` with `headers` (no redirects followed; the answer's body is read and dropped).
WebhookAnswer post_webhook(const WebhookUrl& url, const std::string& body, const WebhookHeaders& headers,
                           const WebhookHttpOptions& options = {});

// How the worker treats an answer: 2xx done; no answer, 408, 429 and 5xx retried; any other
// status (404, 410: the webhook was deleted; 400, 403) given up at once.
AttemptOutcome webhook_outcome(const WebhookAnswer& answer);

}  // namespace fleetwave
