// Judging an analysis check from its measurements. Stateless by design: the measurements are
// recomputed from the metrics store at the times a grid fixes, so a restarted reconciler reaches
// the same verdict from the same data.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "base/error.h"
#include "rollout/analysis/analysis_check.h"
#include "rollout/analysis/metric_value.h"
#include "rollout/analysis/prometheus_answer.h"

namespace fleetwave {

// Inconclusive: the measurement could not be judged (no data, NaN or ±Inf, a provider error, a
// condition that does not fit the data); it counts against inconclusiveLimit, not failureLimit.
enum class MeasurementOutcome { Passed, Failed, Inconclusive };

const char* to_string(MeasurementOutcome outcome);

struct Measurement {
  std::int64_t time_ms = 0;
  MeasurementOutcome outcome = MeasurementOutcome::Inconclusive;
  std::string value_text;  // "0.031", "[1, 2]", "NaN"; "" when there was no value
  std::string note;        // why it is inconclusive
};

// Judges one value by the check's successCondition.
Measurement measure(const AnalysisCheck& check, std::int64_t time_ms, const MetricValue& value);

// A measurement that could not be taken: the provider failed (`why` becomes the note).
Measurement inconclusive_measurement(std::int64_t time_ms, std::string why);

struct CheckVerdict {
  enum class Phase { Running, Successful, Failed, Inconclusive } phase = Phase::Running;
  int passed = 0;
  int failed = 0;
  int inconclusive = 0;
  int taken = 0;           // measurements judged (at most count)
  std::string last_value;  // value_text of the last measurement judged
  std::string summary;     // one line for status and messages
};

const char* to_string(CheckVerdict::Phase phase);

// Reads the measurements in time order and stops at the first end: Failed as soon as more than
// failureLimit failed, Inconclusive as soon as more than inconclusiveLimit were inconclusive,
// Successful once `count` were taken without either. A check with no passed measurement never
// succeeds: at `count` it ends Failed (some failed) or Inconclusive (none judged). Running
// otherwise; measurements after the end are ignored.
CheckVerdict judge_measurements(const AnalysisCheck& check, const std::vector<Measurement>& measurements);

// The measurement times due so far: healthy_since + k * interval for k = 1..count, those at or
// before now. A Prometheus range query with these start, end and step evaluates exactly there.
struct MeasurementGrid {
  std::int64_t start_ms = 0;
  std::int64_t end_ms = 0;
  std::int64_t step_ms = 0;

  std::vector<std::int64_t> times() const;
};

// nullopt while no measurement is due yet.
std::optional<MeasurementGrid> measurement_grid(const AnalysisCheck& check, std::int64_t healthy_since_ms,
                                                std::int64_t now_ms);

// One measurement per grid time from a range answer; a time the answer lacks is Inconclusive
// ("the query returned no data"), and answer times off the grid are ignored.
std::vector<Measurement> measurements_from_range(const AnalysisCheck& check, const MeasurementGrid& grid,
                                                 const std::vector<Sample>& samples);

}  // namespace fleetwave
