// AnalysisTemplates in the fleet repository, through the built binary on real Git: a WavePlan's
// reference to a template in policies/ (or the app) validates, with the provider settings
// fleetwave does not take as warnings; a template's own mistake is reported at its file, line and
// field; a reference to a template that is not there at the WavePlan's.
#include <gtest/gtest.h>

#include "cli/cli_fixture.h"

namespace fleetwave::cli {
namespace {

using testing_support::CliRun;
using testing_support::CliTest;

const char* kTemplate = R"(apiVersion: argoproj.io/v1alpha1
kind: AnalysisTemplate
metadata:
  name: success-rate
spec:
  args:
  - name: service-name
  metrics:
  - name: success-rate
    successCondition: result[0] >= 0.95
    provider:
      prometheus:
        address: http://prometheus.example.com:9090
        query: sum(rate(requests{service="{{args.service-name}}",code!~"5.."}[1m])) / sum(rate(requests{service="{{args.service-name}}"}[1m]))
)";

std::string plan_using(const std::string& reference) {
  return testkit::wave_plan("shop", "    analysis:\n    - templateName: success-rate\n" + reference);
}

class CliAnalysisTemplateTest : public CliTest {
 protected:
  CliRun validate() {
    std::vector<std::string> args = {"validate"};
    const std::vector<std::string> flags = repo_flags();
    args.insert(args.end(), flags.begin(), flags.end());
    return run_binary(args);
  }
};

TEST_F(CliAnalysisTemplateTest, AReferencedTemplateValidatesAndIgnoredSettingsAreWarnings) {
  human_commit(
      "verify europe with the team's template",
      {{"policies/success-rate.yaml", kTemplate},
       {"apps/shop/rollout.yaml", plan_using("      args: [{name: service-name, value: '{{app}}.{{cluster}}'}]\n")}});
  CliRun r = validate();
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("warning: shop: policies/success-rate.yaml:13:18: spec.metrics[0].provider.prometheus.address: "
                       "is ignored: fleetwave uses the reconciler's own --prometheus-url connection"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("0 error(s), 1 warning(s)"), std::string::npos) << r.out;
}

TEST_F(CliAnalysisTemplateTest, MistakesAreReportedWhereTheyAre) {
  std::string broken = kTemplate;
  broken.replace(broken.find("prometheus:"), 11, "datadog:");
  human_commit("a template with a provider fleetwave does not measure",
               {{"policies/success-rate.yaml", broken},
                {"apps/shop/rollout.yaml", plan_using("      args: [{name: service-name, value: shop}]\n")}});
  CliRun r = validate();
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  EXPECT_NE(r.out.find("error: shop: policies/success-rate.yaml:13:9: spec.metrics[0].provider.datadog: provider "
                       "\"datadog\" is not supported"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("1 error(s)"), std::string::npos) << "one mistake, one error: " << r.out;

  human_commit("no args, and a template that is not there",
               {{"policies/success-rate.yaml", kTemplate},
                {"apps/shop/rollout.yaml", plan_using("    - templateName: error-rate\n")}});
  r = validate();
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  EXPECT_NE(r.out.find("error: shop: apps/shop/rollout.yaml:13:7: spec.waves[1].analysis[0].args: args.service-name "
                       "was not resolved: template \"success-rate\" gives it no value"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("error: shop: apps/shop/rollout.yaml:14:21: spec.waves[1].analysis[1].templateName: no "
                       "AnalysisTemplate \"error-rate\" in apps/shop/ or policies/"),
            std::string::npos)
      << r.out;
}

}  // namespace
}  // namespace fleetwave::cli
