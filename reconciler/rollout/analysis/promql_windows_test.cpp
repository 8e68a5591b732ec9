// Bounding a query to a window: every instant selector and range a measurement reads, nothing
// else (function names, aggregations, grouping labels, strings and literals stay as written).
// Each rewritten form was checked against Prometheus 2.42 (the e2e analysis tests run them).
#include "rollout/analysis/promql_windows.h"

#include <gtest/gtest.h>

namespace fleetwave {
namespace {

struct BoundCase {
  const char* query;
  const char* within_30s;  // the query bounded to 30 s
  std::int64_t widest_ms;  // how far back it reads as written
};

class PromqlWindowsTest : public ::testing::TestWithParam<BoundCase> {};

TEST_P(PromqlWindowsTest, BoundsEverySelectorItReads) {
  const BoundCase& c = GetParam();
  const PromqlWindows w = PromqlWindows::of(c.query);
  EXPECT_TRUE(w.boundable()) << c.query;
  EXPECT_EQ(w.within(30'000), c.within_30s) << c.query;
  EXPECT_EQ(w.widest_ms(), c.widest_ms) << c.query;
}

constexpr std::int64_t kLookback = kDefaultLookbackMs;

INSTANTIATE_TEST_SUITE_P(
    Queries, PromqlWindowsTest,
    ::testing::Values(
        BoundCase{"up", "last_over_time(up[30000ms])", kLookback},
        BoundCase{"up{job=\"api\"} == 1", "last_over_time(up{job=\"api\"}[30000ms]) == 1", kLookback},
        BoundCase{"{__name__=\"up\"}", "last_over_time({__name__=\"up\"}[30000ms])", kLookback},
        BoundCase{"job:requests:rate5m", "last_over_time(job:requests:rate5m[30000ms])", kLookback},
        // A range shorter than the window keeps its length; a longer one is cut to the window.
        BoundCase{"rate(x[10s])", "rate(x[10000ms])", 10'000},
        BoundCase{"sum(rate(x{code=~\"5..\"}[1h30m])) by (job)", "sum(rate(x{code=~\"5..\"}[30000ms])) by (job)",
                  5'400'000},
        // Grouping labels, function names and aggregations are not selectors.
        BoundCase{"sum by (le) (rate(h_bucket[5m]))", "sum by (le) (rate(h_bucket[30000ms]))", 300'000},
        BoundCase{"histogram_quantile(0.9, sum(rate(h_bucket[1m])) without (pod))",
                  "histogram_quantile(0.9, sum(rate(h_bucket[30000ms])) without (pod))", 60'000},
        BoundCase{"a / on(job) group_left(team) b",
                  "last_over_time(a[30000ms]) / on(job) group_left(team) last_over_time(b[30000ms])", kLookback},
        BoundCase{"SUM(a) BY (job) > bool 0.5", "SUM(last_over_time(a[30000ms])) BY (job) > bool 0.5", kLookback},
        // Strings, numbers and comments hold no selector, whatever they contain.
        BoundCase{"label_replace(up, \"dst\", \"$1 {x} [5m]\", \"src\", \"(.*)\")",
                  "label_replace(last_over_time(up[30000ms]), \"dst\", \"$1 {x} [5m]\", \"src\", \"(.*)\")", kLookback},
        BoundCase{"x{a='}'} > 1e-3 # rate(y[5m])", "last_over_time(x{a='}'}[30000ms]) > 1e-3 # rate(y[5m])", kLookback},
        BoundCase{"vector(1) + scalar(time()) - Inf", "vector(1) + scalar(time()) - Inf", 0},
        // `offset` and `@` ask for older samples on purpose: that selector stays as written.
        BoundCase{"x / x offset 1w", "last_over_time(x[30000ms]) / x offset 1w", kLookback},
        BoundCase{"rate(x[5m]) / rate(x[5m] offset 1d)", "rate(x[30000ms]) / rate(x[5m] offset 1d)", 300'000},
        BoundCase{"x @ start()", "x @ start()", 0}));

TEST(PromqlWindowsTest, LeavesASubqueryOrUnreadableTextAsWritten) {
  for (const char* query :
       {"max_over_time(rate(x[1m])[10m:1m])", "max_over_time(x[10m:])", "rate(x[5m", "x{a=\"b}", "rate(x[five])"}) {
    const PromqlWindows w = PromqlWindows::of(query);
    EXPECT_FALSE(w.boundable()) << query;
    EXPECT_EQ(w.within(1000), query);
    EXPECT_EQ(w.widest_ms(), 0) << query;
  }
}

TEST(PromqlWindowsTest, ReadsDurationsAsPrometheusWritesThem) {
  EXPECT_EQ(promql_duration_ms("250ms"), 250);
  EXPECT_EQ(promql_duration_ms("4s"), 4'000);
  EXPECT_EQ(promql_duration_ms("1h30m"), 5'400'000);
  EXPECT_EQ(promql_duration_ms("1m500ms"), 60'500);
  EXPECT_EQ(promql_duration_ms(" 2w "), 1'209'600'000);
  EXPECT_EQ(promql_duration_ms("1y"), 31'536'000'000);
  for (const char* bad : {"", "5", "m", "5x", "0s", "1.5m", "5m:1m"}) EXPECT_EQ(promql_duration_ms(bad), -1) << bad;
}

}  // namespace
}  // namespace fleetwave
