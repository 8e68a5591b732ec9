// Measurements and verdicts: the grid of measurement times, measurements from a recorded range
// answer, and every verdict transition.
#include "rollout/analysis/measurement_verdict.h"

#include <fstream>
#include <limits>
#include <sstream>

#include <gtest/gtest.h>

#include "rollout/analysis/condition.h"
#include "testkit/build_paths.h"

namespace fleetwave {
namespace {

AnalysisCheck check_of(const std::string& condition, std::int64_t count, std::int64_t failure_limit = 0,
                       std::int64_t inconclusive_limit = 0, std::int64_t interval_ms = 10'000) {
  AnalysisCheck check;
  check.name = "error-rate";
  check.prometheus = PrometheusCheck{"up"};
  check.success = std::make_shared<const Condition>(Condition::parse(condition).value());
  check.count = count;
  check.failure_limit = failure_limit;
  check.inconclusive_limit = inconclusive_limit;
  check.interval_ms = interval_ms;
  return check;
}

constexpr auto P = MeasurementOutcome::Passed;
constexpr auto F = MeasurementOutcome::Failed;
constexpr auto I = MeasurementOutcome::Inconclusive;

std::vector<Measurement> series(const std::vector<MeasurementOutcome>& outcomes) {
  std::vector<Measurement> out;
  for (std::size_t i = 0; i < outcomes.size(); ++i) {
    const bool judged = outcomes[i] != I;
    out.push_back(Measurement{static_cast<std::int64_t>(i + 1) * 1000, outcomes[i], judged ? std::to_string(i) : "",
                              judged ? "" : "the query returned no data"});
  }
  return out;
}

TEST(MeasurementVerdictTest, MeasuresOneValue) {
  const AnalysisCheck check = check_of("result < 0.05", 1);
  struct Case {
    std::string name;
    MetricValue value;
    MeasurementOutcome outcome;
    std::string value_text;
    std::string note;
  };
  const std::vector<Case> cases = {
      {"passed", MetricValue{{0.01}}, P, "0.01", ""},
      {"failed", MetricValue{{0.2}}, F, "0.2", ""},
      {"no data", MetricValue{}, I, "", "the query returned no data"},
      {"NaN", MetricValue{{std::numeric_limits<double>::quiet_NaN()}}, I, "NaN", "result is NaN"},
      {"+Inf", MetricValue{{std::numeric_limits<double>::infinity()}}, I, "+Inf", "result is +Inf"},
      {"several series", MetricValue{{0.01, 0.02}}, I, "[0.01, 0.02]",
       "the query returned 2 series: index the result (result[0])"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    Measurement m = measure(check, 5000, c.value);
    EXPECT_EQ(m.time_ms, 5000);
    EXPECT_EQ(to_string(m.outcome), std::string(to_string(c.outcome)));
    EXPECT_EQ(m.value_text, c.value_text);
    EXPECT_EQ(m.note, c.note);
  }
  Measurement provider = inconclusive_measurement(7000, "prometheus timeout: query timed out in query execution");
  EXPECT_EQ(provider.outcome, I);
  EXPECT_EQ(provider.note, "prometheus timeout: query timed out in query execution");
}

TEST(MeasurementVerdictTest, JudgesEveryTransition) {
  struct Case {
    std::string name;
    std::int64_t count, failure_limit, inconclusive_limit;
    std::vector<MeasurementOutcome> outcomes;
    CheckVerdict::Phase phase;
    int passed, failed, inconclusive, taken;
  };
  using Phase = CheckVerdict::Phase;
  const std::vector<Case> cases = {
      {"nothing yet", 3, 0, 0, {}, Phase::Running, 0, 0, 0, 0},
      {"some passed", 3, 0, 0, {P, P}, Phase::Running, 2, 0, 0, 2},
      {"all passed", 3, 0, 0, {P, P, P}, Phase::Successful, 3, 0, 0, 3},
      {"later ones ignored", 2, 0, 0, {P, P, F, F}, Phase::Successful, 2, 0, 0, 2},
      {"one failure over the limit 0", 3, 0, 0, {P, F}, Phase::Failed, 1, 1, 0, 2},
      {"failure within the limit", 3, 1, 0, {F, P}, Phase::Running, 1, 1, 0, 2},
      {"failure within the limit, done", 3, 1, 0, {F, P, P}, Phase::Successful, 2, 1, 0, 3},
      {"second failure over the limit 1", 10, 1, 0, {F, P, F, P}, Phase::Failed, 1, 2, 0, 3},
      {"inconclusive over the limit 0", 3, 0, 0, {P, I}, Phase::Inconclusive, 1, 0, 1, 2},
      {"inconclusive within the limit", 3, 0, 2, {I, P, I}, Phase::Successful, 1, 0, 2, 3},
      {"third inconclusive over the limit 2", 10, 0, 2, {I, I, P, I}, Phase::Inconclusive, 1, 0, 3, 4},
      {"failure checked before inconclusive", 10, 0, 0, {F}, Phase::Failed, 0, 1, 0, 1},
      {"count reached with none passed, all inconclusive", 2, 0, 5, {I, I}, Phase::Inconclusive, 0, 0, 2, 2},
      {"count reached with none passed, some failed", 2, 5, 5, {F, I}, Phase::Failed, 0, 1, 1, 2},
      {"single measurement passes", 1, 0, 0, {P}, Phase::Successful, 1, 0, 0, 1},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    CheckVerdict v =
        judge_measurements(check_of("result < 1", c.count, c.failure_limit, c.inconclusive_limit), series(c.outcomes));
    EXPECT_EQ(to_string(v.phase), std::string(to_string(c.phase)));
    EXPECT_EQ(v.passed, c.passed);
    EXPECT_EQ(v.failed, c.failed);
    EXPECT_EQ(v.inconclusive, c.inconclusive);
    EXPECT_EQ(v.taken, c.taken);
  }
}

TEST(MeasurementVerdictTest, SortsByTimeAndSummarizes) {
  const AnalysisCheck check = check_of("result < 0.05", 10, 1, 2);
  // Out of order: the failure at t=1000 comes first, then the one at t=3000 ends the check.
  std::vector<Measurement> ms = {{3000, F, "0.2", ""}, {2000, P, "0.01", ""}, {1000, F, "0.3", ""}};
  CheckVerdict failed = judge_measurements(check, ms);
  EXPECT_EQ(failed.phase, CheckVerdict::Phase::Failed);
  EXPECT_EQ(failed.last_value, "0.2");
  EXPECT_EQ(failed.summary,
            "failed: 3/10 measurements: 1 passed, 2 failed (failureLimit 1), 0 inconclusive (inconclusiveLimit 2); "
            "last value 0.2");

  CheckVerdict running = judge_measurements(check, {{1000, P, "0.01", ""}});
  EXPECT_EQ(running.summary,
            "running: 1/10 measurements: 1 passed, 0 failed (failureLimit 1), 0 inconclusive (inconclusiveLimit 2); "
            "last value 0.01");
  EXPECT_EQ(judge_measurements(check, {}).summary,
            "running: 0/10 measurements: 0 passed, 0 failed (failureLimit 1), 0 inconclusive (inconclusiveLimit 2)");

  std::vector<Measurement> no_data = {
      {1000, I, "", "result is NaN"}, {2000, I, "", "result is NaN"}, {3000, I, "", "the query returned no data"}};
  EXPECT_EQ(judge_measurements(check, no_data).summary,
            "inconclusive: 3/10 measurements: 0 passed, 0 failed (failureLimit 1), 3 inconclusive (inconclusiveLimit "
            "2); last: the query returned no data");

  const AnalysisCheck one = check_of("result < 0.05", 1);
  EXPECT_EQ(judge_measurements(one, {{1000, P, "0.01", ""}}).summary,
            "successful: 1/1 measurements: 1 passed, 0 failed (failureLimit 0), 0 inconclusive (inconclusiveLimit 0)");
}

TEST(MeasurementVerdictTest, PlansTheMeasurementGrid) {
  const AnalysisCheck check = check_of("result < 1", 3, 0, 0, 30'000);
  struct Case {
    std::string name;
    std::int64_t healthy_since, now;
    std::optional<std::vector<std::int64_t>> want;
  };
  const std::vector<Case> cases = {
      {"now before healthy", 100'000, 99'999, std::nullopt},
      {"just healthy", 100'000, 100'000, std::nullopt},
      {"one ms before the first", 100'000, 129'999, std::nullopt},
      {"exactly the first", 100'000, 130'000, std::vector<std::int64_t>{130'000}},
      {"between the first and second", 100'000, 159'999, std::vector<std::int64_t>{130'000}},
      {"exactly the second", 100'000, 160'000, std::vector<std::int64_t>{130'000, 160'000}},
      {"exactly the last", 100'000, 190'000, std::vector<std::int64_t>{130'000, 160'000, 190'000}},
      {"long after: only count", 100'000, 10'000'000, std::vector<std::int64_t>{130'000, 160'000, 190'000}},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    auto grid = measurement_grid(check, c.healthy_since, c.now);
    ASSERT_EQ(grid.has_value(), c.want.has_value());
    if (!grid) continue;
    EXPECT_EQ(grid->start_ms, 130'000);
    EXPECT_EQ(grid->step_ms, 30'000);
    EXPECT_EQ(grid->end_ms, c.want->back());
    EXPECT_EQ(grid->times(), *c.want);
  }
  // Far-apart times do not overflow.
  const AnalysisCheck huge = check_of("result < 1", std::numeric_limits<std::int64_t>::max(), 0, 0, 1);
  auto grid = measurement_grid(huge, std::numeric_limits<std::int64_t>::min() / 2,
                               std::numeric_limits<std::int64_t>::max() / 2);
  ASSERT_TRUE(grid.has_value());
  EXPECT_EQ(grid->end_ms, std::numeric_limits<std::int64_t>::max() / 2);
}

std::string recorded(const std::string& name) {
  std::ifstream in(std::string(fleetwave::testkit::source_dir()) + "/reconciler/rollout/analysis/testdata/prometheus/" +
                   name);
  std::stringstream body;
  body << in.rdbuf();
  return body.str();
}

// The recorded answer of a range query over T-60s..T with a 10s step; its first series starts
// late. Grid: healthy at T-70s, a measurement every 10s.
TEST(MeasurementVerdictTest, MeasuresARecordedRangeAnswer) {
  constexpr std::int64_t kT = 1795709269000;
  auto samples = parse_range_answer(recorded("range_two_series.json"));
  ASSERT_TRUE(samples.ok()) << samples.error().message;
  const AnalysisCheck check = check_of("result[0] < 0.075", 10, 1, 5);
  auto grid = measurement_grid(check, kT - 70'000, kT);
  ASSERT_TRUE(grid.has_value());
  EXPECT_EQ(grid->times().size(), 7u);
  std::vector<Measurement> ms = measurements_from_range(check, *grid, *samples);
  ASSERT_EQ(ms.size(), 7u);
  for (int i = 0; i < 4; ++i) {
    EXPECT_EQ(ms[i].outcome, I) << i;
    EXPECT_EQ(ms[i].note, "the query returned no data");
  }
  // T-20s has only the series {handler="/api/v1/query_range"}, at 0.
  EXPECT_EQ(ms[4].outcome, P);
  EXPECT_EQ(ms[4].value_text, "0");
  EXPECT_EQ(ms[5].outcome, F);
  EXPECT_EQ(ms[5].value_text, "[0.08015, 0]");
  EXPECT_EQ(ms[6].outcome, P);
  EXPECT_EQ(ms[6].value_text, "[0.07051904761904762, 0]");
  CheckVerdict v = judge_measurements(check, ms);
  EXPECT_EQ(v.phase, CheckVerdict::Phase::Running);
  EXPECT_EQ(v.taken, 7);
  // The same data gives the same verdict (a restarted reconciler recomputes it).
  EXPECT_EQ(judge_measurements(check, measurements_from_range(check, *grid, *samples)).summary, v.summary);

  auto nan = parse_range_answer(recorded("range_nan.json"));
  ASSERT_TRUE(nan.ok());
  auto nan_grid = measurement_grid(check, kT - 30'000, kT);
  ASSERT_TRUE(nan_grid.has_value());
  std::vector<Measurement> nan_ms = measurements_from_range(check, *nan_grid, *nan);
  ASSERT_EQ(nan_ms.size(), 3u);
  EXPECT_EQ(nan_ms[0].outcome, I);
  EXPECT_EQ(nan_ms[0].note, "result[0] is NaN");
}

}  // namespace
}  // namespace fleetwave
