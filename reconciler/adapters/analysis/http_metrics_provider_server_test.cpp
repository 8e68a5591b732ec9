// HttpMetricsProvider against a real Prometheus (testkit/servers/prometheus_server.h, Debian's
// /usr/bin/prometheus): the query_range parameters as we send them are what Prometheus accepts,
// and a query it refuses comes back as its own 400 answer; a query bounded to a window reads no
// sample older than the window where the query as written does.
#include <atomic>
#include <thread>

#include <gtest/gtest.h>

#include "adapters/analysis/analysis_http_fixture.h"
#include "adapters/analysis/http_metrics_provider.h"
#include "codec/json_reader.h"
#include "rollout/analysis/prometheus_answer.h"
#include "rollout/analysis/promql_windows.h"
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

// The value of the one series (or scalar) a query has at `time_ms`, or "none".
std::string value_at(MetricsProvider& provider, const std::string& query, std::int64_t time_ms) {
  auto answer = provider.query_range({query, time_ms, time_ms, 1000});
  if (!answer.ok()) return answer.error().to_string();
  if (answer->status != 200) return answer->body;
  auto samples = parse_range_answer(answer->body);
  if (!samples.ok()) return samples.error().message;
  if (samples->empty()) return "none";
  return format_metric_value(samples->front().value);
}

TEST(HttpMetricsProviderServerTest, ABoundedQueryReadsNoSampleOlderThanItsWindow) {
  std::atomic<int> value{7};
  testing_analysis::RecordingServer target;
  ASSERT_TRUE(target.running());
  target.answer([&](const httplib::Request&, httplib::Response& res) {
    res.set_content("demo_value " + std::to_string(value.load()) + "\n", "text/plain; version=0.0.4");
  });
  testkit::PrometheusServerOptions options;
  options.targets.push_back({"127.0.0.1:" + std::to_string(target.port())});
  auto prometheus = testkit::PrometheusServer::start(options);
  ASSERT_TRUE(prometheus.ok()) << prometheus.error().to_string();
  MetricsProviderSettings settings;
  settings.url = (*prometheus)->url();
  auto provider = HttpMetricsProvider::create(settings);
  ASSERT_TRUE(provider.ok()) << provider.error().to_string();
  const auto scraped = [&] {
    auto result = (*prometheus)->query("demo_value");
    return result.ok() && !result->empty();
  };
  for (int i = 0; i < 100 && !scraped(); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(100));
  std::this_thread::sleep_for(std::chrono::milliseconds(1500));

  // The "release" starts: from now on the target reports 9; Prometheus scrapes every second.
  const std::int64_t start = now_ms();
  value = 9;
  std::this_thread::sleep_for(std::chrono::milliseconds(3500));
  MetricsProvider& p = **provider;
  const PromqlWindows instant = PromqlWindows::of("demo_value");
  EXPECT_EQ(value_at(p, "demo_value", start), "[7]") << "as written: the last sample before the start";
  EXPECT_EQ(value_at(p, instant.within(1), start), "none") << (*prometheus)->log_tail();
  EXPECT_EQ(value_at(p, instant.within(3000), start + 3000), "[9]");
  const PromqlWindows range = PromqlWindows::of("min_over_time(demo_value[1m])");
  EXPECT_EQ(value_at(p, "min_over_time(demo_value[1m])", start + 3000), "[7]");
  EXPECT_EQ(value_at(p, range.within(3000), start + 3000), "[9]");

  // Every form the bounding writes is PromQL that Prometheus 2.42 accepts.
  for (const char* query : {"sum by (le) (rate(demo_value[5m]))", "demo_value / on() group_left demo_value offset 1m",
                            "label_replace(demo_value, \"a\", \"$1\", \"job\", \"(.*)\") > bool 1",
                            "scalar(sum(demo_value{job=~\".+\"}))"}) {
    const std::string bounded = PromqlWindows::of(query).within(2500);
    EXPECT_NE(bounded, query);
    auto answer = p.query_range({bounded, start, start + 3000, 1000});
    ASSERT_TRUE(answer.ok()) << answer.error().to_string();
    EXPECT_EQ(answer->status, 200) << bounded << ": " << answer->body;
  }
}

}  // namespace
}  // namespace fleetwave
