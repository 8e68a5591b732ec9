// The analysis runner and gate through the engine, deciding as Argo Rollouts decides an
// AnalysisRun: the first measurement when a cluster is Synced and Healthy at the release, then one
// per interval; a range query asks only for the times newly due; a final verdict is not asked
// again; Failed and Error roll back with the evidence, Inconclusive holds for a person, and an
// unreachable Prometheus measures nothing and waits (never an advance on missing data).
#include "reconcile/analysis_runner.h"

#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

#include "base/timestamp.h"
#include "codec/yaml_codec.h"
#include "rollout/engine_fixture.h"
#include "rollout/manual_actions.h"
#include "testkit/build_paths.h"

namespace fleetwave {
namespace {

constexpr std::int64_t kNow = 1'800'000'000'000;
constexpr std::int64_t kSecond = 1000;
const std::string kRelease(40, 'a');

std::string recorded(const std::string& name) {
  std::ifstream in(std::string(fleetwave::testkit::source_dir()) + "/reconciler/rollout/analysis/testdata/prometheus/" +
                   name);
  std::stringstream buf;
  buf << in.rdbuf();
  return buf.str();
}

// Answers every range query with one series whose value at time t is value_at(t) (no point
// when it is ""), as Prometheus does (a matrix with a point at start + k*step up to end), and the
// instant query that asks for the query's type with a vector (or a scalar when `scalar`).
class ScriptedPrometheus final : public MetricsProvider {
 public:
  std::function<std::string(std::int64_t)> value_at = [](std::int64_t) { return "0.01"; };
  std::optional<HttpAnswer> fixed;  // answers this instead
  std::optional<Error> down;
  bool scalar = false;
  std::vector<RangeQuery> asked;
  int instant_queries = 0;

  Result<HttpAnswer> query_range(const RangeQuery& q) override {
    asked.push_back(q);
    if (down) return *down;
    if (fixed) return *fixed;
    std::string values;
    for (std::int64_t t = q.start_ms; t <= q.end_ms; t += q.step_ms) {
      if (value_at(t).empty()) continue;
      values += std::string(values.empty() ? "" : ",") + "[" + std::to_string(t / 1000) + "." +
                std::to_string(t % 1000 + 1000).substr(1) + ",\"" + value_at(t) + "\"]";
    }
    return HttpAnswer{200, R"({"status":"success","data":{"resultType":"matrix","result":[{"metric":{},"values":[)" +
                               values + "]}]}}"};
  }
  Result<HttpAnswer> query_instant(const std::string&, std::int64_t) override {
    ++instant_queries;
    if (down) return *down;
    if (fixed) return *fixed;
    return HttpAnswer{200, scalar ? R"({"status":"success","data":{"resultType":"scalar","result":[1,"0"]}})"
                                  : R"({"status":"success","data":{"resultType":"vector","result":[]}})"};
  }
  std::string describe() const override { return "http://prometheus.test"; }
};

WavePlan plan_with(const std::string& analysis) {
  const std::string yaml =
      "apiVersion: fleetwave.io/v1alpha1\nkind: WavePlan\nmetadata: {name: shop}\nspec:\n  analysis:\n" + analysis +
      "  waves:\n  - name: canary\n    clusters: {clusterNames: [dev-1]}\n  - name: rest\n    clusters: {}\n";
  auto docs = parse_yaml_stream(yaml, "rollout.yaml");
  EXPECT_TRUE(docs.ok());
  Problems problems;
  WavePlan plan = parse_wave_plan(docs->front().value, problems);
  EXPECT_TRUE(problems.empty()) << to_string(problems.list());
  return plan;
}

const char* kErrorRate =
    "  - name: error-rate\n    prometheus:\n      query: 'errors{app=\"{{app}}\",cluster=\"{{cluster}}\"}'\n"
    "    interval: 30s\n    count: 3\n    successCondition: result[0] < 0.05\n";

// shop's release pinned on the canary, which became Synced and Healthy at kNow.
EngineInput canary_healthy(const WavePlan& plan) {
  EngineInput in;
  in.plan = &plan;
  in.state.app = "shop";
  in.head_revision = kRelease;
  in.head_inputs = "app=r1";
  in.state.release = ReleaseState{kRelease, "app=r1", ReleasePhase::Progressing, 0, kNow - 60 * kSecond, {}, {}};
  in.state.pins["dev-1"] = Pin{kRelease, "canary", "dev-1", kNow - 60 * kSecond};
  in.waves.clusters = {{"dev-1"}, {"us-1"}};
  in.candidate_clusters = {"dev-1", "us-1"};
  in.observations.reachable = true;
  in.observations.by_cluster["dev-1"] = testing_support::synced_at(kRelease, kNow);
  in.now_ms = kNow;
  return in;
}

Decision step_at(AnalysisRunner& runner, EngineInput in, std::int64_t now_ms) {
  in.now_ms = now_ms;
  in.analysis = runner.run(in, "shop");
  return decide(in);
}

std::string evidence_of(const Decision& d) { return d.step ? d.step->message.trailer("Fleetwave-Evidence") : ""; }

TEST(AnalysisRunnerTest, AHealthyCanaryAdvancesOnlyAfterEveryMeasurementSucceeded) {
  WavePlan plan = plan_with(kErrorRate);
  ScriptedPrometheus prometheus;
  AnalysisRunner runner(&prometheus, nullptr);
  EngineInput in = canary_healthy(plan);

  Decision d = step_at(runner, in, kNow - kSecond);
  EXPECT_FALSE(d.step);
  EXPECT_TRUE(prometheus.asked.empty()) << "nothing is due before the cluster is healthy";

  d = step_at(runner, in, kNow + 10 * kSecond);  // the first at once (generateMetricTasks)
  EXPECT_FALSE(d.step);
  ASSERT_EQ(prometheus.asked.size(), 1u);
  // At the start no sample of the release can be older than a millisecond.
  EXPECT_EQ(prometheus.asked[0].query, "last_over_time(errors{app=\"shop\",cluster=\"dev-1\"}[1ms])");
  EXPECT_EQ(prometheus.asked[0].start_ms, kNow);
  EXPECT_EQ(prometheus.asked[0].end_ms, kNow);
  EXPECT_EQ(prometheus.instant_queries, 1) << "the query's type is asked once";
  EXPECT_NE(d.blocked.find("running: 1/3 measurements"), std::string::npos) << d.blocked;

  step_at(runner, in, kNow + 20 * kSecond);
  EXPECT_EQ(prometheus.asked.size(), 1u) << "no new measurement due: answered from memory";

  d = step_at(runner, in, kNow + 65 * kSecond);
  ASSERT_EQ(prometheus.asked.size(), 3u) << "only the times newly due, each within its time since the start";
  EXPECT_EQ(prometheus.asked[1].start_ms, kNow + 30 * kSecond);
  EXPECT_EQ(prometheus.asked[1].end_ms, kNow + 30 * kSecond);
  EXPECT_EQ(prometheus.asked[1].query, "last_over_time(errors{app=\"shop\",cluster=\"dev-1\"}[30000ms])");
  EXPECT_EQ(prometheus.asked[2].start_ms, kNow + 60 * kSecond);
  EXPECT_EQ(prometheus.asked[2].query, "last_over_time(errors{app=\"shop\",cluster=\"dev-1\"}[60000ms])");
  ASSERT_TRUE(d.step) << d.blocked;
  EXPECT_EQ(d.step->action, "advance");
  const std::string evidence = evidence_of(d);
  EXPECT_NE(evidence.find("analysis passed: error-rate on dev-1 (result[0] < 0.05): successful: 3/3 measurements: 3 "
                          "successful"),
            std::string::npos)
      << evidence;
  EXPECT_NE(evidence.find("last value [0.01]"), std::string::npos) << evidence;

  step_at(runner, in, kNow + 200 * kSecond);
  EXPECT_EQ(prometheus.asked.size(), 3u) << "a final verdict is not asked again";
  EXPECT_EQ(prometheus.instant_queries, 1);
}

TEST(AnalysisRunnerTest, AFailedCheckRollsTheReleaseBackWithTheEvidence) {
  WavePlan plan = plan_with(kErrorRate);
  ScriptedPrometheus prometheus;
  prometheus.value_at = [](std::int64_t) { return "0.3"; };
  AnalysisRunner runner(&prometheus, nullptr);
  Decision d = step_at(runner, canary_healthy(plan), kNow + 1 * kSecond);
  ASSERT_TRUE(d.step) << d.blocked;
  EXPECT_EQ(d.step->action, "rollback");
  EXPECT_EQ(evidence_of(d).rfind("dev-1: analysis error-rate on dev-1 (result[0] < 0.05): failed: 1/3 measurements: 0 "
                                 "successful, 1 failed",
                                 0),
            0u)
      << evidence_of(d);
  EXPECT_NE(evidence_of(d).find("last value [0.3]"), std::string::npos) << evidence_of(d);
}

// The issue's stall: Prometheus has no sample yet at the first measurement time. As in Rollouts
// that measurement is an Error, which counts toward neither count nor failureLimit; measuring
// goes on and a clean release completes.
TEST(AnalysisRunnerTest, AFirstMeasurementWithoutDataIsAnErrorAndMeasuringGoesOn) {
  WavePlan plan = plan_with(kErrorRate);
  ScriptedPrometheus prometheus;
  prometheus.value_at = [](std::int64_t t) { return t < kNow + 30 * kSecond ? "" : "0.01"; };
  AnalysisRunner runner(&prometheus, nullptr);
  EngineInput in = canary_healthy(plan);
  Decision d = step_at(runner, in, kNow + 1 * kSecond);
  EXPECT_FALSE(d.step);
  EXPECT_NE(d.blocked.find("running: 0/3 measurements: 0 successful, 0 failed (failureLimit 0), 0 inconclusive "
                           "(inconclusiveLimit 0), 1 errors (1 in a row, consecutiveErrorLimit 4); last error: could "
                           "not evaluate successCondition \"result[0] < 0.05\": the result is empty"),
            std::string::npos)
      << d.blocked;
  EXPECT_FALSE(step_at(runner, in, kNow + 61 * kSecond).step);  // 2 of 3 counted
  d = step_at(runner, in, kNow + 91 * kSecond);
  ASSERT_TRUE(d.step) << d.blocked;
  EXPECT_EQ(d.step->action, "advance");
  EXPECT_NE(evidence_of(d).find("3 successful, 0 failed (failureLimit 0), 0 inconclusive (inconclusiveLimit 0), 1 "
                                "errors (0 in a row"),
            std::string::npos)
      << evidence_of(d);
}

// Go compares NaN as false: `result[0] < 0.5` fails on NaN (Rollouts: Failed), and the usual
// Rollouts guard lets it pass.
TEST(AnalysisRunnerTest, NaNIsJudgedAsGoComparesItAndTheNaNGuardWorks) {
  ScriptedPrometheus prometheus;
  prometheus.value_at = [](std::int64_t) { return "NaN"; };
  WavePlan plain = plan_with(
      "  - name: latency\n    prometheus: {query: 'p99{cluster=\"{{cluster}}\"}'}\n"
      "    successCondition: result[0] < 0.5\n");
  AnalysisRunner runner(&prometheus, nullptr);
  Decision d = step_at(runner, canary_healthy(plain), kNow + 1 * kSecond);
  ASSERT_TRUE(d.step) << d.blocked;
  EXPECT_EQ(d.step->action, "rollback");
  EXPECT_NE(evidence_of(d).find("last value [NaN]"), std::string::npos) << evidence_of(d);

  WavePlan guarded = plan_with(
      "  - name: latency\n    prometheus: {query: 'p99{cluster=\"{{cluster}}\"}'}\n"
      "    successCondition: isNaN(result[0]) || result[0] < 0.5\n");
  AnalysisRunner again(&prometheus, nullptr);
  d = step_at(again, canary_healthy(guarded), kNow + 1 * kSecond);
  ASSERT_TRUE(d.step) << d.blocked;
  EXPECT_EQ(d.step->action, "advance");
}

// A query Prometheus rejects is an Error each time it is due: more than consecutiveErrorLimit
// (4) in a row end the check in Error, which rolls back. An unreachable Prometheus measures
// nothing: the wave waits, however long.
TEST(AnalysisRunnerTest, ARejectedQueryEndsInErrorWhileAnUnreachablePrometheusWaits) {
  WavePlan plan = plan_with(kErrorRate);
  ScriptedPrometheus prometheus;
  prometheus.fixed = HttpAnswer{400, recorded("bad_data.json")};
  AnalysisRunner runner(&prometheus, nullptr);
  Decision d = step_at(runner, canary_healthy(plan), kNow + 100 * kSecond);  // 4 due: tolerated
  EXPECT_FALSE(d.step);
  EXPECT_NE(d.blocked.find("4 errors (4 in a row, consecutiveErrorLimit 4); last error: Prometheus rejected the "
                           "query: prometheus bad_data"),
            std::string::npos)
      << d.blocked;
  d = step_at(runner, canary_healthy(plan), kNow + 120 * kSecond);
  ASSERT_TRUE(d.step) << d.blocked;
  EXPECT_EQ(d.step->action, "rollback");
  EXPECT_NE(evidence_of(d).find("error: 0/3 measurements"), std::string::npos) << evidence_of(d);

  prometheus.fixed.reset();
  prometheus.down = transient("prometheus at http://prometheus.test unreachable: connection refused");
  AnalysisRunner cut_off(&prometheus, nullptr);
  d = step_at(cut_off, canary_healthy(plan), kNow + 1000 * kSecond);
  EXPECT_FALSE(d.step);
  EXPECT_NE(d.blocked.find("no measurement: prometheus at http://prometheus.test unreachable: connection refused; "
                           "measurements due meanwhile are skipped"),
            std::string::npos)
      << d.blocked;
  // Back again: the times that fell due during the outage are never read at their past times.
  prometheus.down.reset();
  prometheus.asked.clear();
  d = step_at(cut_off, canary_healthy(plan), kNow + 1010 * kSecond);
  EXPECT_TRUE(prometheus.asked.empty()) << "the next measurement time is after the outage";
  d = step_at(cut_off, canary_healthy(plan), kNow + 1021 * kSecond);
  EXPECT_FALSE(d.step);
  ASSERT_EQ(prometheus.asked.size(), 1u);
  EXPECT_EQ(prometheus.asked[0].start_ms, kNow + 1020 * kSecond) << "the first time after the outage";
  EXPECT_NE(d.blocked.find("running: 1/3 measurements"), std::string::npos) << d.blocked;

  AnalysisRunner unconfigured(nullptr, nullptr);
  d = step_at(unconfigured, canary_healthy(plan), kNow + 100 * kSecond);
  EXPECT_FALSE(d.step);
  EXPECT_NE(d.blocked.find("no Prometheus to ask: set --prometheus-url"), std::string::npos) << d.blocked;
}

// Neither condition holds: the measurement is Inconclusive, over inconclusiveLimit the release
// is held with a commit for a person; `fleetwave resume` runs the analysis again from then.
TEST(AnalysisRunnerTest, AnInconclusiveCheckHoldsForAPersonAndResumeMeasuresAgain) {
  WavePlan plan = plan_with(
      "  - name: error-rate\n    prometheus: {query: 'errors{cluster=\"{{cluster}}\"}'}\n"
      "    successCondition: result[0] < 0.05\n    failureCondition: result[0] > 0.1\n");
  ScriptedPrometheus prometheus;
  prometheus.value_at = [](std::int64_t t) { return t < kNow + 100 * kSecond ? "0.07" : "0.01"; };
  AnalysisRunner runner(&prometheus, nullptr);
  EngineInput in = canary_healthy(plan);
  Decision d = step_at(runner, in, kNow + 1 * kSecond);
  ASSERT_TRUE(d.step) << d.blocked;
  EXPECT_EQ(d.step->action, "hold");
  ASSERT_TRUE(d.step->next.release);
  EXPECT_EQ(d.step->next.release->phase, ReleasePhase::Held);
  EXPECT_NE(d.step->message.body.find("needs a person's decision"), std::string::npos) << d.step->message.body;
  EXPECT_EQ(d.step->next.pins.at("dev-1").revision, kRelease) << "pins stay";

  auto resumed = resume_step(plan, d.step->next, kNow + 200 * kSecond);
  ASSERT_TRUE(resumed.ok()) << resumed.error().message;
  in.state = resumed->next;
  d = step_at(runner, in, kNow + 201 * kSecond);
  ASSERT_TRUE(d.step) << d.blocked;
  EXPECT_EQ(d.step->action, "advance");
  EXPECT_EQ(prometheus.asked.back().start_ms, kNow + 200 * kSecond) << "measured again from the resume";
}

// dryRun: measured and shown, never decides; a check without a count never holds the wave back
// but still fails it.
TEST(AnalysisRunnerTest, DryRunChecksNeverDecideAndChecksWithoutACountNeverHoldBack) {
  ScriptedPrometheus prometheus;
  prometheus.value_at = [](std::int64_t) { return "0.3"; };
  WavePlan dry = plan_with(
      "  - name: error-rate\n    prometheus: {query: 'errors{cluster=\"{{cluster}}\"}'}\n"
      "    successCondition: result[0] < 0.05\n    dryRun: true\n");
  AnalysisRunner runner(&prometheus, nullptr);
  EngineInput in = canary_healthy(dry);
  in.now_ms = kNow + kSecond;
  in.analysis = runner.run(in, "shop");
  ASSERT_EQ(in.analysis.size(), 1u);
  EXPECT_EQ(in.analysis[0].verdict.phase, CheckVerdict::Phase::Failed) << "measured";
  Decision d = decide(in);
  ASSERT_TRUE(d.step) << d.blocked;
  EXPECT_EQ(d.step->action, "advance");

  prometheus.value_at = [](std::int64_t) { return "0.01"; };
  WavePlan background = plan_with(
      "  - name: error-rate\n    prometheus: {query: 'errors{cluster=\"{{cluster}}\"}'}\n"
      "    interval: 1m\n    successCondition: result[0] < 0.05\n");
  AnalysisRunner endless(&prometheus, nullptr);
  d = step_at(endless, canary_healthy(background), kNow + kSecond);
  ASSERT_TRUE(d.step) << d.blocked;
  EXPECT_EQ(d.step->action, "advance");
  prometheus.value_at = [](std::int64_t) { return "0.3"; };
  AnalysisRunner failing(&prometheus, nullptr);
  d = step_at(failing, canary_healthy(background), kNow + kSecond);
  ASSERT_TRUE(d.step) << d.blocked;
  EXPECT_EQ(d.step->action, "rollback");
}

TEST(AnalysisRunnerTest, AWaveCheckIsMeasuredOnceTheWholeWaveIsHealthy) {
  WavePlan plan = plan_with(
      "  - name: wave-errors\n    prometheus: {query: "
      "'scalar(sum(errors{wave=\"{{wave}}\",release=\"{{release.short}}\"}))'}\n"
      "    successCondition: result == 0\n    interval: 10s\n    count: 1\n");
  ScriptedPrometheus prometheus;
  prometheus.scalar = true;
  prometheus.value_at = [](std::int64_t) { return "2"; };
  AnalysisRunner runner(&prometheus, nullptr);
  Decision d = step_at(runner, canary_healthy(plan), kNow + 1 * kSecond);
  ASSERT_EQ(prometheus.asked.size(), 1u);
  EXPECT_EQ(prometheus.asked[0].query, "scalar(sum(last_over_time(errors{wave=\"canary\",release=\"aaaaaaa\"}[1ms])))");
  ASSERT_TRUE(d.step) << d.blocked;
  EXPECT_EQ(d.step->action, "rollback");
  EXPECT_EQ(evidence_of(d).rfind("analysis wave-errors (result == 0): failed", 0), 0u) << evidence_of(d);
  EXPECT_NE(evidence_of(d).find("last value 2"), std::string::npos) << "a scalar is a number: " << evidence_of(d);
}
// Issue 27's rule: no measurement is judged by a sample from before the analysis started. While
// the widest window of the query (here the 1 m range) reaches back past the start, each time
// reads the query bounded to its time since the start; later times share one range query as
// written. A check that fell far behind catches up 30 bounded times per cycle.
TEST(AnalysisRunnerTest, NoMeasurementReadsASampleFromBeforeTheStart) {
  WavePlan plan = plan_with(
      "  - name: error-rate\n    prometheus: {query: 'sum(rate(errors{cluster=\"{{cluster}}\"}[1m]))'}\n"
      "    interval: 20s\n    count: 5\n    successCondition: result[0] < 0.05\n");
  ScriptedPrometheus prometheus;
  AnalysisRunner runner(&prometheus, nullptr);
  Decision d = step_at(runner, canary_healthy(plan), kNow + 90 * kSecond);
  ASSERT_EQ(prometheus.asked.size(), 4u);
  const std::vector<std::string> windows = {"1ms", "20000ms", "40000ms"};
  for (std::size_t i = 0; i < windows.size(); ++i) {
    EXPECT_EQ(prometheus.asked[i].query, "sum(rate(errors{cluster=\"dev-1\"}[" + windows[i] + "]))");
    EXPECT_EQ(prometheus.asked[i].start_ms, kNow + static_cast<std::int64_t>(i) * 20 * kSecond);
    EXPECT_EQ(prometheus.asked[i].end_ms, prometheus.asked[i].start_ms);
  }
  EXPECT_EQ(prometheus.asked[3].query, "sum(rate(errors{cluster=\"dev-1\"}[1m]))") << "as written from start + 1m";
  EXPECT_EQ(prometheus.asked[3].start_ms, kNow + 60 * kSecond);
  EXPECT_EQ(prometheus.asked[3].end_ms, kNow + 80 * kSecond);
  ASSERT_TRUE(d.step) << d.blocked;
  EXPECT_NE(evidence_of(d).find("successful: 5/5 measurements"), std::string::npos) << evidence_of(d);

  WavePlan fast = plan_with(
      "  - name: up\n    prometheus: {query: 'up'}\n    interval: 1s\n    count: 100\n"
      "    successCondition: result[0] < 0.05\n");
  ScriptedPrometheus behind;
  AnalysisRunner catching_up(&behind, nullptr);
  step_at(catching_up, canary_healthy(fast), kNow + 200 * kSecond);
  ASSERT_EQ(behind.asked.size(), 30u) << "the lookback (5 m) bounds all of the first 100";
  EXPECT_EQ(behind.asked[29].query, "last_over_time(up[29000ms])");
  step_at(catching_up, canary_healthy(fast), kNow + 200 * kSecond);
  ASSERT_EQ(behind.asked.size(), 60u);
  EXPECT_EQ(behind.asked[30].start_ms, kNow + 30 * kSecond) << "the next cycle goes on where the last stopped";
}

// Many clusters measuring at once: each is asked once per due measurement however many there
// are, and what no cycle asks for any more is forgotten.
TEST(AnalysisRunnerTest, AFleetOfClustersIsAskedOncePerMeasurementAndForgottenWhenDone) {
  WavePlan plan = plan_with(kErrorRate);
  ScriptedPrometheus prometheus;
  AnalysisRunner runner(&prometheus, nullptr);
  EngineInput in = canary_healthy(plan);
  in.waves.clusters[0].clear();
  for (int i = 0; i < 30'000; ++i) {
    const std::string c = "c-" + std::to_string(100'000 + i);
    in.waves.clusters[0].push_back(c);
    in.state.pins[c] = Pin{kRelease, "canary", c, kNow - 60 * kSecond};
    in.observations.by_cluster[c] = testing_support::synced_at(kRelease, kNow);
  }
  in.now_ms = kNow + 1 * kSecond;
  runner.next_cycle();
  EXPECT_EQ(runner.run(in, "").size(), 30'000u);
  const std::size_t asked = prometheus.asked.size();
  EXPECT_EQ(asked, 30'000u);
  EXPECT_EQ(prometheus.instant_queries, 30'000);
  for (int cycle = 0; cycle < 3; ++cycle) {
    in.now_ms += kSecond;
    runner.next_cycle();
    runner.run(in, "");
  }
  EXPECT_EQ(prometheus.asked.size(), asked) << "no new measurement due: nothing asked again";
  in.state.release.reset();  // the release completed
  runner.next_cycle();
  runner.run(in, "");
  runner.next_cycle();
  EXPECT_EQ(runner.remembered(), 0u);
}

// A web check that answers with JSON: measured live, once per interval.
class ScriptedWeb final : public WebProbe {
 public:
  std::vector<WebRequest> asked;
  HttpAnswer answer{200, R"({"data": {"errorRate": 0.0}})"};
  Result<HttpAnswer> fetch(const WebRequest& request) override {
    asked.push_back(request);
    return answer;
  }
};

TEST(AnalysisRunnerTest, WebChecksAreMeasuredLiveOncePerInterval) {
  WavePlan plan = plan_with(
      "  - name: smoke\n    web:\n      url: 'http://smoke.test/{{app}}/{{cluster}}'\n      headers: {X-Release: "
      "'{{release.short}}'}\n      jsonPath: '$.data.errorRate'\n    interval: 30s\n    count: 2\n"
      "    successCondition: result == 0\n");
  ScriptedWeb web;
  AnalysisRunner runner(nullptr, &web);
  EngineInput in = canary_healthy(plan);
  EXPECT_FALSE(step_at(runner, in, kNow + 1 * kSecond).step);
  EXPECT_FALSE(step_at(runner, in, kNow + 20 * kSecond).step);
  ASSERT_EQ(web.asked.size(), 1u) << "at most one measurement per interval";
  EXPECT_EQ(web.asked[0].url, "http://smoke.test/shop/dev-1");
  EXPECT_EQ(web.asked[0].headers.at("X-Release"), "aaaaaaa");
  Decision d = step_at(runner, in, kNow + 32 * kSecond);
  ASSERT_TRUE(d.step) << d.blocked;
  EXPECT_EQ(d.step->action, "advance");
  EXPECT_EQ(web.asked.size(), 2u);

  AnalysisRunner status_view(nullptr, &web, false);
  Decision s = step_at(status_view, in, kNow + 62 * kSecond);
  EXPECT_FALSE(s.step);
  EXPECT_EQ(web.asked.size(), 2u) << "a status view never calls a web check";
}

// webmetric.go: a non-2xx answer and a JSONPath that finds nothing are Errors, retried after
// the default 10s; more than consecutiveErrorLimit in a row roll back.
TEST(AnalysisRunnerTest, WebErrorsAreRetriedAndEndTheCheckAtTheLimit) {
  WavePlan plan = plan_with(
      "  - name: smoke\n    web: {url: 'http://smoke.test/{{cluster}}', jsonPath: '$.data.errorRate'}\n"
      "    interval: 5m\n    count: 2\n    successCondition: result == 0\n");
  ScriptedWeb web;
  web.answer = HttpAnswer{503, "busy"};
  AnalysisRunner runner(nullptr, &web);
  EngineInput in = canary_healthy(plan);
  Decision d = step_at(runner, in, kNow);
  EXPECT_NE(d.blocked.find("last error: received non 2xx response code: 503"), std::string::npos) << d.blocked;
  web.answer = HttpAnswer{200, R"({"data": {}})"};
  for (int i = 1; i <= 3; ++i) EXPECT_FALSE(step_at(runner, in, kNow + i * 10 * kSecond).step);
  EXPECT_EQ(web.asked.size(), 4u) << "an Error is retried after 10s, not the 5m interval";
  d = step_at(runner, in, kNow + 40 * kSecond);
  ASSERT_TRUE(d.step) << d.blocked;
  EXPECT_EQ(d.step->action, "rollback");
  EXPECT_NE(evidence_of(d).find("could not find JSONPath $.data.errorRate in the answer"), std::string::npos)
      << evidence_of(d);
}

}  // namespace
}  // namespace fleetwave
