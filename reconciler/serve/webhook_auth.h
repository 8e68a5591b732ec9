// Authenticating Git webhooks (POST /webhook/git) and deciding whether they trigger a cycle.
// GitHub signs the raw body: X-Hub-Signature-256: sha256=<hex HMAC-SHA256(secret, body)>.
// GitLab sends the secret itself in X-Gitlab-Token. Both are compared in constant time, and
// the body is parsed only after the signature checked out. Pure apart from OpenSSL's HMAC.
#pragma once

#include <map>
#include <string>
#include <string_view>

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

// Lower-case hex HMAC-SHA256 of `data` under `key`.
std::string hmac_sha256_hex(std::string_view key, std::string_view data);

// Equality whose running time depends only on the lengths (CRYPTO_memcmp).
bool constant_time_equal(std::string_view a, std::string_view b);

}  // namespace fleetwave::serve
