#include "rollout/analysis/measurement_verdict.h"

#include <algorithm>
#include <map>

#include "rollout/analysis/condition.h"

namespace fleetwave {
namespace {

std::string counts(const CheckVerdict& v, const AnalysisCheck& check) {
  return std::to_string(v.passed) + " passed, " + std::to_string(v.failed) + " failed (failureLimit " +
         std::to_string(check.failure_limit) + "), " + std::to_string(v.inconclusive) +
         " inconclusive (inconclusiveLimit " + std::to_string(check.inconclusive_limit) + ")";
}

// The one-line summary of a verdict; `last` is the measurement that ended the check, if any.
std::string summarize(const CheckVerdict& v, const AnalysisCheck& check, const Measurement* last) {
  const std::string taken = std::to_string(v.taken) + "/" + std::to_string(check.count) + " measurements: ";
  switch (v.phase) {
    case CheckVerdict::Phase::Failed:
      return "failed: " + taken + counts(v, check) + "; last value " + v.last_value;
    case CheckVerdict::Phase::Inconclusive:
      return "inconclusive: " + taken + counts(v, check) +
             (last != nullptr && !last->note.empty() ? "; last: " + last->note : "");
    case CheckVerdict::Phase::Successful:
      return "successful: " + taken + counts(v, check);
    case CheckVerdict::Phase::Running:
      break;
  }
  return "running: " + taken + counts(v, check) + (v.last_value.empty() ? "" : "; last value " + v.last_value);
}

}  // namespace

const char* to_string(MeasurementOutcome outcome) {
  switch (outcome) {
    case MeasurementOutcome::Passed:
      return "passed";
    case MeasurementOutcome::Failed:
      return "failed";
    case MeasurementOutcome::Inconclusive:
      return "inconclusive";
  }
  return "inconclusive";
}

const char* to_string(CheckVerdict::Phase phase) {
  switch (phase) {
    case CheckVerdict::Phase::Running:
      return "Running";
    case CheckVerdict::Phase::Successful:
      return "Successful";
    case CheckVerdict::Phase::Failed:
      return "Failed";
    case CheckVerdict::Phase::Inconclusive:
      return "Inconclusive";
  }
  return "Running";
}

Measurement measure(const AnalysisCheck& check, std::int64_t time_ms, const MetricValue& value) {
  Measurement m{time_ms, MeasurementOutcome::Inconclusive, format_metric_value(value), ""};
  if (value.values.empty()) m.value_text.clear();
  if (!check.success) {  // parse_analysis reported the successCondition; such a plan never runs
    m.note = "no valid successCondition";
    return m;
  }
  auto holds = check.success->evaluate(value);
  if (holds.ok()) {
    m.outcome = *holds ? MeasurementOutcome::Passed : MeasurementOutcome::Failed;
  } else {
    // No data, NaN/Inf (Transient) and a condition that does not fit the data (InvalidInput)
    // both leave the measurement unjudged; the note tells the user which.
    m.note = holds.error().message;
  }
  return m;
}

Measurement inconclusive_measurement(std::int64_t time_ms, std::string why) {
  return Measurement{time_ms, MeasurementOutcome::Inconclusive, "", std::move(why)};
}

CheckVerdict judge_measurements(const AnalysisCheck& check, const std::vector<Measurement>& measurements) {
  std::vector<const Measurement*> ordered;
  for (const Measurement& m : measurements) ordered.push_back(&m);
  std::stable_sort(ordered.begin(), ordered.end(),
                   [](const Measurement* a, const Measurement* b) { return a->time_ms < b->time_ms; });
  CheckVerdict v;
  const Measurement* last = nullptr;
  for (const Measurement* m : ordered) {
    if (v.phase != CheckVerdict::Phase::Running) break;
    last = m;
    ++v.taken;
    v.last_value = m->value_text;
    switch (m->outcome) {
      case MeasurementOutcome::Passed:
        ++v.passed;
        break;
      case MeasurementOutcome::Failed:
        ++v.failed;
        break;
      case MeasurementOutcome::Inconclusive:
        ++v.inconclusive;
        break;
    }
    if (v.failed > check.failure_limit) {
      v.phase = CheckVerdict::Phase::Failed;
    } else if (v.inconclusive > check.inconclusive_limit) {
      v.phase = CheckVerdict::Phase::Inconclusive;
    } else if (v.taken >= check.count) {
      // Never a success without a single passed measurement (e.g. every one tolerated as inconclusive).
      v.phase = v.passed > 0   ? CheckVerdict::Phase::Successful
                : v.failed > 0 ? CheckVerdict::Phase::Failed
                               : CheckVerdict::Phase::Inconclusive;
    }
  }
  v.summary = summarize(v, check, last);
  return v;
}

std::vector<std::int64_t> MeasurementGrid::times() const {
  std::vector<std::int64_t> out;
  if (step_ms <= 0) return out;
  for (std::int64_t t = start_ms; t <= end_ms; t += step_ms) out.push_back(t);
  return out;
}

std::optional<MeasurementGrid> measurement_grid(const AnalysisCheck& check, std::int64_t healthy_since_ms,
                                                std::int64_t now_ms) {
  if (check.interval_ms <= 0 || check.count < 1 || now_ms < healthy_since_ms) return std::nullopt;
  // Divide rather than multiply, so no sum of times can overflow.
  const std::int64_t due = std::min((now_ms - healthy_since_ms) / check.interval_ms, check.count);
  if (due < 1) return std::nullopt;
  return MeasurementGrid{healthy_since_ms + check.interval_ms, healthy_since_ms + due * check.interval_ms,
                         check.interval_ms};
}

std::vector<Measurement> measurements_from_range(const AnalysisCheck& check, const MeasurementGrid& grid,
                                                 const std::vector<Sample>& samples) {
  std::map<std::int64_t, const MetricValue*> at;
  for (const Sample& s : samples) at.emplace(s.time_ms, &s.value);
  std::vector<Measurement> out;
  for (std::int64_t t : grid.times()) {
    auto it = at.find(t);
    if (it == at.end() || it->second->values.empty()) {
      out.push_back(inconclusive_measurement(t, "the query returned no data"));
    } else {
      out.push_back(measure(check, t, *it->second));
    }
  }
  return out;
}

}  // namespace fleetwave
