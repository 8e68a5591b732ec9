#include "reconcile/analysis_runner.h"

#include "base/timestamp.h"
#include "rollout/analysis/condition.h"
#include "rollout/analysis/placeholders.h"
#include "rollout/analysis/prometheus_answer.h"
#include "rollout/gates/wave_gate.h"

namespace fleetwave {
namespace {

using Phase = CheckVerdict::Phase;

bool final_phase(Phase p) { return p != Phase::Running; }

CheckVerdict not_due(const AnalysisCheck& check, std::int64_t since_ms) {
  CheckVerdict v;
  v.summary = "measuring: 0/" + std::to_string(check.count) + " measurements; the first is due at " +
              format_rfc3339(since_ms + check.interval_ms);
  return v;
}

}  // namespace

void AnalysisRunner::next_cycle() {
  std::erase_if(verdicts_, [&](const auto& entry) { return entry.second.used < cycle_; });
  std::erase_if(web_measurements_, [&](const auto& entry) { return entry.second.used < cycle_; });
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
      // Measured from when each cluster became Synced and Healthy at the release.
      for (const ClusterProgress& c : p.pinned) {
        if (c.judgement.verdict != Verdict::Done || !c.judgement.done_since_ms) continue;
        out.push_back(measure(in, *check, c.cluster, *c.judgement.done_since_ms, namespace_));
      }
    } else if (p.pinned.size() == p.total && p.waiting.empty() && p.done_since && !p.bake_unknown) {
      out.push_back(measure(in, *check, "", *p.done_since, namespace_));  // once the whole wave is healthy
    }
  }
  return out;
}

AnalysisStatus AnalysisRunner::measure(const EngineInput& in, const AnalysisCheck& check, const std::string& cluster,
                                       std::int64_t since_ms, const std::string& namespace_) {
  AnalysisStatus s;
  s.check = check.name;
  s.cluster = cluster;
  s.condition = check.success ? check.success->text() : "";
  const ReleaseState& r = *in.state.release;
  const PlaceholderValues values{in.state.app, cluster, in.plan->waves[r.wave].name, r.revision, namespace_};
  if (check.prometheus) {
    measure_prometheus(check, expand_placeholders(check.prometheus->query, values), since_ms, in.now_ms, s);
  } else if (check.web) {
    WebRequest request;
    request.url = expand_placeholders(check.web->url, values);
    request.method = check.web->method == HttpMethod::Post ? "POST" : "GET";
    for (const auto& [name, value] : check.web->headers) request.headers[name] = expand_placeholders(value, values);
    const std::string key =
        in.state.app + "/" + r.revision + "/" + check.name + "/" + cluster + "/" + std::to_string(since_ms);
    measure_web(check, request, key, since_ms, in.now_ms, s);
  }
  return s;
}

void AnalysisRunner::measure_prometheus(const AnalysisCheck& check, const std::string& query, std::int64_t since_ms,
                                        std::int64_t now_ms, AnalysisStatus& into) {
  auto grid = measurement_grid(check, since_ms, now_ms);
  if (!grid) {
    into.verdict = not_due(check, since_ms);
    return;
  }
  const std::string key = query + "\n" + std::to_string(grid->start_ms) + "\n" + std::to_string(grid->step_ms);
  if (auto known = verdicts_.find(key);
      known != verdicts_.end() && (final_phase(known->second.verdict.phase) || known->second.end_ms == grid->end_ms)) {
    known->second.used = cycle_;
    into.verdict = known->second.verdict;
    return;
  }
  if (metrics_ == nullptr) {
    into.error =
        "no Prometheus to ask: set --prometheus-url (FLEETWAVE_PROMETHEUS_URL, prometheus.url in the config file)";
    return;
  }
  ++queries_;
  auto answer = metrics_->query_range(RangeQuery{query, grid->start_ms, grid->end_ms, grid->step_ms});
  if (!answer.ok()) {
    into.error = "no measurement: " + answer.error().message;
    return;
  }
  auto samples = parse_range_answer(answer->body);
  if (!samples.ok()) {
    const bool rejected = samples.error().kind == ErrorKind::InvalidInput;
    into.error = (rejected ? "Prometheus rejected the query (fix spec.analysis of the WavePlan): "
                           : "no measurement from " + metrics_->describe() + ": ") +
                 samples.error().message;
    return;
  }
  into.verdict = judge_measurements(check, measurements_from_range(check, *grid, *samples));
  verdicts_[key] = Known{grid->end_ms, into.verdict, cycle_};
}

void AnalysisRunner::measure_web(const AnalysisCheck& check, const WebRequest& request, const std::string& key,
                                 std::int64_t since_ms, std::int64_t now_ms, AnalysisStatus& into) {
  if (!measure_web_) {
    into.error = "web checks are measured by the reconciler (fleetwave serve or reconcile)";
    return;
  }
  Taken& remembered = web_measurements_[key];
  remembered.used = cycle_;
  std::vector<Measurement>& taken = remembered.measurements;
  CheckVerdict verdict = judge_measurements(check, taken);
  const std::int64_t due = taken.empty() ? since_ms + check.interval_ms : taken.back().time_ms + check.interval_ms;
  if (!final_phase(verdict.phase) && now_ms >= due) {
    if (web_ == nullptr) {
      into.error = "no HTTP client for web checks";
      return;
    }
    auto answer = web_->fetch(request);
    if (!answer.ok()) {
      taken.push_back(inconclusive_measurement(now_ms, answer.error().message));
    } else if (answer->status < 200 || answer->status > 299) {
      taken.push_back(inconclusive_measurement(now_ms, "HTTP " + std::to_string(answer->status)));
    } else if (auto value = read_web_answer(answer->body, check.web->json_path); !value.ok()) {
      taken.push_back(inconclusive_measurement(now_ms, value.error().message));
    } else {
      taken.push_back(fleetwave::measure(check, now_ms, *value));
    }
    verdict = judge_measurements(check, taken);
  }
  into.verdict = taken.empty() ? not_due(check, since_ms) : verdict;
}

}  // namespace fleetwave
