#include "rollout/analysis/measurement_verdict.h"

#include <algorithm>
#include <map>

#include "base/enum_names.h"
#include "base/text.h"
#include "rollout/analysis/expr/expression.h"

namespace fleetwave {
namespace {

using Phase = CheckVerdict::Phase;

std::string limit_text(std::int64_t limit) { return limit < 0 ? "not applicable" : std::to_string(limit); }

std::string counts(const CheckVerdict& v, const AnalysisCheck& check) {
  std::string text = std::to_string(v.successful) + " successful, " + std::to_string(v.failed) +
                     " failed (failureLimit " + limit_text(check.failure_limit) + "), " +
                     std::to_string(v.inconclusive) + " inconclusive (inconclusiveLimit " +
                     std::to_string(check.inconclusive_limit) + ")";
  if (v.errors > 0) {
    text += ", " + std::to_string(v.errors) + " errors (" + std::to_string(v.consecutive_errors) +
            " in a row, consecutiveErrorLimit " + std::to_string(check.consecutive_error_limit) + ")";
  }
  return text;
}

// The one-line summary of a verdict.
std::string summarize(const CheckVerdict& v, const AnalysisCheck& check) {
  const std::string of = check.count ? "/" + std::to_string(*check.count) : "";
  std::string text =
      ascii_lower(to_string(v.phase)) + ": " + std::to_string(v.counted) + of + " measurements: " + counts(v, check);
  if (!v.last_value.empty()) text += "; last value " + v.last_value;
  if (!v.last_error.empty()) text += "; last error: " + v.last_error;
  return text;
}

// evaluate.go isNilOrEmpty: the result the provider gives for "no data".
bool nil_or_empty(const ExprValue& result) {
  return result.is_nil() || (result.kind() == ExprValue::Kind::Array && result.as_array().empty());
}

// assessMetricFailureInconclusiveOrError: each rule overrides the one before.
std::optional<Phase> limit_reached(const AnalysisCheck& check, const CheckVerdict& v) {
  std::optional<Phase> phase;
  if (check.failure_limit >= 0 && v.failed > check.failure_limit) phase = Phase::Failed;
  if (v.inconclusive > check.inconclusive_limit) phase = Phase::Inconclusive;
  if (v.consecutive_errors > check.consecutive_error_limit) phase = Phase::Error;
  return phase;
}

// The rest of assessMetricStatus, once no limit was reached.
Phase assess(const AnalysisCheck& check, const CheckVerdict& v) {
  if (auto phase = limit_reached(check, v)) return *phase;
  const bool success_limit = check.consecutive_success_limit > 0;
  if (success_limit && v.consecutive_successes >= check.consecutive_success_limit) return Phase::Successful;
  if (!check.count || v.counted < *check.count) return Phase::Running;
  if (!success_limit) return Phase::Successful;
  return check.failure_limit >= 0 ? Phase::Inconclusive : Phase::Failed;
}

// runMeasurements: how one completed measurement moves the counters.
void count(CheckVerdict& v, const Measurement& m) {
  v.last_error = m.phase == MeasurementPhase::Error ? m.note : "";
  if (m.phase == MeasurementPhase::Error) {
    ++v.errors;
    ++v.consecutive_errors;
    v.consecutive_successes = 0;
    return;
  }
  ++v.counted;
  v.consecutive_errors = 0;
  v.consecutive_successes = m.phase == MeasurementPhase::Successful ? v.consecutive_successes + 1 : 0;
  if (m.phase == MeasurementPhase::Successful) ++v.successful;
  if (m.phase == MeasurementPhase::Failed) ++v.failed;
  if (m.phase == MeasurementPhase::Inconclusive) ++v.inconclusive;
  v.last_value = m.value_text;
}

}  // namespace

constexpr auto kMeasurementPhaseNames =
    enum_names(EnumName(MeasurementPhase::Successful, "Successful"), EnumName(MeasurementPhase::Failed, "Failed"),
               EnumName(MeasurementPhase::Inconclusive, "Inconclusive"), EnumName(MeasurementPhase::Error, "Error"));

const char* to_string(MeasurementPhase phase) { return enum_name(kMeasurementPhaseNames, phase, "Error"); }

constexpr auto kCheckPhaseNames = enum_names(
    EnumName(Phase::Running, "Running"), EnumName(Phase::Successful, "Successful"),
    EnumName(Phase::Inconclusive, "Inconclusive"), EnumName(Phase::Failed, "Failed"), EnumName(Phase::Error, "Error"));

const char* to_string(CheckVerdict::Phase phase) { return enum_name(kCheckPhaseNames, phase, "Running"); }

// utils/evaluate EvaluateResult: a missing condition is the other's negation; both missing is a
// success; both given and neither true is Inconclusive.
Measurement measure(const AnalysisCheck& check, std::int64_t time_ms, const ExprValue& result, std::string value_text) {
  Measurement m{time_ms, MeasurementPhase::Error, std::move(value_text), ""};
  bool success = false;
  bool failure = false;
  for (auto [condition, name, into] : {std::tuple{check.success.get(), "successCondition", &success},
                                       std::tuple{check.failure.get(), "failureCondition", &failure}}) {
    if (condition == nullptr) continue;
    auto holds = condition->evaluate_condition(result);
    if (!holds.ok()) {
      m.note = std::string("could not evaluate ") + name + " \"" + condition->text() + "\": " +
               (nil_or_empty(result) ? "the result is empty: the provider returned no data" : holds.error().message);
      return m;
    }
    *into = *holds;
  }
  if (check.success && !check.failure) failure = !success;
  if (!check.success && check.failure) success = !failure;
  if (!check.success && !check.failure) success = true;
  m.phase = failure   ? MeasurementPhase::Failed
            : success ? MeasurementPhase::Successful
                      : MeasurementPhase::Inconclusive;
  return m;
}

Measurement error_measurement(std::int64_t time_ms, std::string why) {
  return Measurement{time_ms, MeasurementPhase::Error, "", std::move(why)};
}

void add_measurement(const AnalysisCheck& check, const Measurement& measurement, CheckVerdict& verdict) {
  if (verdict.phase != Phase::Running) return;
  count(verdict, measurement);
  verdict.phase = assess(check, verdict);
  verdict.summary = summarize(verdict, check);
}

CheckVerdict judge_measurements(const AnalysisCheck& check, const std::vector<Measurement>& measurements) {
  std::vector<const Measurement*> ordered;
  for (const Measurement& m : measurements) ordered.push_back(&m);
  std::stable_sort(ordered.begin(), ordered.end(),
                   [](const Measurement* a, const Measurement* b) { return a->time_ms < b->time_ms; });
  CheckVerdict v;
  v.summary = summarize(v, check);
  for (const Measurement* m : ordered) add_measurement(check, *m, v);
  return v;
}

std::vector<std::int64_t> measurement_times(const AnalysisCheck& check, std::int64_t since_ms, std::int64_t now_ms,
                                            std::int64_t from_index, std::int64_t limit) {
  std::vector<std::int64_t> out;
  const std::int64_t start = since_ms + check.initial_delay_ms;
  if (check.interval_ms <= 0 || now_ms < start || limit <= 0) return out;
  // Divide rather than multiply, so no sum of times can overflow.
  const std::int64_t last = (now_ms - start) / check.interval_ms;
  for (std::int64_t k = from_index; k <= last && static_cast<std::int64_t>(out.size()) < limit; ++k)
    out.push_back(start + k * check.interval_ms);
  return out;
}

std::vector<Measurement> measurements_from_range(const AnalysisCheck& check, const std::vector<std::int64_t>& times,
                                                 const std::vector<Sample>& samples, bool scalar) {
  std::map<std::int64_t, const MetricValue*> at;
  for (const Sample& sample : samples) at.emplace(sample.time_ms, &sample.value);
  std::vector<Measurement> out;
  for (std::int64_t t : times) {
    auto found = at.find(t);
    MetricValue value = found == at.end() ? MetricValue{} : *found->second;
    value.scalar = scalar;
    out.push_back(measure(check, t, result_of(value), format_metric_value(value)));
  }
  return out;
}

}  // namespace fleetwave
