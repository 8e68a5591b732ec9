// HttpWebProbe against an in-process loopback server (analysis_http_fixture.h): what it sends,
// that every status is an answer, and that header values and queries never reach a message.
#include "adapters/analysis/http_web_probe.h"

#include <gtest/gtest.h>

#include "adapters/analysis/analysis_http_fixture.h"
#include "testkit/process/free_port.h"

namespace fleetwave {
namespace {

using testing_analysis::RecordingServer;

constexpr const char* kSecret = "web-secret-value-9876";

std::unique_ptr<HttpWebProbe> probe(std::int64_t timeout_ms = 2000) {
  WebProbeSettings s;
  s.timeout_ms = timeout_ms;
  auto made = HttpWebProbe::create(s);
  EXPECT_TRUE(made.ok()) << made.error().to_string();
  return made.ok() ? std::move(made).value() : nullptr;
}

TEST(WebUrlTest, SplitsAndDisplaysUrls) {
  struct Case {
    std::string url;
    std::string path_and_query;
    std::string display;
  };
  const Case cases[] = {
      {"https://status.example.com/health?region=eu&key=abc#top", "/health?region=eu&key=abc",
       "https://status.example.com/health?..."},
      {"http://127.0.0.1:8080", "/", "http://127.0.0.1:8080/"},
      {"http://svc.ns.svc:80/api/v1/ready/", "/api/v1/ready/", "http://svc.ns.svc/api/v1/ready/"},
      {"HTTPS://Host.Example:8443?x=1", "/?x=1", "https://host.example:8443/?..."},
      {"http://h/p?", "/p", "http://h/p"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.url);
    auto got = parse_web_url(c.url);
    ASSERT_TRUE(got.ok()) << got.error().to_string();
    EXPECT_EQ(got->path_and_query, c.path_and_query);
    EXPECT_EQ(got->display, c.display);
  }
}

TEST(WebUrlTest, RefusesBadUrlsWithoutRepeatingCredentials) {
  struct Case {
    std::string url;
    std::string message;
  };
  const Case cases[] = {
      {"ftp://h/x", "web check URL \"ftp://h/x\": scheme must be http or https"},
      {"status.example.com/health",
       "web check URL \"status.example.com/health\": expected http(s)://host[:port][/path]"},
      {"https://u:hunter22@h/x?y=1",
       "web check URL \"https://***@h/x\": credentials do not belong in the URL; pass the token in a file"},
      {"http://h/a b", "web check URL \"http://h/a b\": invalid characters in the path"},
      {"http://h/a?b=c d",
       "web check URL \"http://h/a?b=c d\": spaces or control characters in the query; "
       "percent-encode them"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.url);
    auto got = parse_web_url(c.url);
    ASSERT_FALSE(got.ok());
    EXPECT_EQ(got.error().kind, ErrorKind::InvalidInput);
    EXPECT_EQ(got.error().to_string(), c.message);
  }
}

TEST(HttpWebProbeTest, SendsTheMethodHeadersAndQueryAndReturnsAnyStatus) {
  RecordingServer server;
  ASSERT_TRUE(server.running());
  auto p = probe();
  ASSERT_NE(p, nullptr);
  server.answer(200, R"({"healthy":true})");
  auto got = p->fetch({server.url() + "/health?region=eu", "get", {{"X-Api-Key", kSecret}}});
  ASSERT_TRUE(got.ok()) << got.error().to_string();
  EXPECT_EQ(got->status, 200);
  EXPECT_EQ(got->body, R"({"healthy":true})");

  server.answer(503, "down");
  auto down = p->fetch({server.url() + "/check", "POST", {}});
  ASSERT_TRUE(down.ok()) << down.error().to_string();
  EXPECT_EQ(down->status, 503);
  EXPECT_EQ(down->body, "down");

  auto requests = server.requests();
  ASSERT_EQ(requests.size(), 2u);
  EXPECT_EQ(requests[0].method, "GET");
  EXPECT_EQ(requests[0].path, "/health");
  EXPECT_EQ(requests[0].param("region"), "eu");
  EXPECT_EQ(requests[0].header("X-Api-Key"), kSecret);
  EXPECT_EQ(requests[0].header("User-Agent"), "fleetwave");
  EXPECT_EQ(requests[1].method, "POST");
  EXPECT_EQ(requests[1].path, "/check");
}

TEST(HttpWebProbeTest, RefusesBadRequestsWithoutSendingOrQuotingHeaderValues) {
  RecordingServer server;
  ASSERT_TRUE(server.running());
  auto p = probe();
  ASSERT_NE(p, nullptr);
  const std::string url = server.url() + "/x?token=abc";
  struct Case {
    WebRequest request;
    std::string message;
  };
  const Case cases[] = {
      {{url, "DELETE", {}},
       "web check " + server.url() + "/x?...: method \"DELETE\" is not supported; use GET or POST"},
      {{url, "GET", {{"Bad Name", "v"}}},
       "web check " + server.url() + "/x?...: header name \"Bad Name\" is not a valid HTTP header name"},
      {{url, "GET", {{"Authorization", std::string("Bearer ") + kSecret + "\r\nX-Evil: 1"}}},
       "web check " + server.url() + "/x?...: the value of header Authorization holds a line break"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.message);
    auto got = p->fetch(c.request);
    ASSERT_FALSE(got.ok());
    EXPECT_EQ(got.error().kind, ErrorKind::InvalidInput);
    EXPECT_EQ(got.error().to_string(), c.message);
    EXPECT_EQ(got.error().to_string().find(kSecret), std::string::npos);
  }
  EXPECT_TRUE(server.requests().empty());
}

TEST(HttpWebProbeTest, ASlowServerIsTransientAndTheQueryStaysOutOfTheMessage) {
  RecordingServer server;
  ASSERT_TRUE(server.running());
  server.answer([](const httplib::Request&, httplib::Response& res) {
    std::this_thread::sleep_for(std::chrono::milliseconds(1200));
    res.set_content("late", "text/plain");
  });
  auto p = probe(1500 - 1200);  // 300ms
  ASSERT_NE(p, nullptr);
  auto got = p->fetch({server.url() + "/slow?key=" + kSecret, "GET", {{"Authorization", kSecret}}});
  ASSERT_FALSE(got.ok());
  EXPECT_EQ(got.error().kind, ErrorKind::Transient);
  EXPECT_EQ(got.error().to_string(), "web check at " + server.url() + "/slow?... unreachable: timed out after 300ms");
  EXPECT_EQ(got.error().to_string().find(kSecret), std::string::npos);
}

TEST(HttpWebProbeTest, ARefusedPortIsTransient) {
  auto port = testkit::pick_free_port();
  ASSERT_TRUE(port.ok()) << port.error().to_string();
  const std::string url = "http://127.0.0.1:" + std::to_string(*port);
  auto p = probe();
  ASSERT_NE(p, nullptr);
  auto got = p->fetch({url + "/health", "GET", {}});
  ASSERT_FALSE(got.ok());
  EXPECT_EQ(got.error().kind, ErrorKind::Transient);
  EXPECT_EQ(got.error().to_string(),
            "web check at " + url +
                "/health unreachable: connection failed (refused, no route to the host, or its name does not resolve)");
}

TEST(HttpWebProbeTest, FormatsTimeouts) {
  EXPECT_EQ(format_timeout(std::chrono::milliseconds(10000)), "10s");
  EXPECT_EQ(format_timeout(std::chrono::milliseconds(1500)), "1.5s");
  EXPECT_EQ(format_timeout(std::chrono::milliseconds(250)), "250ms");
  EXPECT_EQ(format_timeout(std::chrono::milliseconds(1234)), "1234ms");
}

}  // namespace
}  // namespace fleetwave
