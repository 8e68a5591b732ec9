// The Prometheus fixture against a static endpoint (the fake Argo CD with one extra route):
// targets are scraped with their own tokens, queries answer, start-up errors carry the log.
#include "testkit/servers/prometheus_server.h"

#include <functional>
#include <thread>

#include <gtest/gtest.h>

#include "testkit/fakes/fake_argocd.h"

namespace fleetwave::testkit {
namespace {

// Polls `query` until `done` accepts its result or `timeout` passes; returns the last result.
Result<Json> poll_query(const PrometheusServer& prometheus, const std::string& query,
                        const std::function<bool(const Json&)>& done,
                        std::chrono::milliseconds timeout = std::chrono::seconds(60)) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (true) {
    Result<Json> result = prometheus.query(query);
    if ((result.ok() && done(*result)) || std::chrono::steady_clock::now() >= deadline) return result;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
}

// The one sample `promql` answers now; nullopt when it answers none, several or an error.
std::optional<double> sample(const PrometheusServer& prometheus, const std::string& promql) {
  Result<Json> result = prometheus.query(promql);
  return result.ok() ? single_sample_value(*result) : std::nullopt;
}

std::unique_ptr<FakeArgoCd> start_static_endpoint() {
  FakeArgoCdOptions options;
  options.token = "scrape-token-42";
  options.extra_get_routes.push_back({"/probe/metrics", [](const std::vector<std::string>&) {
                                        FakeResponse res;
                                        res.content_type = "text/plain; version=0.0.4";
                                        res.body = "# TYPE fixture_probe gauge\nfixture_probe 42\n";
                                        return res;
                                      }});
  Result<std::unique_ptr<FakeArgoCd>> endpoint = FakeArgoCd::start(std::move(options));
  EXPECT_TRUE(endpoint.ok()) << endpoint.error().to_string();
  return endpoint.ok() ? std::move(*endpoint) : nullptr;
}

TEST(PrometheusServerTest, ScrapesEachTargetWithItsToken) {
  std::unique_ptr<FakeArgoCd> endpoint = start_static_endpoint();
  ASSERT_NE(endpoint, nullptr);
  const std::string address = "127.0.0.1:" + std::to_string(endpoint->port());
  auto prometheus = PrometheusServer::start(
      {{{address, "/probe/metrics", endpoint->token()}, {address, "/probe/metrics", "wrong-token"}},
       std::chrono::milliseconds(500)});
  ASSERT_TRUE(prometheus.ok()) << prometheus.error().to_string();
  EXPECT_EQ((*prometheus)->url(), "http://127.0.0.1:" + std::to_string((*prometheus)->port()));

  Result<Json> up =
      poll_query(**prometheus, "up", [](const Json& result) { return result.is_array() && result.size() == 2; });
  ASSERT_TRUE(up.ok()) << up.error().to_string();
  ASSERT_EQ(up->size(), 2u) << up->dump() << (*prometheus)->log_tail();
  EXPECT_EQ(sample(**prometheus, "up{job=\"target-0\"}"), 1.0);
  EXPECT_EQ(sample(**prometheus, "up{job=\"target-1\"}"), 0.0);  // 401: not scraped
  EXPECT_EQ(sample(**prometheus, "fixture_probe"), 42.0);
}

TEST(PrometheusServerTest, RefusedQueriesAndStartUpErrorsSayWhy) {
  std::unique_ptr<FakeArgoCd> endpoint = start_static_endpoint();
  ASSERT_NE(endpoint, nullptr);
  PrometheusServerOptions options;
  options.targets = {{"127.0.0.1:" + std::to_string(endpoint->port()), "/probe/metrics", ""}};
  auto prometheus = PrometheusServer::start(options);
  ASSERT_TRUE(prometheus.ok()) << prometheus.error().to_string();
  Result<Json> refused = (*prometheus)->query("rate(");
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().kind, ErrorKind::InvalidInput);
  EXPECT_NE(refused.error().message.find("prometheus query rate(: 400 "), std::string::npos) << refused.error().message;

  // Prometheus refuses a target address with a path when it loads the config.
  options.targets = {{"127.0.0.1:1/oops", "/metrics", ""}};
  auto bad = PrometheusServer::start(options);
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.error().message.find("prometheus exited with"), std::string::npos) << bad.error().message;
  EXPECT_NE(bad.error().message.find("not a valid hostname"), std::string::npos) << bad.error().message;
}

TEST(PrometheusSampleTest, SingleSampleValueReadsOneElementVectors) {
  struct Case {
    const char* name;
    Json result;
    std::optional<double> want;
  };
  const Case cases[] = {
      {"one sample", Json::parse(R"([{"metric": {}, "value": [1700000000.1, "0.3"]}])"), 0.3},
      {"none", Json::array(), std::nullopt},
      {"two", Json::parse(R"([{"value": [1, "1"]}, {"value": [1, "2"]}])"), std::nullopt},
      {"not a number", Json::parse(R"([{"value": [1, "x"]}])"), std::nullopt},
      {"not a vector", Json::parse(R"({"value": [1, "1"]})"), std::nullopt},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    EXPECT_EQ(single_sample_value(c.result), c.want);
  }
}

}  // namespace
}  // namespace fleetwave::testkit
