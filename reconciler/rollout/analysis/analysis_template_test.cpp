// AnalysisTemplates as Argo Rollouts reads them: the documentation's templates verbatim, args
// merged as MergeArgs and resolved as utils/template ResolveArgs, the provider moved to a check,
// IntOrString counts, spec.dryRun, and every problem at its field.
#include "rollout/analysis/analysis_template.h"

#include <gtest/gtest.h>

#include "codec/yaml_codec.h"
#include "rollout/analysis/expr/expression.h"
#include "testkit/build_paths.h"
#include "testkit/process/child_process.h"

namespace fleetwave {
namespace {

Json yaml(const std::string& text) {
  auto docs = parse_yaml_stream(text, "t.yaml");
  EXPECT_TRUE(docs.ok()) << (docs.ok() ? "" : docs.error().to_string());
  return docs->front().value;
}

std::vector<std::string> texts(const ErrorList& errors) {
  std::vector<std::string> out;
  for (const Error& e : errors) out.push_back(e.field + ": " + e.message);
  return out;
}

AnalysisTemplateRef ref_of(const std::string& entry) {
  Problems problems;
  AnalysisTemplateRef ref = parse_template_ref(yaml(entry), FieldPath().key("spec").key("analysis").index(0), problems);
  EXPECT_TRUE(problems.empty()) << texts(problems.list()).front();
  return ref;
}

// docs/features/analysis.md of Argo Rollouts, "Inline Analysis", copied unchanged.
std::string docs_template() {
  return testkit::read_text_file(std::string(testkit::source_dir()) +
                                 "/reconciler/rollout/analysis/testdata/argo-rollouts/success-rate.yaml");
}

TEST(AnalysisTemplateTest, TheDocumentationsTemplateBecomesACheck) {
  const Json doc = yaml(docs_template());
  EXPECT_TRUE(is_analysis_template(doc));
  EXPECT_FALSE(is_cluster_analysis_template(doc));
  const AnalysisTemplateRef ref =
      ref_of("{templateName: success-rate, args: [{name: service-name, value: '{{app}}.{{cluster}}'}]}");
  EXPECT_EQ(ref.template_name, "success-rate");
  EXPECT_FALSE(ref.cluster_scope);
  Problems in_template, in_plan;
  std::vector<AnalysisCheck> checks = checks_from_template(doc, ref, in_template, in_plan);
  EXPECT_EQ(texts(in_template.list()), std::vector<std::string>{});
  EXPECT_EQ(texts(in_plan.list()), std::vector<std::string>{});
  EXPECT_EQ(texts(in_template.take_warnings()),
            std::vector<std::string>{"spec.metrics[0].provider.prometheus.address: is ignored: fleetwave uses the "
                                     "reconciler's own --prometheus-url connection"});
  ASSERT_EQ(checks.size(), 1u);
  const AnalysisCheck& c = checks[0];
  EXPECT_EQ(c.name, "success-rate");
  ASSERT_TRUE(c.prometheus.has_value());
  EXPECT_NE(c.prometheus->query.find("destination_service=~\"{{app}}.{{cluster}}\",response_code!~\"5.*\"}[5m]"),
            std::string::npos)
      << c.prometheus->query;
  EXPECT_TRUE(c.per_cluster) << "an arg value with {{cluster}} measures per cluster";
  EXPECT_EQ(c.success->text(), "result[0] >= 0.95");
  EXPECT_EQ(c.count, 1) << "no interval: one measurement";
}

TEST(AnalysisTemplateTest, ArgsMergeAndResolveAsRolloutsDoes) {
  const Json doc = yaml(R"(apiVersion: argoproj.io/v1alpha1
kind: ClusterAnalysisTemplate
metadata: {name: web-check}
spec:
  args:
  - {name: host}
  - {name: limit, value: "3"}
  - {name: threshold, value: "0.5"}
  dryRun:
  - metricName: ^smoke$
  metrics:
  - name: smoke
    count: "{{args.limit}}"
    interval: 30s
    successCondition: "result.rate < {{ args.threshold }}"
    provider:
      web:
        url: "https://{{args.host}}/{{cluster}}/health"
        headers:
        - {key: X-Team, value: shop}
        jsonPath: "{$.data}"
        timeoutSeconds: 10
  - name: smoke-two
    failureLimit: "{{args.limit}}"
    count: 5
    provider:
      prometheus: {query: up}
)");
  EXPECT_TRUE(is_cluster_analysis_template(doc));
  const AnalysisTemplateRef ref = ref_of(
      "{templateName: web-check, clusterScope: true, initialDelay: 1m, args: [{name: host, value: smoke.example}, "
      "{name: limit, value: '4'}]}");
  Problems in_template, in_plan;
  std::vector<AnalysisCheck> checks = checks_from_template(doc, ref, in_template, in_plan);
  EXPECT_EQ(texts(in_template.list()), std::vector<std::string>{});
  EXPECT_EQ(texts(in_plan.list()), std::vector<std::string>{});
  ASSERT_EQ(checks.size(), 2u);
  ASSERT_TRUE(checks[0].web.has_value());
  EXPECT_EQ(checks[0].web->url, "https://smoke.example/{{cluster}}/health");
  EXPECT_EQ(checks[0].web->headers, (StringMap{{"X-Team", "shop"}}));
  EXPECT_EQ(checks[0].count, 4) << "the reference's value wins, and a number in a string is a number";
  EXPECT_EQ(checks[0].success->text(), "result.rate < 0.5");
  EXPECT_TRUE(checks[0].dry_run);
  EXPECT_FALSE(checks[1].dry_run) << "the regular expression is anchored by the template";
  EXPECT_EQ(checks[1].failure_limit, 4);
  EXPECT_EQ(checks[0].initial_delay_ms, 60'000) << "the reference's initialDelay, for metrics without one";
}

TEST(AnalysisTemplateTest, ReportsEveryProblemAtItsField) {
  const Json doc = yaml(R"(apiVersion: argoproj.io/v1alpha1
kind: AnalysisTemplate
metadata: {name: t}
spec:
  args:
  - {name: service}
  - name: token
    valueFrom: {secretKeyRef: {name: s, key: k}}
  metrics:
  - name: a
    provider: {datadog: {query: x}}
  - name: b
    provider: {prometheus: {query: "up{svc=\"{{args.service}}\",x=\"{{args.nope}}\"}"}}
  - name: c
    provider: {web: {url: "https://x", method: POST, body: "{}"}}
  dryRun:
  - metricName: "("
)");
  const AnalysisTemplateRef ref = ref_of("{templateName: t, args: [{name: extra, value: x}]}");
  Problems in_template, in_plan;
  checks_from_template(doc, ref, in_template, in_plan);
  EXPECT_EQ(texts(in_template.list()),
            (std::vector<std::string>{
                "spec.args[1].valueFrom: valueFrom (secrets and fields) is not supported: give the value in the "
                "WavePlan's args",
                "spec.metrics[0].provider.datadog: provider \"datadog\" is not supported: fleetwave measures with the "
                "prometheus and web providers",
                "spec.metrics[1]: failed to resolve {{args.nope}}: no such arg",
                "spec.metrics[2].provider.web.body: a request body is not supported",
                "spec.dryRun[0].metricName: invalid regular expression: " + std::string("Mismatched '(' and ')' in "
                                                                                        "regular expression"),
            }));
  EXPECT_EQ(texts(in_plan.list()),
            (std::vector<std::string>{
                "spec.analysis[0].args: args.service was not resolved: template \"t\" gives it no value; add {name: "
                "service, value: ...}"}));
  EXPECT_EQ(texts(in_plan.take_warnings()),
            std::vector<std::string>{
                "spec.analysis[0].args: arg \"extra\" is not declared by template \"t\" and is ignored"});
}

}  // namespace
}  // namespace fleetwave
