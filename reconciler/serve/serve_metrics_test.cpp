// The Prometheus exposition: families in a fixed order, a cumulative histogram, one phase
// series per known phase, escaped labels, and the health gauges read at scrape time.
#include "serve/serve_metrics.h"

#include <set>
#include <sstream>

#include <gtest/gtest.h>

#include "rollout/commit_message.h"

namespace fleetwave::serve {
namespace {

bool has_line(const std::string& text, const std::string& line) {
  return ("\n" + text).find("\n" + line + "\n") != std::string::npos;
}

std::string steps_line(const std::string& app, const std::string& action, std::uint64_t count) {
  return "fleetwave_steps_total{app=\"" + app + "\",action=\"" + action + "\"} " + std::to_string(count);
}

// The family a sample line belongs to: its name without labels (the histogram's series carry
// suffixes).
std::string family_of(const std::string& sample) {
  const std::string name = sample.substr(0, sample.find_first_of("{ "));
  const std::string histogram = "fleetwave_cycle_duration_seconds";
  return name.rfind(histogram, 0) == 0 ? histogram : name;
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
  m.set_apps({{"shop", {"Progressing", 2, 1700003600}}, {"we\"ird", {"Stable", 0}}});
  m.step("shop", "start");
  m.last_success(1700000000.5);
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
           "fleetwave_app_wave_deadline_timestamp_seconds{app=\"shop\"} 1700003600",
           "fleetwave_app_wave_deadline_timestamp_seconds{app=\"we\\\"ird\"} 0",
           "fleetwave_errors_total{kind=\"transient\"} 2",
           "fleetwave_webhooks_total{result=\"triggered\"} 1",
           "fleetwave_webhooks_total{result=\"unauthorized\"} 1",
           // Kinds and results that did not happen yet have their sample at 0 (issue 25, 11).
           "fleetwave_errors_total{kind=\"rejected\"} 0",
           "fleetwave_webhooks_total{result=\"ping\"} 0",
           "fleetwave_ready 1",
           "fleetwave_git_up 1",
           "fleetwave_argocd_up 0",
           "fleetwave_last_success_timestamp_seconds 1700000000.5",
           "fleetwave_build_info{version=\"dev\",revision=\"unknown\"} 1",
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

TEST(ServeMetrics, PausedAndHeldAppsShowTheirOwnPhase) {
  EXPECT_EQ(gauge_phase("Progressing", true), "Paused");
  EXPECT_EQ(gauge_phase("Held", true), "Paused");  // resume lifts the pause first
  EXPECT_EQ(gauge_phase("Held", false), "Held");
  EXPECT_EQ(gauge_phase("Stable", false), "Stable");
  ServeMetrics m;
  m.set_apps({{"cart", {gauge_phase("Progressing", true), 1}}, {"shop", {gauge_phase("Held", false), 2}}});
  const std::string text = m.render({});
  EXPECT_TRUE(has_line(text, "fleetwave_app_phase{app=\"cart\",phase=\"Paused\"} 1")) << text;
  EXPECT_TRUE(has_line(text, "fleetwave_app_phase{app=\"cart\",phase=\"Progressing\"} 0")) << text;
  EXPECT_TRUE(has_line(text, "fleetwave_app_phase{app=\"shop\",phase=\"Held\"} 1")) << text;
  EXPECT_TRUE(has_line(text, "fleetwave_app_phase{app=\"shop\",phase=\"Paused\"} 0")) << text;
}

TEST(ServeMetrics, StepsStartAtZeroForEveryKnownAppAndAction) {
  ServeMetrics m;
  EXPECT_TRUE(has_line(m.render({}), "# TYPE fleetwave_steps_total counter"));
  m.set_apps({{"cart", {"Stable", 0}}, {"shop", {"Progressing", 1}}});
  std::string text = m.render({});
  for (const char* action : kActions) {
    EXPECT_TRUE(has_line(text, steps_line("cart", action, 0))) << action << "\n" << text;
    EXPECT_TRUE(has_line(text, steps_line("shop", action, 0))) << action << "\n" << text;
  }
  m.step("shop", "rollback");
  m.step("shop", "rollback");
  m.step("shop", "start");
  text = m.render({});
  EXPECT_TRUE(has_line(text, steps_line("shop", "rollback", 2))) << text;
  EXPECT_TRUE(has_line(text, steps_line("shop", "start", 1))) << text;
  EXPECT_TRUE(has_line(text, steps_line("cart", "rollback", 0))) << text;
  // An app gone from the repository keeps the counts it had.
  m.set_apps({{"cart", {"Stable", 0}}});
  EXPECT_TRUE(has_line(m.render({}), steps_line("shop", "rollback", 2)));
}

TEST(ServeMetrics, LastSuccessIsZeroBeforeTheFirstSuccessfulCycle) {
  ServeMetrics m;
  EXPECT_TRUE(has_line(m.render({}), "fleetwave_last_success_timestamp_seconds 0"));
  m.last_success(1764042000.25);
  EXPECT_TRUE(has_line(m.render({}), "fleetwave_last_success_timestamp_seconds 1764042000.25"));
}

TEST(ServeMetrics, BuildInfoCarriesVersionAndRevision) {
  ServeMetrics m({"1.2.3", "0123456789abcdef"});
  const std::string text = m.render({});
  EXPECT_TRUE(has_line(text, "fleetwave_build_info{version=\"1.2.3\",revision=\"0123456789abcdef\"} 1")) << text;
  EXPECT_TRUE(has_line(text, "# TYPE fleetwave_build_info gauge")) << text;
}

// Every sample's family is introduced once by HELP then TYPE, before its first sample.
TEST(ServeMetrics, EveryFamilyHasHelpAndTypeOnce) {
  ServeMetrics m;
  m.set_apps({{"shop", {"Progressing", 1}}});
  m.error("transient");
  m.webhook("ping");
  m.step("shop", "advance");
  std::istringstream in(m.render({}));
  std::set<std::string> helped, typed;
  std::string last_help;
  std::size_t samples = 0;
  for (std::string line; std::getline(in, line);) {
    std::istringstream words(line);
    std::string hash, kind, name;
    words >> hash >> kind >> name;
    if (hash == "#" && kind == "HELP") {
      EXPECT_TRUE(helped.insert(name).second) << "HELP twice: " << name;
      last_help = name;
    } else if (hash == "#" && kind == "TYPE") {
      EXPECT_EQ(name, last_help) << "TYPE without its HELP just before: " << line;
      EXPECT_TRUE(typed.insert(name).second) << "TYPE twice: " << name;
    } else {
      ++samples;
      EXPECT_EQ(family_of(line), last_help) << "a sample outside its family: " << line;
    }
  }
  EXPECT_GT(samples, 0u);
  EXPECT_EQ(helped, typed);
}

}  // namespace
}  // namespace fleetwave::serve
