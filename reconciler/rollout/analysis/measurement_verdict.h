// Judging an analysis check from its measurements, as Argo Rollouts judges a metric
// (analysis/analysis.go: runMeasurements, assessMetricStatus, assessMetricFailureInconclusiveOrError).
// Stateless by design: the measurements are recomputed from the metrics store at the times a grid
// fixes, so a restarted reconciler reaches the same verdict from the same data.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "rollout/analysis/analysis_check.h"
#include "rollout/analysis/expr/expr_value.h"
#include "rollout/analysis/prometheus_answer.h"

namespace fleetwave {

// As a Rollouts measurement: Successful / Failed by the conditions, Inconclusive when neither
// condition holds (both given), Error when there is nothing to judge (no data, an index past the
// last series, a provider's error answer, a condition that does not fit the value).
enum class MeasurementPhase { Successful, Failed, Inconclusive, Error };

const char* to_string(MeasurementPhase phase);

struct Measurement {
  std::int64_t time_ms = 0;
  MeasurementPhase phase = MeasurementPhase::Error;
  std::string value_text;  // "0.031", "[1, 2]", "NaN"; "" when there was no value
  std::string note;        // why it is an Error
};

// Judges one value by the check's conditions (utils/evaluate EvaluateResult).
Measurement measure(const AnalysisCheck& check, std::int64_t time_ms, const ExprValue& result, std::string value_text);

// A measurement that could not be judged: `why` becomes the note.
Measurement error_measurement(std::int64_t time_ms, std::string why);

struct CheckVerdict {
  // Running until the first end; Rollouts' run phases are ordered by badness in this order.
  enum class Phase { Running, Successful, Inconclusive, Failed, Error } phase = Phase::Running;
  int successful = 0;
  int failed = 0;
  int inconclusive = 0;
  int errors = 0;
  int consecutive_errors = 0;
  int consecutive_successes = 0;
  int counted = 0;         // measurements that count toward `count` (all but errors)
  std::string last_value;  // value_text of the last measurement judged
  std::string last_error;  // the note of the last measurement when it was an Error
  std::string summary;     // one line for status and messages
};

const char* to_string(CheckVerdict::Phase phase);

// Adds one measurement, later than every one before, to `verdict` (nothing once it has ended):
// judge_measurements one at a time, so a runner keeps the verdict rather than every measurement.
void add_measurement(const AnalysisCheck& check, const Measurement& measurement, CheckVerdict& verdict);

// Reads the measurements in time order, counting them as runMeasurements does, and stops at the
// first end assessMetricStatus finds: Failed when failed > failureLimit (unless negative),
// Inconclusive when inconclusive > inconclusiveLimit, Error when more than consecutiveErrorLimit
// errors in a row (later rules win); then Successful at consecutiveSuccessLimit; then, once
// `count` measurements counted: Successful, or with consecutiveSuccessLimit set Inconclusive
// (failureLimit applicable) or Failed (not). Measurements after the end are ignored.
CheckVerdict judge_measurements(const AnalysisCheck& check, const std::vector<Measurement>& measurements);

// The measurement times: start + k * interval for k = 0, 1, ..., where start is the analysis'
// start plus initialDelay (Rollouts measures at once, then every interval). Only times at or
// before now are due; `limit` caps how many are returned.
std::vector<std::int64_t> measurement_times(const AnalysisCheck& check, std::int64_t since_ms, std::int64_t now_ms,
                                            std::int64_t from_index, std::int64_t limit);

// One measurement per time from a range answer: the value of every series at that time (an
// empty vector where the answer has none, which only a condition such as `len(result) == 0`
// accepts), handed to the conditions as a number when the query is a scalar expression.
std::vector<Measurement> measurements_from_range(const AnalysisCheck& check, const std::vector<std::int64_t>& times,
                                                 const std::vector<Sample>& samples, bool scalar);

}  // namespace fleetwave
