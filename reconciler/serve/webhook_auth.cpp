#include "serve/webhook_auth.h"

#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>

#include "base/text.h"
#include "codec/json_reader.h"

namespace fleetwave::serve {
namespace {

std::string header(const std::map<std::string, std::string>& headers, const std::string& name) {
  auto it = headers.find(name);
  return it == headers.end() ? "" : it->second;
}

WebhookVerdict verdict(int status, std::string result, std::string message) {
  WebhookVerdict v;
  v.status = status;
  v.result = std::move(result);
  v.message = std::move(message);
  return v;
}

bool github_signature_ok(const std::string& signature, std::string_view body, const std::string& secret) {
  constexpr std::string_view prefix = "sha256=";
  if (signature.rfind(prefix, 0) != 0) return false;
  std::string given = signature.substr(prefix.size());
  for (char& c : given) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return constant_time_equal(given, hmac_sha256_hex(secret, body));
}

}  // namespace

std::string hmac_sha256_hex(std::string_view key, std::string_view data) {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int length = 0;
  HMAC(EVP_sha256(), key.data(), static_cast<int>(key.size()), reinterpret_cast<const unsigned char*>(data.data()),
       data.size(), digest, &length);
  static const char* hex = "0123456789abcdef";
  std::string out;
  out.reserve(2 * length);
  for (unsigned int i = 0; i < length; ++i) {
    out.push_back(hex[digest[i] >> 4]);
    out.push_back(hex[digest[i] & 15]);
  }
  return out;
}

bool constant_time_equal(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;  // the length of a hex digest or token is no secret
  return a.empty() || CRYPTO_memcmp(a.data(), b.data(), a.size()) == 0;
}

WebhookVerdict check_webhook(const std::map<std::string, std::string>& headers, std::string_view body,
                             const std::string& secret) {
  const std::string github_event = header(headers, "x-github-event");
  const std::string gitlab_event = header(headers, "x-gitlab-event");
  if (github_event.empty() && gitlab_event.empty()) {
    return verdict(400, "bad_request", "not a GitHub or GitLab webhook: no X-GitHub-Event or X-Gitlab-Event header");
  }
  const bool github = !github_event.empty();
  bool authentic = false;
  std::string missing;
  if (github) {
    const std::string signature = header(headers, "x-hub-signature-256");
    if (signature.empty()) missing = "X-Hub-Signature-256";
    authentic = !secret.empty() && !signature.empty() && github_signature_ok(signature, body, secret);
  } else {
    const std::string token = header(headers, "x-gitlab-token");
    if (token.empty()) missing = "X-Gitlab-Token";
    authentic = !secret.empty() && !token.empty() && constant_time_equal(token, secret);
  }
  WebhookVerdict v;
  if (secret.empty()) {
    v = verdict(401, "unauthorized", "webhooks are disabled: fleetwave serve has no --webhook-secret-file");
  } else if (!missing.empty()) {
    v = verdict(401, "unauthorized", "missing " + missing + " header");
  } else if (!authentic) {
    v = verdict(401, "unauthorized",
                github ? "X-Hub-Signature-256 does not match the body" : "X-Gitlab-Token does not match");
  } else if (!parse_json(body, "webhook body", 64).ok()) {
    v = verdict(400, "bad_request", "the body is not valid JSON");
  } else if (github && github_event == "ping") {
    v = verdict(200, "ping", "pong");
  } else {
    // Any other authenticated event (push, pull_request, pull_request_review, merge request,
    // note ...) may change what the next cycle decides: triggers coalesce, so one more cycle is cheap.
    v = verdict(202, "triggered", "a reconcile cycle is queued");
    v.trigger = true;
  }
  v.provider = github ? "github" : "gitlab";
  v.event = printable(github ? github_event : gitlab_event, 100);  // logged: an outsider's header
  return v;
}

}  // namespace fleetwave::serve
