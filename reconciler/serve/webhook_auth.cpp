#include "serve/webhook_auth.h"

#include <cctype>

#include "base/text.h"
#include "codec/json_reader.h"

namespace fleetwave::serve {
namespace {

WebhookVerdict verdict(int status, std::string result, std::string message) {
  WebhookVerdict v;
  v.status = status;
  v.result = std::move(result);
  v.message = std::move(message);
  return v;
}

// "not a GitHub or GitLab webhook: no X-GitHub-Event or X-Gitlab-Event header"
std::string unknown_sender() {
  std::string names, headers;
  for (const HostingProvider& p : hosting_providers()) {
    names += (names.empty() ? "" : " or ") + std::string(p.display_name);
    headers += (headers.empty() ? "" : " or ") + std::string(p.event_header);
  }
  return "not a " + names + " webhook: no " + headers + " header";
}

}  // namespace

WebhookVerdict check_webhook(const std::map<std::string, std::string>& headers, std::string_view body,
                             const std::string& secret) {
  const HostingProvider* provider = nullptr;
  std::string event;
  for (const HostingProvider& p : hosting_providers()) {
    auto it = headers.find(ascii_lower(p.event_header));
    if (it != headers.end() && !it->second.empty()) {
      provider = &p;
      event = it->second;
      break;
    }
  }
  if (provider == nullptr) return verdict(400, "bad_request", unknown_sender());
  WebhookVerdict v;
  const WebhookProof proof = secret.empty() ? WebhookProof{} : provider->verify_webhook(headers, body, secret);
  if (secret.empty()) {
    v = verdict(401, "unauthorized", "webhooks are disabled: fleetwave serve has no --webhook-secret-file");
  } else if (!proof.missing.empty()) {
    v = verdict(401, "unauthorized", "missing " + proof.missing + " header");
  } else if (!proof.authentic) {
    v = verdict(401, "unauthorized", proof.mismatch);
  } else if (!parse_json(body, "webhook body", 64).ok()) {
    v = verdict(400, "bad_request", "the body is not valid JSON");
  } else if (!provider->ping_event.empty() && event == provider->ping_event) {
    v = verdict(200, "ping", "pong");
  } else {
    // Any other authenticated event (push, pull_request, pull_request_review, merge request,
    // note ...) may change what the next cycle decides: triggers coalesce, so one more cycle is cheap.
    v = verdict(202, "triggered", "a reconcile cycle is queued");
    v.trigger = true;
  }
  v.provider = std::string(provider->name);
  v.event = printable(event, 100);  // logged: an outsider's header
  return v;
}

}  // namespace fleetwave::serve
