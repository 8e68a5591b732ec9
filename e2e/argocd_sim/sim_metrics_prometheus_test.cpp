// GET /metrics as Prometheus reads it: Debian's real prometheus scrapes the simulator's routes
// (served by the fake Argo CD, as in fleetwave-argocd-sim) on loopback, and rate() over the
// counters gives each image's error ratio. A *ServerTest: it starts a real server.
#include <functional>
#include <optional>
#include <thread>

#include <gtest/gtest.h>

#include "argocd_sim/sim_api.h"
#include "testkit/servers/prometheus_server.h"

namespace fleetwave::sim {
namespace {

using std::chrono::milliseconds;

Json deployment(const std::string& name, const std::string& image) {
  return {{"apiVersion", "apps/v1"},
          {"kind", "Deployment"},
          {"metadata", {{"name", name}, {"namespace", "shop"}}},
          {"spec", {{"template", {{"spec", {{"containers", {{{"name", name}, {"image", image}}}}}}}}}}};
}

// The one sample `promql` answers now; nullopt when it answers none, several or an error.
std::optional<double> sample(const testkit::PrometheusServer& prometheus, const std::string& promql) {
  Result<Json> result = prometheus.query(promql);
  return result.ok() ? testkit::single_sample_value(*result) : std::nullopt;
}

// The first sample of `promql` once `ready(value)` holds, or the last answer at the deadline.
std::optional<double> poll_value(const testkit::PrometheusServer& prometheus, const std::string& promql,
                                 const std::function<bool(double)>& ready, milliseconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (true) {
    std::optional<double> value = sample(prometheus, promql);
    if ((value && ready(*value)) || std::chrono::steady_clock::now() >= deadline) return value;
    std::this_thread::sleep_for(milliseconds(100));
  }
}

std::string error_ratio_query(const std::string& image) {
  const std::string series = "http_requests_total{image=\"" + image + "\"";
  return "sum(rate(" + series + ",code=\"500\"}[1m])) / sum(rate(" + series + "}[1m]))";
}

TEST(SimMetricsPrometheusServerTest, RateGivesTheErrorRatioOfEachImage) {
  SystemClock clock;
  EventLog events(clock, [](const std::string&) {});
  LiveClusters live;
  SimMetrics metrics(live, clock);
  const std::string errors_image = "ghcr.io/x/shop:1.3-errors";
  const std::string clean_image = "ghcr.io/x/cart:2.0";
  (void)live.apply("eu-1", "shop", {deployment("shop", errors_image)});
  (void)live.apply("us-1", "cart", {deployment("cart", clean_image)});
  metrics.refresh();

  testkit::FakeArgoCdOptions api;
  api.extra_get_routes = sim_routes(live, events, metrics);
  auto sim = testkit::FakeArgoCd::start(std::move(api));
  ASSERT_TRUE(sim.ok()) << sim.error().to_string();
  testkit::PrometheusServerOptions options;
  options.targets = {{"127.0.0.1:" + std::to_string((*sim)->port()), "/metrics", (*sim)->token()}};
  options.scrape_interval = milliseconds(500);
  auto prometheus = testkit::PrometheusServer::start(options);
  ASSERT_TRUE(prometheus.ok()) << prometheus.error().to_string();

  // The 1m window holds every sample since the series began, so rate() extrapolates both codes of
  // an image alike and works from the whole count: after 14 scrapes (6.5 s, 65 requests an image)
  // whole-request rounding moves the ratio by less than 1/65.
  std::optional<double> samples = poll_value(
      **prometheus, "min(count_over_time(http_requests_total[1m]))", [](double n) { return n >= 14; },
      milliseconds(60000));
  ASSERT_TRUE(samples.has_value() && *samples >= 14) << (*prometheus)->log_tail();
  std::optional<double> errors_ratio = sample(**prometheus, error_ratio_query(errors_image));
  std::optional<double> clean_ratio = sample(**prometheus, error_ratio_query(clean_image));
  ASSERT_TRUE(errors_ratio.has_value());
  EXPECT_NEAR(*errors_ratio, 0.3, 0.03);
  ASSERT_TRUE(clean_ratio.has_value());
  EXPECT_EQ(*clean_ratio, 0.0);
  std::optional<double> labelled =
      sample(**prometheus, "count(http_requests_total{app=\"shop\",cluster=\"eu-1\",image=\"" + errors_image +
                               "\",job=\"target-0\"})");
  EXPECT_EQ(labelled, 2.0);  // code 200 and 500
}

}  // namespace
}  // namespace fleetwave::sim
