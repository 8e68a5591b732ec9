// The analysis check parser: every field, and every problem reported at its field.
#include "rollout/analysis/analysis_check.h"

#include <gtest/gtest.h>

#include "codec/yaml_codec.h"
#include "rollout/analysis/expr/expression.h"

namespace fleetwave {
namespace {

// Parses `yaml` (a list of checks) as spec.waves[1].analysis.
std::vector<AnalysisCheck> parse(const std::string& yaml, std::vector<std::string>& problems,
                                 std::vector<std::string>* warnings = nullptr) {
  auto docs = parse_yaml_stream(yaml, "rollout.yaml");
  EXPECT_TRUE(docs.ok()) << (docs.ok() ? "" : docs.error().to_string());
  Problems found;
  auto checks =
      parse_analysis(docs->front().value, FieldPath().key("spec").key("waves").index(1).key("analysis"), found);
  for (const Error& e : found.list()) problems.push_back(e.field + ": " + e.message);
  if (warnings != nullptr) {
    for (const Error& e : found.take_warnings()) warnings->push_back(e.field + ": " + e.message);
  }
  return checks;
}

TEST(AnalysisCheckTest, ParsesTheIssueExample) {
  const std::string yaml = R"(
- name: error-rate
  prometheus:
    query: sum(rate(http_requests_total{app="shop",cluster="{{cluster}}",code=~"5.."}[1m])) / sum(rate(http_requests_total{app="shop",cluster="{{cluster}}"}[1m]))
  interval: 30s
  count: 10
  successCondition: result < 0.05
  failureLimit: 1
  inconclusiveLimit: 2
- name: smoke
  web: {url: "https://smoke.example/{{app}}/{{cluster}}", method: GET, headers: {X-Team: shop}, jsonPath: "$.data.errorRate"}
  successCondition: result == 0
- name: global
  web: {url: "https://status.example/{{app}}", method: POST, headers: {X-Cluster: "{{ cluster }}"}}
  successCondition: result == 1
- name: fleet
  prometheus: {query: 'sum(up{app="{{app}}"})'}
  successCondition: result >= 3
)";
  std::vector<std::string> problems;
  auto checks = parse(yaml, problems);
  EXPECT_EQ(problems, std::vector<std::string>{});
  ASSERT_EQ(checks.size(), 4u);

  const AnalysisCheck& rate = checks[0];
  EXPECT_EQ(rate.name, "error-rate");
  ASSERT_TRUE(rate.prometheus.has_value());
  EXPECT_FALSE(rate.web.has_value());
  EXPECT_EQ(rate.prometheus->query.substr(0, 34), "sum(rate(http_requests_total{app=\"");
  EXPECT_EQ(rate.interval_ms, 30'000);
  EXPECT_EQ(rate.count, 10);
  EXPECT_EQ(rate.success->text(), "result < 0.05");
  EXPECT_EQ(rate.failure_limit, 1);
  EXPECT_EQ(rate.inconclusive_limit, 2);
  EXPECT_TRUE(rate.per_cluster);

  const AnalysisCheck& smoke = checks[1];
  ASSERT_TRUE(smoke.web.has_value());
  EXPECT_EQ(smoke.web->url, "https://smoke.example/{{app}}/{{cluster}}");
  EXPECT_EQ(smoke.web->method, HttpMethod::Get);
  EXPECT_EQ(smoke.web->headers, (StringMap{{"X-Team", "shop"}}));
  EXPECT_EQ(smoke.web->json_path.text(), "$.data.errorRate");
  EXPECT_TRUE(smoke.per_cluster);
  // Rollouts' defaults: one measurement (EffectiveCount), an Error retried after 10s, limits 0
  // and 4 errors in a row.
  EXPECT_EQ(smoke.interval_ms, 10'000);
  EXPECT_EQ(smoke.count, 1);
  EXPECT_EQ(smoke.failure_limit, 0);
  EXPECT_EQ(smoke.inconclusive_limit, 0);
  EXPECT_EQ(smoke.consecutive_error_limit, 4);
  EXPECT_EQ(smoke.consecutive_success_limit, 0);
  EXPECT_EQ(smoke.initial_delay_ms, 0);
  EXPECT_FALSE(smoke.dry_run);
  EXPECT_EQ(smoke.failure, nullptr);

  EXPECT_EQ(checks[2].web->method, HttpMethod::Post);
  EXPECT_EQ(checks[2].web->json_path.text(), "$");
  EXPECT_TRUE(checks[2].per_cluster);  // through a header
  EXPECT_FALSE(checks[3].per_cluster);
}

// Every Rollouts Metric field fleetwave reads, and EffectiveCount: an interval without a count
// measures with no end.
TEST(AnalysisCheckTest, ParsesEveryRolloutsMetricField) {
  std::vector<std::string> problems;
  auto checks = parse(R"(
- name: a
  prometheus: {query: up}
  interval: 1m
  initialDelay: 30s
  successCondition: result[0] < 0.05
  failureCondition: result[0] > 0.1
  failureLimit: -1
  inconclusiveLimit: 2
  consecutiveErrorLimit: 0
  consecutiveSuccessLimit: 3
  dryRun: true
- name: b
  prometheus: {query: up}
  count: 0
- name: c
  prometheus: {query: up}
  interval: 5m
  count: 4
)",
                      problems);
  EXPECT_EQ(problems, std::vector<std::string>{});
  ASSERT_EQ(checks.size(), 3u);
  const AnalysisCheck& a = checks[0];
  EXPECT_EQ(a.interval_ms, 60'000);
  EXPECT_EQ(a.initial_delay_ms, 30'000);
  EXPECT_FALSE(a.count.has_value()) << "an interval without a count";
  EXPECT_EQ(a.success->text(), "result[0] < 0.05");
  EXPECT_EQ(a.failure->text(), "result[0] > 0.1");
  EXPECT_EQ(a.failure_limit, -1);
  EXPECT_EQ(a.inconclusive_limit, 2);
  EXPECT_EQ(a.consecutive_error_limit, 0);
  EXPECT_EQ(a.consecutive_success_limit, 3);
  EXPECT_TRUE(a.dry_run);
  EXPECT_EQ(checks[1].count, 1) << "count 0 without an interval is one measurement";
  EXPECT_EQ(checks[1].success, nullptr) << "no condition: every measurement succeeds";
  EXPECT_EQ(checks[2].count, 4);
  EXPECT_EQ(checks[2].interval_ms, 300'000);
}

TEST(AnalysisCheckTest, AbsentListIsEmpty) {
  std::vector<std::string> problems;
  EXPECT_TRUE(parse("null", problems).empty());
  EXPECT_TRUE(parse("[]", problems).empty());
  EXPECT_EQ(problems, std::vector<std::string>{});
}

TEST(AnalysisCheckTest, ReportsEveryProblemAtItsField) {
  const std::string at = "spec.waves[1].analysis";
  const std::string ok = "  prometheus: {query: up}\n  successCondition: result == 1\n";
  const std::string known =
      "known placeholders are {{app}}, {{cluster}}, {{wave}}, {{release}}, {{release.short}}, "
      "{{namespace}}";
  struct Case {
    std::string name;
    std::string yaml;
    std::vector<std::string> want;
  };
  const std::vector<Case> cases = {
      {"not a list", "{name: a}", {at + ": expected a list of checks, got a map"}},
      {"not a map", "- up", {at + "[0]: expected a check (a map with name, prometheus or web, and successCondition)"}},
      {"missing name", "- prometheus: {query: up}\n", {at + "[0].name: required field is missing"}},
      {"bad and duplicate names",
       "- name: Error_Rate\n" + ok + "- name: a\n" + ok + "- name: a\n" + ok + "- name: -a\n" + ok,
       {at + "[0].name: must consist of lowercase letters, digits and '-'", at + "[2].name: duplicate check name \"a\"",
        at + "[3].name: must start and end with a letter or digit"}},
      {"long name", "- name: " + std::string(64, 'a') + "\n" + ok, {at + "[0].name: must be 1 to 63 characters"}},
      {"unknown fields with suggestions",
       "- name: a\n" + ok + "  intervall: 1m\n  failureLimt: 2\n  provider: x\n",
       {at + "[0].failureLimt: unknown field \"failureLimt\"; did you mean \"failureLimit\"?",
        at + "[0].intervall: unknown field \"intervall\"; did you mean \"interval\"?",
        at + "[0].provider: unknown field \"provider\"; valid fields are: name, prometheus, web, interval, "
             "initialDelay, count, successCondition, failureCondition, failureLimit, inconclusiveLimit, "
             "consecutiveErrorLimit, consecutiveSuccessLimit, dryRun"}},
      {"no provider",
       "- name: a\n  successCondition: result == 1\n",
       {at + "[0]: needs a provider: prometheus or web"}},
      {"both providers",
       "- name: a\n" + ok + "  web: {url: 'https://x'}\n",
       {at + "[0]: has both prometheus and web; a check uses exactly one provider"}},
      {"provider not a map",
       "- name: a\n  prometheus: up\n  successCondition: result == 1\n",
       {at + "[0].prometheus: expected a map, got a string"}},
      {"prometheus fields",
       "- name: a\n  prometheus: {qeury: up}\n  successCondition: result == 1\n",
       {at + "[0].prometheus.qeury: unknown field \"qeury\"; did you mean \"query\"?",
        at + "[0].prometheus.query: required field is missing"}},
      {"unknown placeholder in the query",
       "- name: a\n  prometheus: {query: 'up{cluster=\"{{clustr}}\"}'}\n  successCondition: result == 1\n",
       {at + "[0].prometheus.query: unknown placeholder \"{{clustr}}\"; " + known}},
      {"web fields",
       "- name: a\n  web: {url: 'ftp://x/{{ap}}', method: PUT, headers: {X-A: '{{team}}', X-B: 1}, jsonPath: "
       "'$.a[x]', timeout: 1s}\n  successCondition: result == 1\n",
       {at + "[0].web.timeout: unknown field \"timeout\"; valid fields are: url, method, headers, jsonPath",
        at + "[0].web.url: unknown placeholder \"{{ap}}\"; " + known,
        at + "[0].web.url: must start with http:// or https://",
        at + "[0].web.method: unsupported method \"PUT\", must be GET or POST",
        at + "[0].web.headers.X-B: expected a string, got a integer; quote the value",
        at + "[0].web.headers.X-A: unknown placeholder \"{{team}}\"; " + known,
        at + "[0].web.jsonPath: invalid jsonPath: column 5: expected an array index (0, 1, ...) or a quoted field "
             "name"}},
      {"web without url",
       "- name: a\n  web: {}\n  successCondition: result == 1\n",
       {at + "[0].web.url: required field is missing"}},
      {"schedule",
       "- name: a\n" + ok +
           "  interval: soon\n  initialDelay: -1s\n  count: -1\n  failureLimit: -1\n  inconclusiveLimit: two\n"
           "  consecutiveErrorLimit: -1\n  dryRun: maybe\n",
       {at + "[0].interval: invalid duration \"soon\"; use a number with a unit, e.g. 30s, 10m, 1h30m",
        at + "[0].initialDelay: invalid duration \"-1s\"; use a number with a unit, e.g. 30s, 10m, 1h30m",
        at + "[0].count: must be at least 0", at + "[0].failureLimit: must be at least 0",
        at + "[0].inconclusiveLimit: expected an integer, got a string",
        at + "[0].consecutiveErrorLimit: must be at least 0", at + "[0].dryRun: expected true or false, got a string"}},
      {"zero interval", "- name: a\n" + ok + "  interval: 0s\n", {at + "[0].interval: must be greater than 0"}},
      {"unquoted interval",
       "- name: a\n" + ok + "  interval: 30\n",
       {at + "[0].interval: expected a string, got a integer; quote it (YAML reads unquoted yes, no, on, off, y, n "
             "and numbers as non-strings)"}},
      {"malformed condition",
       "- name: a\n  prometheus: {query: up}\n  successCondition: result <> 0.05\n",
       {at + "[0].successCondition: invalid condition: column 9: unexpected token Operator(\">\")"}},
      {"a misspelt name in a condition",
       "- name: a\n  prometheus: {query: up}\n  successCondition: resutl[0] < 1\n",
       {at + "[0].successCondition: unknown name resutl: a condition reads `result` and Rollouts' functions (isNaN, "
             "isInf, isNil, default, asInt, asFloat, len, all, any, ...)"}},
      {"condition not a string",
       "- name: a\n  prometheus: {query: up}\n  successCondition: true\n",
       {at + "[0].successCondition: expected a string, got a boolean; quote it (YAML reads unquoted yes, no, on, off, "
             "y, n and numbers as non-strings)"}},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    std::vector<std::string> problems;
    parse(c.yaml, problems);
    EXPECT_EQ(problems, c.want);
  }
}

TEST(AnalysisCheckTest, WarnsWhenTheFailureLimitCannotBeReached) {
  std::vector<std::string> problems, warnings;
  parse("- name: a\n  prometheus: {query: up}\n  successCondition: result == 1\n  count: 3\n  failureLimit: 3\n",
        problems, &warnings);
  EXPECT_EQ(problems, std::vector<std::string>{});
  EXPECT_EQ(warnings, std::vector<std::string>{"spec.waves[1].analysis[0].failureLimit: is not below count (3): "
                                               "no number of failed measurements fails the check"});
}

}  // namespace
}  // namespace fleetwave
