#include "reconcile/analysis_runner.h"

#include <algorithm>
#include <iterator>

#include "base/timestamp.h"
#include "rollout/analysis/expr/expression.h"
#include "rollout/analysis/placeholders.h"
#include "rollout/analysis/prometheus_answer.h"
#include "rollout/gates/wave_gate.h"

namespace fleetwave {
namespace {

using Phase = CheckVerdict::Phase;

// Prometheus refuses a range query of more than 11,000 points per series; a check that fell
// far behind catches up over several cycles.
constexpr std::int64_t kMaxPointsPerQuery = 10'000;
// Bounded measurements are one query each: a check that fell behind in its first minutes
// catches up over several cycles.
constexpr std::size_t kMaxBoundedQueries = 30;

CheckVerdict not_due(const AnalysisCheck& check, std::int64_t since_ms) {
  CheckVerdict v;
  v.summary = "measuring: 0" + (check.count ? "/" + std::to_string(*check.count) : std::string()) +
              " measurements; the first is due at " + format_rfc3339(since_ms + check.initial_delay_ms);
  return v;
}

std::string conditions_of(const AnalysisCheck& check) {
  std::string text = check.success ? check.success->text() : "";
  if (check.failure) text += (text.empty() ? "" : "; ") + std::string("fails if ") + check.failure->text();
  return text.empty() ? "no condition: every measurement succeeds" : text;
}

// The analysis starts when the cluster became Synced and Healthy at the release, or later when
// a person resumed it (resume re-pins at that time): the analysis runs again from there.
std::int64_t analysis_start(const ClusterProgress& c) {
  return std::max(c.judgement.done_since_ms.value_or(0), c.pinned_at_ms);
}

}  // namespace

void AnalysisRunner::record(const AnalysisCheck& check, Measurement measurement, Taken& taken) {
  add_measurement(check, measurement, taken.verdict);
  taken.last = std::move(measurement);
}

void AnalysisRunner::next_cycle() {
  std::erase_if(taken_, [&](const auto& entry) { return entry.second.used < cycle_; });
  ++cycle_;
}

std::vector<AnalysisStatus> AnalysisRunner::run(const EngineInput& in, const std::string& namespace_) {
  std::vector<AnalysisStatus> out;
  if (!in.state.release || in.state.release->phase != ReleasePhase::Progressing) return out;
  const ReleaseState& r = *in.state.release;
  if (r.wave >= in.plan->waves.size()) return out;
  const std::vector<const AnalysisCheck*> checks = in.plan->checks_of(r.wave);
  if (checks.empty()) return out;
  const WaveProgress p = wave_progress(in, r);
  for (const AnalysisCheck* check : checks) {
    if (check->per_cluster) {
      for (const ClusterProgress& c : p.pinned) {
        if (c.judgement.verdict != Verdict::Done || !c.judgement.done_since_ms) continue;
        out.push_back(measure(in, *check, c.cluster, analysis_start(c), namespace_));
      }
    } else if (p.pinned.size() == p.total && p.waiting.empty() && p.done_since && !p.bake_unknown) {
      std::int64_t since = *p.done_since;  // once the whole wave is healthy
      for (const ClusterProgress& c : p.pinned) since = std::max(since, c.pinned_at_ms);
      out.push_back(measure(in, *check, "", since, namespace_));
    }
  }
  return out;
}

AnalysisStatus AnalysisRunner::measure(const EngineInput& in, const AnalysisCheck& check, const std::string& cluster,
                                       std::int64_t since_ms, const std::string& namespace_) {
  AnalysisStatus s;
  s.check = check.name;
  s.cluster = cluster;
  s.condition = conditions_of(check);
  const ReleaseState& r = *in.state.release;
  const PlaceholderValues values{in.state.app, cluster, in.plan->waves[r.wave].name, r.revision, namespace_};
  const std::string key =
      in.state.app + "/" + r.revision + "/" + check.name + "/" + cluster + "/" + std::to_string(since_ms);
  Taken& taken = taken_[key];
  taken.used = cycle_;
  if (check.prometheus) {
    measure_prometheus(check, expand_placeholders(check.prometheus->query, values), since_ms, in.now_ms, taken, s);
  } else if (check.web) {
    WebRequest request;
    request.url = expand_placeholders(check.web->url, values);
    request.method = check.web->method == HttpMethod::Post ? "POST" : "GET";
    for (const auto& [name, value] : check.web->headers) request.headers[name] = expand_placeholders(value, values);
    measure_web(check, request, since_ms, in.now_ms, taken, s);
  }
  return s;
}

// Asks once whether `query` is a scalar expression. An error message when Prometheus cannot
// answer (nothing is measured); a query it rejects is left for the range query to report.
std::optional<std::string> AnalysisRunner::learn_query_type(const std::string& query, std::int64_t time_ms,
                                                            Taken& taken) {
  if (taken.scalar) return std::nullopt;
  ++queries_;
  auto answer = metrics_->query_instant(query, time_ms);
  if (!answer.ok()) return "no measurement: " + answer.error().message;
  auto value = parse_instant_answer(answer->body);
  if (!value.ok() && value.error().kind != ErrorKind::InvalidInput)
    return "no measurement from " + metrics_->describe() + ": " + value.error().message;
  taken.scalar = value.ok() && value->scalar;
  return std::nullopt;
}

void AnalysisRunner::measure_prometheus(const AnalysisCheck& check, const std::string& query, std::int64_t since_ms,
                                        std::int64_t now_ms, Taken& taken, AnalysisStatus& into) {
  into.verdict = taken.verdict;
  const std::vector<std::int64_t> due =
      into.verdict.phase != Phase::Running
          ? std::vector<std::int64_t>()
          : measurement_times(check, since_ms, now_ms, taken.next_index, kMaxPointsPerQuery);
  if (due.empty()) {
    if (!taken.last) into.verdict = not_due(check, since_ms);
    return;
  }
  if (metrics_ == nullptr) {
    into.error =
        "no Prometheus to ask: set --prometheus-url (FLEETWAVE_PROMETHEUS_URL, prometheus.url in the config file)";
    return;
  }
  // While Prometheus cannot be reached nothing is measured: the times that fell due meanwhile are
  // skipped rather than read later at their past times, where Prometheus' lookback could answer
  // with samples from before them (Rollouts measures at the time it measures).
  const auto unreachable = [&](std::string why) {
    into.error = std::move(why) + "; measurements due meanwhile are skipped";
    taken.next_index += static_cast<std::int64_t>(due.size());
  };
  if (auto why = learn_query_type(query, due.front(), taken)) return unreachable(*why);
  if (!taken.windows) taken.windows = PromqlWindows::of(query);
  // Times whose window would reach back past the start read the query bounded to the time since
  // the start, one query each; the rest share one range query as written.
  std::vector<std::int64_t> bounded;
  for (std::int64_t t : due) {
    if (t - since_ms >= taken.windows->widest_ms() || bounded.size() == kMaxBoundedQueries) break;
    bounded.push_back(t);
  }
  std::vector<std::int64_t> rest;
  if (bounded.size() < kMaxBoundedQueries)
    rest.assign(due.begin() + static_cast<std::ptrdiff_t>(bounded.size()), due.end());
  std::vector<Measurement> measured;
  for (std::int64_t t : bounded) {
    // At least 1 ms: Prometheus 2 includes a range's first millisecond.
    auto one = read_range(check, taken.windows->within(std::max<std::int64_t>(t - since_ms, 1)), {t}, *taken.scalar);
    if (!one.ok()) return unreachable(one.error().message);
    measured.push_back(std::move(one->front()));
  }
  if (!rest.empty()) {
    auto many = read_range(check, query, rest, *taken.scalar);
    if (!many.ok()) return unreachable(many.error().message);
    std::move(many->begin(), many->end(), std::back_inserter(measured));
  }
  taken.next_index += static_cast<std::int64_t>(measured.size());
  for (Measurement& m : measured) record(check, std::move(m), taken);
  into.verdict = taken.verdict;
}

// One range query at `times` (evenly spaced by the check's interval). A query Prometheus rejects
// is an Error at each time, as Rollouts records a provider's error, so a wrong query ends the
// check at its consecutiveErrorLimit; an error only when Prometheus could not answer.
Result<std::vector<Measurement>> AnalysisRunner::read_range(const AnalysisCheck& check, const std::string& query,
                                                            const std::vector<std::int64_t>& times, bool scalar) {
  ++queries_;
  auto answer = metrics_->query_range(RangeQuery{query, times.front(), times.back(), check.interval_ms});
  if (!answer.ok()) return transient("no measurement: " + answer.error().message);
  auto samples = parse_range_answer(answer->body);
  if (samples.ok()) return measurements_from_range(check, times, *samples, scalar);
  if (samples.error().kind != ErrorKind::InvalidInput)
    return transient("no measurement from " + metrics_->describe() + ": " + samples.error().message);
  std::vector<Measurement> measured;
  for (std::int64_t t : times)
    measured.push_back(error_measurement(t, "Prometheus rejected the query: " + samples.error().message));
  return measured;
}

void AnalysisRunner::measure_web(const AnalysisCheck& check, const WebRequest& request, std::int64_t since_ms,
                                 std::int64_t now_ms, Taken& taken, AnalysisStatus& into) {
  if (!measure_web_) {
    into.error = "web checks are measured by the reconciler (fleetwave serve or reconcile)";
    return;
  }
  // generateMetricTasks: the first at once (after initialDelay), then every interval; an Error
  // is retried after the default interval.
  const Measurement* last = taken.last ? &*taken.last : nullptr;
  const std::int64_t due = last == nullptr                          ? since_ms + check.initial_delay_ms
                           : last->phase == MeasurementPhase::Error ? last->time_ms + kDefaultMeasurementIntervalMs
                                                                    : last->time_ms + check.interval_ms;
  if (taken.verdict.phase == Phase::Running && now_ms >= due) {
    if (web_ == nullptr) {
      into.error = "no HTTP client for web checks";
      return;
    }
    auto answer = web_->fetch(request);
    if (!answer.ok()) {
      record(check, error_measurement(now_ms, answer.error().message), taken);
    } else if (answer->status < 200 || answer->status > 299) {
      record(check, error_measurement(now_ms, "received non 2xx response code: " + std::to_string(answer->status)),
             taken);
    } else if (auto value = read_web_answer(answer->body, check.web->json_path); !value.ok()) {
      record(check, error_measurement(now_ms, value.error().message), taken);
    } else {
      record(check, fleetwave::measure(check, now_ms, value->result, value->text), taken);
    }
  }
  into.verdict = taken.last ? taken.verdict : not_due(check, since_ms);
}

}  // namespace fleetwave
