// HttpMetricsProvider against a real Prometheus (testkit/servers/prometheus_server.h, Debian's
// /usr/bin/prometheus): the query_range parameters as we send them are what Prometheus accepts,
// and a query it refuses comes back as its own 400 answer.
#include <gtest/gtest.h>

#include "adapters/analysis/http_metrics_provider.h"
#include "codec/json_reader.h"
#include "testkit/servers/prometheus_server.h"

namespace fleetwave {
namespace {

std::int64_t now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

TEST(HttpMetricsProviderServerTest, RealPrometheusAnswersRangeQueriesAndRefusesBadOnes) {
  auto prometheus = testkit::PrometheusServer::start({});
  ASSERT_TRUE(prometheus.ok()) << prometheus.error().to_string();
  MetricsProviderSettings settings;
  settings.url = (*prometheus)->url();
  settings.token = "ignored-by-this-prometheus";
  auto provider = HttpMetricsProvider::create(settings);
  ASSERT_TRUE(provider.ok()) << provider.error().to_string();

  // Seconds with a millisecond part: Prometheus evaluates at exactly start + k * step.
  const std::int64_t start = now_ms() / 1000 * 1000 - 60000 + 250;
  auto answer = (*provider)->query_range({"vector(1)", start, start + 60000, 7500});
  ASSERT_TRUE(answer.ok()) << answer.error().to_string();
  ASSERT_EQ(answer->status, 200) << answer->body << (*prometheus)->log_tail();
  auto json = parse_json(answer->body, "answer", 32);
  ASSERT_TRUE(json.ok()) << json.error().to_string();
  EXPECT_EQ(string_at(*json, {"status"}), "success");
  EXPECT_EQ(string_at(*json, {"data", "resultType"}), "matrix");
  const Json& values = (*json)["data"]["result"][0]["values"];
  ASSERT_EQ(values.size(), 9u) << answer->body;  // 60 s / 7.5 s + 1
  EXPECT_DOUBLE_EQ(values[0][0].get<double>(), static_cast<double>(start) / 1000.0);
  EXPECT_DOUBLE_EQ(values[1][0].get<double>(), static_cast<double>(start + 7500) / 1000.0);
  EXPECT_EQ(values[0][1].get<std::string>(), "1");

  auto refused = (*provider)->query_range({"sum(rate(", start, start + 60000, 15000});
  ASSERT_TRUE(refused.ok()) << refused.error().to_string();
  EXPECT_EQ(refused->status, 400) << refused->body;
  auto error = parse_json(refused->body, "answer", 32);
  ASSERT_TRUE(error.ok()) << error.error().to_string();
  EXPECT_EQ(string_at(*error, {"status"}), "error");
  EXPECT_EQ(string_at(*error, {"errorType"}), "bad_data");
}

}  // namespace
}  // namespace fleetwave
