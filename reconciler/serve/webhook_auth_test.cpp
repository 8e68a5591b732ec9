// Webhook authentication: GitHub's HMAC-SHA256 signature over the raw body and GitLab's token,
// each valid, wrong, missing and without a configured secret; a trigger only when authentic.
#include "serve/webhook_auth.h"

#include <gtest/gtest.h>

namespace fleetwave::serve {
namespace {

const std::string kSecret = "It's a Secret to Everybody";
const std::string kBody = "{\"ref\":\"refs/heads/main\"}";

TEST(WebhookAuth, HmacMatchesGitHubsDocumentedExample) {
  // docs.github.com "Validating webhook deliveries": secret "It's a Secret to Everybody",
  // payload "Hello, World!".
  EXPECT_EQ(hmac_sha256_hex(kSecret, "Hello, World!"),
            "757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17");
  EXPECT_TRUE(constant_time_equal("abc", "abc"));
  EXPECT_FALSE(constant_time_equal("abc", "abd"));
  EXPECT_FALSE(constant_time_equal("abc", "abcd"));
  EXPECT_TRUE(constant_time_equal("", ""));
}

TEST(WebhookAuth, Verdicts) {
  const std::string good = "sha256=" + hmac_sha256_hex(kSecret, kBody);
  std::string upper = good;
  for (std::size_t i = 7; i < upper.size(); ++i) upper[i] = static_cast<char>(std::toupper(upper[i]));
  struct Case {
    std::string name;
    std::map<std::string, std::string> headers;
    std::string body;
    std::string secret;
    int status;
    std::string result;
    std::string message;
  } cases[] = {
      {"github push",
       {{"x-github-event", "push"}, {"x-hub-signature-256", good}},
       kBody,
       kSecret,
       202,
       "triggered",
       "a reconcile cycle is queued"},
      {"github upper-case hex",
       {{"x-github-event", "pull_request"}, {"x-hub-signature-256", upper}},
       kBody,
       kSecret,
       202,
       "triggered",
       "a reconcile cycle is queued"},
      {"github ping", {{"x-github-event", "ping"}, {"x-hub-signature-256", good}}, kBody, kSecret, 200, "ping", "pong"},
      {"github wrong signature",
       {{"x-github-event", "push"}, {"x-hub-signature-256", "sha256=" + hmac_sha256_hex("other", kBody)}},
       kBody,
       kSecret,
       401,
       "unauthorized",
       "X-Hub-Signature-256 does not match the body"},
      {"github body changed",
       {{"x-github-event", "push"}, {"x-hub-signature-256", good}},
       kBody + " ",
       kSecret,
       401,
       "unauthorized",
       "X-Hub-Signature-256 does not match the body"},
      {"github sha1 only",
       {{"x-github-event", "push"}, {"x-hub-signature-256", "sha1=abc"}},
       kBody,
       kSecret,
       401,
       "unauthorized",
       "X-Hub-Signature-256 does not match the body"},
      {"github missing signature",
       {{"x-github-event", "push"}},
       kBody,
       kSecret,
       401,
       "unauthorized",
       "missing X-Hub-Signature-256 header"},
      {"gitlab push",
       {{"x-gitlab-event", "Push Hook"}, {"x-gitlab-token", kSecret}},
       kBody,
       kSecret,
       202,
       "triggered",
       "a reconcile cycle is queued"},
      {"gitlab wrong token",
       {{"x-gitlab-event", "Push Hook"}, {"x-gitlab-token", kSecret + "x"}},
       kBody,
       kSecret,
       401,
       "unauthorized",
       "X-Gitlab-Token does not match"},
      {"gitlab missing token",
       {{"x-gitlab-event", "Merge Request Hook"}},
       kBody,
       kSecret,
       401,
       "unauthorized",
       "missing X-Gitlab-Token header"},
      {"no secret configured",
       {{"x-gitlab-event", "Push Hook"}, {"x-gitlab-token", ""}},
       kBody,
       "",
       401,
       "unauthorized",
       "webhooks are disabled: fleetwave serve has no --webhook-secret-file"},
      {"no event header",
       {{"x-hub-signature-256", good}},
       kBody,
       kSecret,
       400,
       "bad_request",
       "not a GitHub or GitLab webhook: no X-GitHub-Event or X-Gitlab-Event header"},
      {"authentic but not JSON",
       {{"x-github-event", "push"}, {"x-hub-signature-256", "sha256=" + hmac_sha256_hex(kSecret, "{nope")}},
       "{nope",
       kSecret,
       400,
       "bad_request",
       "the body is not valid JSON"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    WebhookVerdict v = check_webhook(c.headers, c.body, c.secret);
    EXPECT_EQ(v.status, c.status);
    EXPECT_EQ(v.result, c.result);
    EXPECT_EQ(v.message, c.message);
    EXPECT_EQ(v.trigger, c.status == 202);
    EXPECT_EQ(v.message.find(kSecret), std::string::npos);
  }
}

}  // namespace
}  // namespace fleetwave::serve
