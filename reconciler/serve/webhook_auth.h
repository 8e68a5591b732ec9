// Authenticating Git webhooks (POST /webhook/git) and deciding whether they trigger a cycle.
// Which host sent a request is told by its event header, and how it proves itself is that
// host's row of the hosting table (adapters/hosting/hosting_providers.h): GitHub signs the raw
// body (X-Hub-Signature-256), GitLab sends the secret itself (X-Gitlab-Token); both compared in
// constant time. The body is parsed only after the proof checked out.
#pragma once

#include <map>
#include <string>
#include <string_view>

#include "adapters/hosting/hosting_providers.h"

namespace fleetwave::serve {

struct WebhookVerdict {
  int status = 400;      // 202 trigger, 200 ping, 400 malformed, 401 unauthenticated
  bool trigger = false;  // wake the loop
  std::string result;    // metrics label: triggered, ping, unauthorized, bad_request
  std::string provider;  // github, gitlab, "" (unknown)
  std::string event;     // the event header's value
  std::string message;   // for the response body and the log; never contains the secret
};

// `headers` are keyed by lower-case name. An empty `secret` (no --webhook-secret-file) makes
// every request unauthorized.
WebhookVerdict check_webhook(const std::map<std::string, std::string>& headers, std::string_view body,
                             const std::string& secret);

using fleetwave::constant_time_equal;
using fleetwave::hmac_sha256_hex;

}  // namespace fleetwave::serve
