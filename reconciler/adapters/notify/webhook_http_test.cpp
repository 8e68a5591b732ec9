// Webhook URLs (never quoted past scheme://host) and one POST against a loopback receiver.
#include "adapters/notify/webhook_http.h"

#include <gtest/gtest.h>

#include "base/clock.h"
#include "testkit/fakes/fake_webhook_receiver.h"
#include "testkit/servers/hostile_http_server.h"

namespace fleetwave {
namespace {

TEST(WebhookUrl, ParsesAndShowsOnlySchemeAndHost) {
  struct Case {
    std::string name, url, display, target;
  };
  const std::vector<Case> cases = {
      {"slack", "https://hooks.slack.com/services/T000/B000/XXXXSECRET", "https://hooks.slack.com",
       "/services/T000/B000/XXXXSECRET"},
      {"port and query", "http://10.0.0.5:8080/hook?token=abc", "http://10.0.0.5:8080", "/hook?token=abc"},
      {"query without a path", "https://example.com?k=v", "https://example.com", "/?k=v"},
      {"no path", "https://example.com", "https://example.com", "/"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    auto url = parse_webhook_url(c.url, "notifications.webhooks[0].url");
    ASSERT_TRUE(url.ok()) << url.error().to_string();
    EXPECT_EQ(url->display(), c.display);
    EXPECT_EQ(url->target, c.target);
  }
}

TEST(WebhookUrl, RefusesBadURLsWithoutQuotingThem) {
  struct Case {
    std::string name, url, want;
  };
  const std::vector<Case> cases = {
      {"scheme", "ftp://example.com/SECRET", "k: expected an http:// or https:// URL, not ftp://"},
      {"no scheme", "example.com/SECRET", "k: expected an http:// or https:// URL"},
      {"credentials", "https://user:SECRET@example.com/x",
       "k: credentials in the URL (put the whole URL in a urlFile instead)"},
      {"fragment", "https://example.com/x#SECRET", "k: a URL with a #fragment"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    auto url = parse_webhook_url(c.url, "k");
    ASSERT_FALSE(url.ok());
    EXPECT_EQ(url.error().message, c.want);
    EXPECT_EQ(url.error().to_string().find("SECRET"), std::string::npos);
  }
  auto no_host = parse_webhook_url("https:///SECRET", "k");
  ASSERT_FALSE(no_host.ok());
  EXPECT_EQ(no_host.error().to_string().find("SECRET"), std::string::npos) << no_host.error().to_string();
}

TEST(WebhookHttp, PostsTheBodyAndHeaders) {
  auto receiver = testkit::FakeWebhookReceiver::start();
  ASSERT_TRUE(receiver.ok()) << receiver.error().to_string();
  auto url = parse_webhook_url((*receiver)->url("/services/T/B/X?x=1"), "k");
  ASSERT_TRUE(url.ok());
  WebhookAnswer answer = post_webhook(*url, R"({"text":"hi"})", {{"Content-Type", "application/json"}, {"X-A", "b"}});
  EXPECT_EQ(answer.status, 200);
  auto got = (*receiver)->received();
  ASSERT_EQ(got.size(), 1u);
  EXPECT_EQ(got[0].target, "/services/T/B/X?x=1");
  EXPECT_EQ(got[0].body, R"({"text":"hi"})");
  EXPECT_EQ(got[0].headers["content-type"], "application/json");
  EXPECT_EQ(got[0].headers["x-a"], "b");
}

TEST(WebhookHttp, AnswersBecomeOutcomes) {
  using K = AttemptOutcome::Kind;
  struct Case {
    WebhookAnswer answer;
    K want;
    std::string detail;
  };
  const std::vector<Case> cases = {
      {{200, ""}, K::Done, ""},
      {{204, ""}, K::Done, ""},
      {{500, ""}, K::Retry, "HTTP 500"},
      {{503, ""}, K::Retry, "HTTP 503"},
      {{408, ""}, K::Retry, "HTTP 408"},
      {{429, ""}, K::Retry, "HTTP 429"},
      {{404, ""}, K::GiveUp, "HTTP 404"},
      {{400, ""}, K::GiveUp, "HTTP 400"},
      {{0, "Connection"}, K::Retry, "unreachable (Connection)"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(std::to_string(c.answer.status));
    AttemptOutcome o = webhook_outcome(c.answer);
    EXPECT_EQ(o.kind, c.want);
    EXPECT_EQ(o.detail, c.detail);
    EXPECT_EQ(o.answered, c.answer.status != 0);
  }
}

TEST(WebhookHttp, ARefusedConnectionIsNoAnswer) {
  int port = 0;
  {
    auto receiver = testkit::FakeWebhookReceiver::start();
    ASSERT_TRUE(receiver.ok());
    port = (*receiver)->port();
  }  // stopped: nothing listens on the port now
  auto url = parse_webhook_url("http://127.0.0.1:" + std::to_string(port) + "/hook", "k");
  ASSERT_TRUE(url.ok());
  WebhookAnswer answer = post_webhook(*url, "{}", {});
  EXPECT_EQ(answer.status, 0);
  EXPECT_FALSE(answer.error.empty());
}

// E6: a receiver that sends a byte every 3 s would have held the delivery thread, and shutdown,
// for as long as it kept sending. The drain now ends the attempt in flight.
TEST(WebhookHttp, ATricklingReceiverCannotHoldShutdownPastTheDrain) {
  auto server = testkit::HostileHttpServer::start(testkit::HostileAnswer::TrickledBody, std::chrono::seconds(3));
  ASSERT_TRUE(server.ok()) << server.error().to_string();
  auto url = parse_webhook_url((*server)->url("/hook"), "k");
  ASSERT_TRUE(url.ok());
  SystemSleeper sleeper;
  SystemClock clock;
  std::vector<DeliveryResult> results;
  DeliveryWorkerOptions options;
  options.drain_ms = 1000;
  WebhookHttpOptions http;
  http.read_timeout = std::chrono::seconds(30);  // never idle long enough to time out by itself
  {
    DeliveryWorker worker(options, sleeper, clock, [&](const DeliveryResult& r) { results.push_back(r); });
    Delivery d;
    d.channel = "notification";
    d.attempt = [&] { return webhook_outcome(post_webhook(*url, "{}", {}, http)); };
    ASSERT_TRUE(worker.enqueue(std::move(d)));
    while ((*server)->requests() == 0) std::this_thread::sleep_for(std::chrono::milliseconds(10));
    const auto stop_at = std::chrono::steady_clock::now();
    worker.stop();
    EXPECT_LT(std::chrono::steady_clock::now() - stop_at, std::chrono::milliseconds(1400));
  }
  ASSERT_EQ(results.size(), 1u);
  EXPECT_EQ(results[0].kind, DeliveryResult::Kind::Failed);
  EXPECT_EQ(results[0].last.detail, "unreachable (canceled)");
}

// E5: a receiver streaming headers forever is cut at the header limit; nothing grows.
TEST(WebhookHttp, AReceiverStreamingHeadersIsNoAnswer) {
  auto server = testkit::HostileHttpServer::start(testkit::HostileAnswer::EndlessHeaders);
  ASSERT_TRUE(server.ok()) << server.error().to_string();
  auto url = parse_webhook_url((*server)->url("/hook"), "k");
  ASSERT_TRUE(url.ok());
  const WebhookAnswer answer = post_webhook(*url, "{}", {});
  EXPECT_EQ(answer.status, 0);
  EXPECT_EQ(answer.error, "too many or too large headers");
}

}  // namespace
}  // namespace fleetwave
