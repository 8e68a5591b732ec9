// The Prometheus exposition: families in a fixed order, a cumulative histogram, one phase
// series per known phase, escaped labels, and the health gauges read at scrape time.
#include "serve/serve_metrics.h"

#include <gtest/gtest.h>

namespace fleetwave::serve {
namespace {

bool has_line(const std::string& text, const std::string& line) {
  return ("\n" + text).find("\n" + line + "\n") != std::string::npos;
}

TEST(ServeMetrics, RendersEveryFamily) {
  ServeMetrics m;
  m.cycle("success", 0.2);
  m.cycle("success", 3);
  m.cycle("error", 400);
  m.pushes(2);
  m.push_conflicts(1);
  m.push_rejections(3);
  m.webhook_logs_suppressed(5);
  m.error("transient");
  m.error("transient");
  m.webhook("triggered");
  m.webhook("unauthorized");
  m.set_apps({{"shop", {"Progressing", 2}}, {"we\"ird", {"Stable", 0}}});
  const std::string text = m.render({true, true, false});
  for (const std::string line : {
           "fleetwave_cycles_total{result=\"error\"} 1",
           "fleetwave_cycles_total{result=\"success\"} 2",
           "fleetwave_cycle_duration_seconds_bucket{le=\"0.1\"} 0",
           "fleetwave_cycle_duration_seconds_bucket{le=\"0.25\"} 1",
           "fleetwave_cycle_duration_seconds_bucket{le=\"5\"} 2",
           "fleetwave_cycle_duration_seconds_bucket{le=\"300\"} 2",
           "fleetwave_cycle_duration_seconds_bucket{le=\"+Inf\"} 3",
           "fleetwave_cycle_duration_seconds_sum 403.2",
           "fleetwave_cycle_duration_seconds_count 3",
           "fleetwave_pushes_total 2",
           "fleetwave_push_conflicts_total 1",
           "fleetwave_push_rejections_total 3",
           "fleetwave_webhook_logs_suppressed_total 5",
           "fleetwave_app_phase{app=\"shop\",phase=\"Progressing\"} 1",
           "fleetwave_app_phase{app=\"shop\",phase=\"Stable\"} 0",
           "fleetwave_app_phase{app=\"we\\\"ird\",phase=\"Stable\"} 1",
           "fleetwave_app_wave{app=\"shop\"} 2",
           "fleetwave_errors_total{kind=\"transient\"} 2",
           "fleetwave_webhooks_total{result=\"triggered\"} 1",
           "fleetwave_webhooks_total{result=\"unauthorized\"} 1",
           "fleetwave_ready 1",
           "fleetwave_git_up 1",
           "fleetwave_argocd_up 0",
           "# TYPE fleetwave_cycle_duration_seconds histogram",
       }) {
    EXPECT_TRUE(has_line(text, line)) << line << "\n" << text;
  }
  EXPECT_EQ(text, m.render({true, true, false}));  // deterministic
  EXPECT_EQ(m.cycles("success"), 2u);
}

TEST(ServeMetrics, FreshRegistryHasZeroCyclesForBothResults) {
  ServeMetrics m;
  const std::string text = m.render({});
  EXPECT_TRUE(has_line(text, "fleetwave_cycles_total{result=\"success\"} 0")) << text;
  EXPECT_TRUE(has_line(text, "fleetwave_cycles_total{result=\"error\"} 0")) << text;
  EXPECT_TRUE(has_line(text, "fleetwave_ready 0")) << text;
  EXPECT_EQ(escape_label("a\\b\n\"c\""), "a\\\\b\\n\\\"c\\\"");
}

}  // namespace
}  // namespace fleetwave::serve
