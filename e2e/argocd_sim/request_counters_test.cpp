#include "argocd_sim/request_counters.h"

#include <gtest/gtest.h>

#include "argocd_sim/sim_metrics.h"

namespace fleetwave::sim {
namespace {

LiveWorkload workload(const std::string& name, const std::string& image, const std::string& cluster = "eu-1") {
  return {cluster, "shop", {"apps/v1", "Deployment", "shop", name}, image};
}

Json deployment(const std::string& kind, const std::string& name, const std::string& image) {
  return {{"apiVersion", "apps/v1"},
          {"kind", kind},
          {"metadata", {{"name", name}, {"namespace", "shop"}}},
          {"spec", {{"template", {{"spec", {{"containers", {{{"name", "c"}, {"image", image}}}}}}}}}}};
}

TEST(RequestCountersTest, CountsFollowWorkloadTimePerImage) {
  struct Step {
    const char* name;
    std::int64_t now_ms;
    std::vector<LiveWorkload> live;  // from now_ms on
    std::vector<RequestSeries> want;
  };
  const std::string v1 = "ghcr.io/x/shop:1.2";
  const std::string bad = "ghcr.io/x/shop:1.3-errors";
  const Step steps[] = {
      {"a new workload is exported at 0", 1000, {workload("web", v1)}, {{"shop", "eu-1", v1, 0, 0}}},
      {"10 requests a second", 11000, {workload("web", v1)}, {{"shop", "eu-1", v1, 100, 0}}},
      {"partial requests are not counted yet", 11099, {workload("web", v1)}, {{"shop", "eu-1", v1, 100, 0}}},
      {"an image change freezes the old series and starts the new one at 0",
       12000,
       {workload("web", bad)},
       {{"shop", "eu-1", v1, 110, 0}, {"shop", "eu-1", bad, 0, 0}}},
      {"an errors image answers 30% with 500",
       22000,
       {workload("web", bad)},
       {{"shop", "eu-1", v1, 110, 0}, {"shop", "eu-1", bad, 70, 30}}},
      {"time going back credits nothing",
       20000,
       {workload("web", bad)},
       {{"shop", "eu-1", v1, 110, 0}, {"shop", "eu-1", bad, 70, 30}}},
      {"two workloads of one label set add up",
       23000,
       {workload("web", bad), workload("worker", bad)},
       {{"shop", "eu-1", v1, 110, 0}, {"shop", "eu-1", bad, 77, 33}}},
      {"clusters are apart",
       24000,
       {workload("web", bad, "us-1")},
       {{"shop", "eu-1", v1, 110, 0}, {"shop", "eu-1", bad, 91, 39}, {"shop", "us-1", bad, 0, 0}}},
      {"a pruned workload's series keeps its final value",
       25000,
       {},
       {{"shop", "eu-1", v1, 110, 0}, {"shop", "eu-1", bad, 91, 39}, {"shop", "us-1", bad, 7, 3}}},
      {"nothing live, nothing grows",
       60000,
       {},
       {{"shop", "eu-1", v1, 110, 0}, {"shop", "eu-1", bad, 91, 39}, {"shop", "us-1", bad, 7, 3}}},
  };
  RequestCounters counters;
  for (const Step& s : steps) {
    SCOPED_TRACE(s.name);
    counters.observe(s.live, s.now_ms);
    EXPECT_EQ(counters.series(), s.want);
  }
}

TEST(RequestCountersTest, NeitherCodeEverShrinks) {
  RequestCounters counters;
  std::uint64_t ok = 0;
  std::uint64_t errors = 0;
  for (std::int64_t now = 0; now <= 5000; now += 37) {
    counters.observe({workload("web", "shop:errors")}, now);
    const RequestSeries s = counters.series().at(0);
    ASSERT_GE(s.ok, ok) << "at " << now;
    ASSERT_GE(s.errors, errors) << "at " << now;
    ok = s.ok;
    errors = s.errors;
  }
  EXPECT_EQ(ok + errors, 49u);  // 4995 workload-milliseconds
  EXPECT_EQ(errors, 14u);
}

TEST(RequestCountersTest, PodTemplateImageFindsWorkloadsOfAnyKind) {
  struct Case {
    const char* name;
    Json object;
    std::optional<std::string> want;
  };
  const Case cases[] = {
      {"Deployment", deployment("Deployment", "web", "shop:1"), "shop:1"},
      {"StatefulSet", deployment("StatefulSet", "db", "db:2"), "db:2"},
      {"Argo Rollout", deployment("Rollout", "web", "shop:3"), "shop:3"},
      {"first container only",
       {{"spec",
         {{"template",
           {{"spec", {{"containers", {{{"name", "a"}, {"image", "a:1"}}, {{"name", "b"}, {"image", "b:1"}}}}}}}}}}},
       "a:1"},
      {"ConfigMap", {{"kind", "ConfigMap"}, {"data", {{"k", "v"}}}}, std::nullopt},
      {"no containers", {{"spec", {{"template", {{"spec", {{"containers", Json::array()}}}}}}}}, std::nullopt},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    EXPECT_EQ(pod_template_image(c.object), c.want);
  }
}

TEST(RequestCountersTest, TextFormatEscapesLabelValues) {
  const std::vector<RequestSeries> series = {{"shop", "eu-1", "ghcr.io/x/shop:1.2", 1234, 0},
                                             {"odd\"app", "eu\\1", "line\nbreak", 7, 3}};
  EXPECT_EQ(request_metrics_text(series),
            "# HELP http_requests_total Requests served by the simulated workloads.\n"
            "# TYPE http_requests_total counter\n"
            "http_requests_total{app=\"shop\",cluster=\"eu-1\",image=\"ghcr.io/x/shop:1.2\",code=\"200\"} 1234\n"
            "http_requests_total{app=\"shop\",cluster=\"eu-1\",image=\"ghcr.io/x/shop:1.2\",code=\"500\"} 0\n"
            "http_requests_total{app=\"odd\\\"app\",cluster=\"eu\\\\1\",image=\"line\\nbreak\",code=\"200\"} 7\n"
            "http_requests_total{app=\"odd\\\"app\",cluster=\"eu\\\\1\",image=\"line\\nbreak\",code=\"500\"} 3\n");
  EXPECT_EQ(request_metrics_text({}),
            "# HELP http_requests_total Requests served by the simulated workloads.\n"
            "# TYPE http_requests_total counter\n");
}

TEST(SimMetricsTest, ScrapesCountTheLiveClustersWorkloads) {
  LiveClusters live;
  ManualClock clock(5000);
  SimMetrics metrics(live, clock);
  (void)live.apply("eu-1", "shop",
                   {deployment("Deployment", "web", "shop:2-errors"), {{"kind", "ConfigMap"}, {"apiVersion", "v1"}}});
  (void)live.apply("us-1", "cart", {deployment("StatefulSet", "db", "cart:1")});
  EXPECT_EQ(live_workloads(live),
            (std::vector<LiveWorkload>{{"eu-1", "shop", {"apps/v1", "Deployment", "shop", "web"}, "shop:2-errors"},
                                       {"us-1", "cart", {"apps/v1", "StatefulSet", "shop", "db"}, "cart:1"}}));
  metrics.refresh();
  clock.advance_ms(2000);
  const std::string text = metrics.scrape();
  EXPECT_NE(text.find("http_requests_total{app=\"shop\",cluster=\"eu-1\",image=\"shop:2-errors\",code=\"200\"} 14\n"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("http_requests_total{app=\"shop\",cluster=\"eu-1\",image=\"shop:2-errors\",code=\"500\"} 6\n"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("http_requests_total{app=\"cart\",cluster=\"us-1\",image=\"cart:1\",code=\"200\"} 20\n"),
            std::string::npos)
      << text;
}

}  // namespace
}  // namespace fleetwave::sim
