// Measurements and verdicts as Argo Rollouts decides them: one measurement by the conditions
// (utils/evaluate EvaluateResult), a check by its limits (analysis/analysis.go assessMetricStatus),
// the measurement times, and measurements from a recorded range answer.
#include "rollout/analysis/measurement_verdict.h"

#include <fstream>
#include <limits>
#include <sstream>

#include <gtest/gtest.h>

#include "rollout/analysis/expr/expression.h"
#include "testkit/build_paths.h"

namespace fleetwave {
namespace {

using Phase = CheckVerdict::Phase;

std::shared_ptr<const Expression> condition(const std::string& text) {
  if (text.empty()) return nullptr;
  return std::make_shared<const Expression>(Expression::parse(text).value());
}

AnalysisCheck check_of(const std::string& success, std::optional<std::int64_t> count = 1,
                       const std::string& failure = "") {
  AnalysisCheck check;
  check.name = "error-rate";
  check.prometheus = PrometheusCheck{"up"};
  check.success = condition(success);
  check.failure = condition(failure);
  check.count = count;
  return check;
}

// "SFIE": one measurement per letter (Successful, Failed, Inconclusive, Error), a second apart.
std::vector<Measurement> series(const std::string& phases) {
  std::vector<Measurement> out;
  for (std::size_t i = 0; i < phases.size(); ++i) {
    const MeasurementPhase phase = phases[i] == 'S'   ? MeasurementPhase::Successful
                                   : phases[i] == 'F' ? MeasurementPhase::Failed
                                   : phases[i] == 'I' ? MeasurementPhase::Inconclusive
                                                      : MeasurementPhase::Error;
    const bool error = phase == MeasurementPhase::Error;
    out.push_back(Measurement{static_cast<std::int64_t>(i + 1) * 1000, phase, error ? "" : std::to_string(i),
                              error ? "no data" : ""});
  }
  return out;
}

const double kNaN = std::numeric_limits<double>::quiet_NaN();
const double kInf = std::numeric_limits<double>::infinity();

// EvaluateResult and the Prometheus provider's values (evaluate_test.go, prometheus_test.go).
TEST(MeasurementVerdictTest, MeasuresOneValueAsRolloutsDoes) {
  struct Case {
    std::string name, success, failure;
    ExprValue result;
    MeasurementPhase want;
  };
  const std::vector<Case> cases = {
      {"success holds", "result < 0.05", "", ExprValue::number(0.01), MeasurementPhase::Successful},
      {"success does not hold: failed", "result < 0.05", "", ExprValue::number(0.2), MeasurementPhase::Failed},
      {"failure only, holds", "", "result > 0.1", ExprValue::number(0.2), MeasurementPhase::Failed},
      {"failure only, does not hold: successful", "", "result > 0.1", ExprValue::number(0.01),
       MeasurementPhase::Successful},
      {"both, neither holds: inconclusive", "result < 0.05", "result > 0.1", ExprValue::number(0.07),
       MeasurementPhase::Inconclusive},
      {"both hold: failed wins", "result < 1", "result > 0", ExprValue::number(0.5), MeasurementPhase::Failed},
      {"no condition: successful", "", "", ExprValue::number(42), MeasurementPhase::Successful},
      // The verdicts: NaN and Inf compare as Go floats do.
      {"NaN >= 0.9 is false: failed", "result >= 0.9", "", ExprValue::number(kNaN), MeasurementPhase::Failed},
      {"NaN != 0 is true: successful", "result != 0", "", ExprValue::number(kNaN), MeasurementPhase::Successful},
      {"+Inf above a bound: successful", "result > 100", "", ExprValue::number(kInf), MeasurementPhase::Successful},
      {"the Rollouts NaN guard", "isNaN(result) || result < 0.05", "", ExprValue::number(kNaN),
       MeasurementPhase::Successful},
      {"an empty vector indexed: error", "result[0] < 0.05", "", ExprValue::floats({}), MeasurementPhase::Error},
      {"an index past the last series: error", "result[1] < 0.05", "", ExprValue::floats({0.01}),
       MeasurementPhase::Error},
      {"a vector compared without an index: error", "result < 0.05", "", ExprValue::floats({0.01}),
       MeasurementPhase::Error},
      {"an empty vector guarded by len", "len(result) == 0 || result[0] < 0.05", "", ExprValue::floats({}),
       MeasurementPhase::Successful},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    Measurement m = measure(check_of(c.success, 1, c.failure), 5000, c.result, "v");
    EXPECT_EQ(m.time_ms, 5000);
    EXPECT_EQ(to_string(m.phase), std::string(to_string(c.want))) << m.note;
    EXPECT_EQ(m.value_text, "v");
    EXPECT_EQ(m.note.empty(), c.want != MeasurementPhase::Error) << m.note;
  }
  // formatEvalError: an empty result says that the provider returned no data.
  Measurement empty = measure(check_of("result[0] < 1"), 1, ExprValue::floats({}), "[]");
  EXPECT_NE(empty.note.find("could not evaluate successCondition \"result[0] < 1\": the result is empty"),
            std::string::npos)
      << empty.note;
}

// assessMetricStatus / assessMetricFailureInconclusiveOrError over a sequence of measurements.
TEST(MeasurementVerdictTest, JudgesEveryLimitAsRolloutsDoes) {
  struct Case {
    std::string name;  // and the Rollouts test it mirrors
    std::optional<std::int64_t> count;
    std::int64_t failure_limit, inconclusive_limit, consecutive_success_limit;
    std::string measurements;
    Phase want;
    int counted;
  };
  const std::vector<Case> cases = {
      {"NoMeasurements: running", 3, 0, 0, 0, "", Phase::Running, 0},
      {"CountReached: successful", 3, 0, 0, 0, "SSS", Phase::Successful, 3},
      {"later measurements ignored", 2, 0, 0, 0, "SSFF", Phase::Successful, 2},
      {"FailureLimit 0: the first failure fails", 3, 0, 0, 0, "SF", Phase::Failed, 2},
      {"FailureLimit 1: within", 3, 1, 0, 0, "FS", Phase::Running, 2},
      {"count 3, failureLimit 3, three failures: successful", 3, 3, 0, 0, "FFF", Phase::Successful, 3},
      {"FailureLimit 2: failed 3 > 2", 10, 2, 0, 0, "FSFSF", Phase::Failed, 5},
      {"InconclusiveLimit 0", 3, 0, 0, 0, "SI", Phase::Inconclusive, 2},
      {"InconclusiveLimit 2: within, then count", 3, 0, 2, 0, "IIS", Phase::Successful, 3},
      {"InconclusiveLimit 2: inconclusive 3 > 2", 10, 0, 2, 0, "IISI", Phase::Inconclusive, 4},
      {"ConsecutiveErrors: 4 in a row tolerated", 3, 0, 0, 0, "EEEE", Phase::Running, 0},
      {"ConsecutiveErrors: 5 in a row > 4", 3, 0, 0, 0, "EEEEE", Phase::Error, 0},
      {"ResetConsecutiveErrorCounter: a success resets it", 10, 0, 0, 0, "EEEESEEEE", Phase::Running, 1},
      {"errors count toward neither count nor failureLimit", 2, 0, 0, 0, "ESES", Phase::Successful, 2},
      {"ConsecutiveSuccessLimit reached (failureLimit -1, no count)", std::nullopt, -1, 0, 3, "FFFSSS",
       Phase::Successful, 6},
      {"ConsecutiveSuccessLimit: count reached without it, failureLimit -1: failed", 7, -1, 0, 5, "FSFSSSS",
       Phase::Failed, 7},
      {"FailureLimitAndConsecutiveSuccessLimit: count reached, neither: inconclusive", 10, 4, 0, 4, "SSSFFFFSSS",
       Phase::Inconclusive, 10},
      {"FailureLimitAndConsecutiveSuccessLimit: success limit first", 10, 4, 0, 4, "FFFSSSS", Phase::Successful, 7},
      {"FailureLimitAndConsecutiveSuccessLimit: failure limit first", 10, 4, 0, 4, "FFFFSF", Phase::Failed, 6},
      {"no count: runs on", std::nullopt, 0, 0, 0, "SSSSSSSS", Phase::Running, 8},
      {"no count: still fails", std::nullopt, 0, 0, 0, "SSSF", Phase::Failed, 4},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    AnalysisCheck check = check_of("result < 1", c.count);
    check.failure_limit = c.failure_limit;
    check.inconclusive_limit = c.inconclusive_limit;
    check.consecutive_success_limit = c.consecutive_success_limit;
    CheckVerdict v = judge_measurements(check, series(c.measurements));
    EXPECT_EQ(to_string(v.phase), std::string(to_string(c.want)));
    EXPECT_EQ(v.counted, c.counted);
  }
  AnalysisCheck limit_one = check_of("result < 1", 10);
  limit_one.consecutive_error_limit = 1;
  EXPECT_EQ(judge_measurements(limit_one, series("SEE")).phase, Phase::Error);
  EXPECT_EQ(judge_measurements(limit_one, series("SES")).phase, Phase::Running);
}

TEST(MeasurementVerdictTest, SortsByTimeAndSummarizes) {
  AnalysisCheck check = check_of("result < 0.05", 10);
  check.failure_limit = 1;
  check.inconclusive_limit = 2;
  const auto S = MeasurementPhase::Successful;
  const auto F = MeasurementPhase::Failed;
  // Out of order: the failure at t=1000 comes first, then the one at t=3000 ends the check.
  CheckVerdict failed = judge_measurements(check, {{3000, F, "0.2", ""}, {2000, S, "0.01", ""}, {1000, F, "0.3", ""}});
  EXPECT_EQ(failed.phase, Phase::Failed);
  EXPECT_EQ(failed.summary,
            "failed: 3/10 measurements: 1 successful, 2 failed (failureLimit 1), 0 inconclusive (inconclusiveLimit "
            "2); last value 0.2");
  EXPECT_EQ(
      judge_measurements(check, {}).summary,
      "running: 0/10 measurements: 0 successful, 0 failed (failureLimit 1), 0 inconclusive (inconclusiveLimit 2)");
  EXPECT_EQ(judge_measurements(check, series("SEE")).summary,
            "running: 1/10 measurements: 1 successful, 0 failed (failureLimit 1), 0 inconclusive (inconclusiveLimit "
            "2), 2 errors (2 in a row, consecutiveErrorLimit 4); last value 0; last error: no data");
  EXPECT_EQ(judge_measurements(check_of("result < 1", std::nullopt), series("S")).summary,
            "running: 1 measurements: 1 successful, 0 failed (failureLimit 0), 0 inconclusive (inconclusiveLimit 0); "
            "last value 0");
}

// generateMetricTasks: the first measurement at once after initialDelay, then every interval.
TEST(MeasurementVerdictTest, PlansTheMeasurementTimes) {
  AnalysisCheck check = check_of("result < 1", 3);
  check.interval_ms = 30'000;
  using Times = std::vector<std::int64_t>;
  EXPECT_EQ(measurement_times(check, 100'000, 99'999, 0, 10), Times{});
  EXPECT_EQ(measurement_times(check, 100'000, 100'000, 0, 10), Times{100'000});
  EXPECT_EQ(measurement_times(check, 100'000, 129'999, 0, 10), Times{100'000});
  EXPECT_EQ(measurement_times(check, 100'000, 160'000, 0, 10), (Times{100'000, 130'000, 160'000}));
  EXPECT_EQ(measurement_times(check, 100'000, 160'000, 1, 10), (Times{130'000, 160'000}));
  EXPECT_EQ(measurement_times(check, 100'000, 160'000, 3, 10), Times{});
  EXPECT_EQ(measurement_times(check, 100'000, 10'000'000, 0, 2), (Times{100'000, 130'000}));  // the limit
  check.initial_delay_ms = 60'000;                                                            // HonorInitialDelay
  EXPECT_EQ(measurement_times(check, 100'000, 159'999, 0, 10), Times{});
  EXPECT_EQ(measurement_times(check, 100'000, 190'000, 0, 10), (Times{160'000, 190'000}));
  // Far-apart times do not overflow.
  check.interval_ms = 1;
  check.initial_delay_ms = 0;
  EXPECT_EQ(measurement_times(check, std::numeric_limits<std::int64_t>::min() / 2,
                              std::numeric_limits<std::int64_t>::max() / 2, 0, 1)
                .size(),
            1u);
}

std::string recorded(const std::string& name) {
  std::ifstream in(std::string(fleetwave::testkit::source_dir()) + "/reconciler/rollout/analysis/testdata/prometheus/" +
                   name);
  std::stringstream body;
  body << in.rdbuf();
  return body.str();
}

// The recorded answer of a range query over T-60s..T with a 10s step; its first series starts
// late, so the first times have no data: an empty vector, an Error for `result[0] < x`.
TEST(MeasurementVerdictTest, MeasuresARecordedRangeAnswer) {
  constexpr std::int64_t kT = 1795709269000;
  auto samples = parse_range_answer(recorded("range_two_series.json"));
  ASSERT_TRUE(samples.ok()) << samples.error().message;
  AnalysisCheck check = check_of("result[0] < 0.075", 10);
  check.failure_limit = 1;
  check.interval_ms = 10'000;
  const std::vector<std::int64_t> times = measurement_times(check, kT - 60'000, kT, 0, 100);
  ASSERT_EQ(times.size(), 7u);
  std::vector<Measurement> ms = measurements_from_range(check, times, *samples, false);
  ASSERT_EQ(ms.size(), 7u);
  for (int i = 0; i < 4; ++i) {
    EXPECT_EQ(ms[i].phase, MeasurementPhase::Error) << i;
    EXPECT_EQ(ms[i].value_text, "[]");
  }
  // T-20s has only the series {handler="/api/v1/query_range"}, at 0.
  EXPECT_EQ(ms[4].phase, MeasurementPhase::Successful);
  EXPECT_EQ(ms[4].value_text, "[0]");
  EXPECT_EQ(ms[5].phase, MeasurementPhase::Failed);
  EXPECT_EQ(ms[5].value_text, "[0.08015,0]");
  EXPECT_EQ(ms[6].phase, MeasurementPhase::Successful);
  CheckVerdict v = judge_measurements(check, ms);
  EXPECT_EQ(v.phase, Phase::Running);  // 4 errors in a row are tolerated; measuring goes on
  EXPECT_EQ(v.counted, 3);
  EXPECT_EQ(v.errors, 4);
  // The same data gives the same verdict (a restarted reconciler recomputes it).
  EXPECT_EQ(judge_measurements(check, measurements_from_range(check, times, *samples, false)).summary, v.summary);

  auto nan = parse_range_answer(recorded("range_nan.json"));
  ASSERT_TRUE(nan.ok());
  const std::vector<std::int64_t> nan_times = measurement_times(check, kT - 20'000, kT, 0, 100);
  std::vector<Measurement> nan_ms = measurements_from_range(check_of("result < 0.075"), nan_times, *nan, true);
  ASSERT_EQ(nan_ms.size(), 3u);
  EXPECT_EQ(nan_ms[0].phase, MeasurementPhase::Failed);  // NaN < 0.075 is false, as in Go
  EXPECT_EQ(nan_ms[0].value_text, "NaN");
}

}  // namespace
}  // namespace fleetwave
