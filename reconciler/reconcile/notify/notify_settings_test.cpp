// notifications.webhooks: defaults, and every refusal naming its element.
#include "reconcile/notify/notify_settings.h"

#include <gtest/gtest.h>

#include "codec/json_reader.h"

namespace fleetwave {
namespace {

Json parse(const std::string& text) {
  auto j = parse_json(text, "test");
  EXPECT_TRUE(j.ok()) << j.error().to_string();
  return j.ok() ? *j : Json();
}

TEST(NotifySettings, ParsesWebhooksWithDefaults) {
  auto got = parse_webhook_settings(
      parse(R"([{"url": "https://hooks.slack.com/services/T/B/X", "events": ["rollback", "hold", "rollback"],
                 "format": "slack"},
                {"urlFile": "/secrets/url"}])"),
      "notifications.webhooks");
  ASSERT_TRUE(got.ok()) << got.error().to_string();
  ASSERT_EQ(got->size(), 2u);
  EXPECT_EQ((*got)[0], (WebhookSettings{"https://hooks.slack.com/services/T/B/X", "", {"rollback", "hold"}, "slack"}));
  EXPECT_EQ((*got)[1], (WebhookSettings{"", "/secrets/url", notification_events(), "json"}));
  for (const char* e : {"start", "advance", "complete", "rollback", "hold", "pause", "wait-approval"}) {
    EXPECT_NE(std::find(notification_events().begin(), notification_events().end(), e), notification_events().end())
        << e;
  }
}

TEST(NotifySettings, RefusalsNameTheElement) {
  const std::string valid =
      "start, advance, wait-approval, wait-deletion-guard, approve, pause, resume, rollback, "
      "complete, hold, hold-cluster, release-hold, promote, reject";
  struct Case {
    std::string name, yaml, want;
  };
  const std::vector<Case> cases = {
      {"not a list", R"({"url": "https://x"})", "notifications.webhooks: expected a list of webhooks"},
      {"unknown event", R"([{"url": "https://x"}, {"url": "https://y", "events": ["strat"]}])",
       "notifications.webhooks[1].events[0]: unknown event \"strat\" (valid: " + valid + ")"},
      {"empty events", R"([{"url": "https://x", "events": []}])",
       "notifications.webhooks[0].events: expected a list of events (" + valid + ")"},
      {"event not a string", R"([{"url": "https://x", "events": [1]}])",
       "notifications.webhooks[0].events[0]: expected an event name"},
      {"missing url", R"([{"events": ["start"]}])",
       "notifications.webhooks[0]: expected exactly one of url and urlFile (urlFile keeps a secret URL out of the "
       "file)"},
      {"both", R"([{"url": "https://x", "urlFile": "/f"}])",
       "notifications.webhooks[0]: expected exactly one of url and urlFile (urlFile keeps a secret URL out of the "
       "file)"},
      {"bad scheme", R"([{"url": "ftp://x/SECRET"}])",
       "notifications.webhooks[0].url: expected an http:// or https:// URL, not ftp://"},
      {"unknown format", R"([{"url": "https://x", "format": "teams"}])",
       "notifications.webhooks[0].format: unknown format \"teams\" (valid: json, slack)"},
      {"unknown key", R"([{"url": "https://x", "secret": "s"}])",
       "notifications.webhooks[0].secret: unknown key (valid keys: url, urlFile, events, format)"},
      {"empty url", R"([{"url": ""}])", "notifications.webhooks[0].url: expected a non-empty string"},
      {"not a mapping", R"(["https://x"])",
       "notifications.webhooks[0]: expected a mapping with url or urlFile, events and format"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    auto got = parse_webhook_settings(parse(c.yaml), "notifications.webhooks");
    ASSERT_FALSE(got.ok());
    EXPECT_EQ(got.error().kind, ErrorKind::InvalidInput);
    EXPECT_EQ(got.error().message, c.want);
    EXPECT_EQ(got.error().message.find("SECRET"), std::string::npos);
  }
}

}  // namespace
}  // namespace fleetwave
