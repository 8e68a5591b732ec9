// The analysis runner and gate through the engine: measurements start when a cluster is Synced
// and Healthy at the release, one range query per check and cluster answers a cycle, a verdict
// that is final or a range with nothing new due is not asked again, a failed check rolls the
// release back with the evidence, a rejected query or an unreachable Prometheus waits (never an
// advance on missing data).
#include "reconcile/analysis_runner.h"

#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

#include "base/timestamp.h"
#include "codec/yaml_codec.h"
#include "rollout/engine_fixture.h"
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

// Answers every range query with one series whose value at time t is value_at(t), as Prometheus
// does (a matrix with a point at start + k*step up to end).
class ScriptedPrometheus final : public MetricsProvider {
 public:
  std::function<std::string(std::int64_t)> value_at = [](std::int64_t) { return "0.01"; };
  std::optional<HttpAnswer> fixed;  // answers this instead
  std::optional<Error> down;
  std::vector<RangeQuery> asked;

  Result<HttpAnswer> query_range(const RangeQuery& q) override {
    asked.push_back(q);
    if (down) return *down;
    if (fixed) return *fixed;
    std::string values;
    for (std::int64_t t = q.start_ms; t <= q.end_ms; t += q.step_ms) {
      values += std::string(values.empty() ? "" : ",") + "[" + std::to_string(t / 1000) + "." +
                std::to_string(t % 1000 + 1000).substr(1) + ",\"" + value_at(t) + "\"]";
    }
    return HttpAnswer{200, R"({"status":"success","data":{"resultType":"matrix","result":[{"metric":{},"values":[)" +
                               values + "]}]}}"};
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
    "    interval: 30s\n    count: 3\n    successCondition: result < 0.05\n";

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

TEST(AnalysisRunnerTest, AHealthyCanaryAdvancesOnlyAfterEveryMeasurementPassed) {
  WavePlan plan = plan_with(kErrorRate);
  ScriptedPrometheus prometheus;
  AnalysisRunner runner(&prometheus, nullptr);
  EngineInput in = canary_healthy(plan);

  Decision d = step_at(runner, in, kNow + 10 * kSecond);
  EXPECT_FALSE(d.step);
  EXPECT_EQ(d.blocked,
            "wave 1/2 canary waiting for analysis error-rate on dev-1 (result < 0.05): measuring: 0/3 measurements; "
            "the first is due at 2027-01-15T08:00:30Z");
  EXPECT_TRUE(prometheus.asked.empty()) << "nothing is due yet";

  d = step_at(runner, in, kNow + 65 * kSecond);
  EXPECT_FALSE(d.step);
  ASSERT_EQ(prometheus.asked.size(), 1u);
  EXPECT_EQ(prometheus.asked[0].query, "errors{app=\"shop\",cluster=\"dev-1\"}");
  EXPECT_EQ(prometheus.asked[0].start_ms, kNow + 30 * kSecond);
  EXPECT_EQ(prometheus.asked[0].end_ms, kNow + 60 * kSecond);
  EXPECT_EQ(prometheus.asked[0].step_ms, 30 * kSecond);
  EXPECT_NE(d.blocked.find("2/3"), std::string::npos) << d.blocked;

  step_at(runner, in, kNow + 70 * kSecond);
  EXPECT_EQ(prometheus.asked.size(), 1u) << "no new measurement due: answered from memory";

  d = step_at(runner, in, kNow + 95 * kSecond);
  ASSERT_TRUE(d.step) << d.blocked;
  EXPECT_EQ(d.step->action, "advance");
  const std::string evidence = d.step->message.trailer("Fleetwave-Evidence");
  EXPECT_NE(evidence.find("analysis passed: error-rate on dev-1 (result < 0.05): "), std::string::npos) << evidence;
  EXPECT_NE(evidence.find("3 passed"), std::string::npos) << evidence;
  EXPECT_NE(evidence.find("0.01"), std::string::npos) << evidence;

  step_at(runner, in, kNow + 200 * kSecond);
  EXPECT_EQ(prometheus.asked.size(), 2u) << "a final verdict is not asked again";
}

TEST(AnalysisRunnerTest, AFailedCheckRollsTheReleaseBackWithTheEvidence) {
  WavePlan plan = plan_with(kErrorRate);
  ScriptedPrometheus prometheus;
  prometheus.value_at = [](std::int64_t) { return "0.3"; };
  AnalysisRunner runner(&prometheus, nullptr);
  Decision d = step_at(runner, canary_healthy(plan), kNow + 31 * kSecond);
  ASSERT_TRUE(d.step) << d.blocked;
  EXPECT_EQ(d.step->action, "rollback");
  const std::string evidence = d.step->message.trailer("Fleetwave-Evidence");
  EXPECT_EQ(evidence.rfind("dev-1: analysis error-rate on dev-1 (result < 0.05): failed: 1/3 measurements: 0 passed, "
                           "1 failed",
                           0),
            0u)
      << evidence;
  EXPECT_NE(evidence.find("last value 0.3"), std::string::npos) << evidence;
}

TEST(AnalysisRunnerTest, NaNAndMissingDataAreInconclusiveAndNeverPass) {
  WavePlan plan = plan_with(
      "  - name: latency\n    prometheus: {query: 'p99{cluster=\"{{cluster}}\"}'}\n    interval: 30s\n"
      "    count: 2\n    inconclusiveLimit: 1\n    successCondition: result < 0.5\n");
  ScriptedPrometheus prometheus;
  prometheus.value_at = [](std::int64_t) { return "NaN"; };
  AnalysisRunner runner(&prometheus, nullptr);
  Decision d = step_at(runner, canary_healthy(plan), kNow + 61 * kSecond);
  EXPECT_FALSE(d.step) << d.step->message.subject;
  EXPECT_NE(d.blocked.find("inconclusive"), std::string::npos) << d.blocked;
}

TEST(AnalysisRunnerTest, ARejectedQueryOrAnUnreachablePrometheusWaitsWithTheReason) {
  WavePlan plan = plan_with(kErrorRate);
  ScriptedPrometheus prometheus;
  prometheus.fixed = HttpAnswer{400, recorded("bad_data.json")};
  AnalysisRunner runner(&prometheus, nullptr);
  Decision d = step_at(runner, canary_healthy(plan), kNow + 100 * kSecond);
  EXPECT_FALSE(d.step);
  EXPECT_NE(d.blocked.find("Prometheus rejected the query (fix spec.analysis of the WavePlan): prometheus bad_data"),
            std::string::npos)
      << d.blocked;

  prometheus.fixed.reset();
  prometheus.down = transient("prometheus at http://prometheus.test unreachable: connection refused");
  d = step_at(runner, canary_healthy(plan), kNow + 100 * kSecond);
  EXPECT_FALSE(d.step);
  EXPECT_NE(d.blocked.find("no measurement: prometheus at http://prometheus.test unreachable"), std::string::npos)
      << d.blocked;

  AnalysisRunner unconfigured(nullptr, nullptr);
  d = step_at(unconfigured, canary_healthy(plan), kNow + 100 * kSecond);
  EXPECT_FALSE(d.step);
  EXPECT_NE(d.blocked.find("no Prometheus to ask: set --prometheus-url"), std::string::npos) << d.blocked;
}

TEST(AnalysisRunnerTest, AWaveCheckIsMeasuredOnceTheWholeWaveIsHealthy) {
  WavePlan plan = plan_with(
      "  - name: wave-errors\n    prometheus: {query: 'sum(errors{wave=\"{{wave}}\",release=\"{{release.short}}\"})'}\n"
      "    successCondition: result == 0\n    interval: 10s\n");
  ScriptedPrometheus prometheus;
  prometheus.value_at = [](std::int64_t) { return "2"; };
  AnalysisRunner runner(&prometheus, nullptr);
  Decision d = step_at(runner, canary_healthy(plan), kNow + 11 * kSecond);
  ASSERT_EQ(prometheus.asked.size(), 1u);
  EXPECT_EQ(prometheus.asked[0].query, "sum(errors{wave=\"canary\",release=\"aaaaaaa\"})");
  ASSERT_TRUE(d.step) << d.blocked;
  EXPECT_EQ(d.step->action, "rollback");
  EXPECT_EQ(d.step->message.trailer("Fleetwave-Evidence").rfind("analysis wave-errors (result == 0): failed", 0), 0u)
      << d.step->message.trailer("Fleetwave-Evidence");
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
  in.now_ms = kNow + 31 * kSecond;
  runner.next_cycle();
  EXPECT_EQ(runner.run(in, "").size(), 30'000u);
  const std::size_t asked = prometheus.asked.size();
  EXPECT_EQ(asked, 30'000u);
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
  Result<HttpAnswer> fetch(const WebRequest& request) override {
    asked.push_back(request);
    return HttpAnswer{200, R"({"data": {"errorRate": 0.0}})"};
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
  EXPECT_FALSE(step_at(runner, in, kNow + 31 * kSecond).step);
  EXPECT_FALSE(step_at(runner, in, kNow + 40 * kSecond).step);
  ASSERT_EQ(web.asked.size(), 1u) << "at most one measurement per interval";
  EXPECT_EQ(web.asked[0].url, "http://smoke.test/shop/dev-1");
  EXPECT_EQ(web.asked[0].headers.at("X-Release"), "aaaaaaa");
  Decision d = step_at(runner, in, kNow + 62 * kSecond);
  ASSERT_TRUE(d.step) << d.blocked;
  EXPECT_EQ(d.step->action, "advance");
  EXPECT_EQ(web.asked.size(), 2u);

  AnalysisRunner status_view(nullptr, &web, false);
  Decision s = step_at(status_view, in, kNow + 62 * kSecond);
  EXPECT_FALSE(s.step);
  EXPECT_EQ(web.asked.size(), 2u) << "a status view never calls a web check";
}

}  // namespace
}  // namespace fleetwave
