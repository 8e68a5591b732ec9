// overlays/monitoring: the ServiceMonitor scrapes the reconciler's Service, and the
// PrometheusRule's alerts fire when they should and only then, checked by Prometheus's own rule
// unit tests (`promtool test rules`) on series shaped like `fleetwave serve`'s /metrics.
#include <fstream>
#include <iterator>
#include <map>
#include <string>

#include <gtest/gtest.h>

#include "kustomize_build.h"

namespace fleetwave {
namespace {
using namespace install_test;

// The reconciler with the monitoring component, as a user composes them.
std::vector<Json> build_with_monitoring() {
  InstallTree tree;
  fs::create_directories(tree.root() / "argocd");
  std::ofstream(tree.root() / "argocd/repo-server.yaml") << kRepoServer;
  std::ofstream(tree.root() / "argocd/kustomization.yaml")
      << "resources: [repo-server.yaml]\nnamespace: argocd\n"
         "components: [../overlays/plugin-and-reconciler, ../overlays/monitoring]\n";
  return build(tree.root() / "argocd");
}

TEST(InstallMonitoring, ServiceMonitorScrapesTheReconcilersHttpPort) {
  const std::vector<Json> objects = build_with_monitoring();
  const Json* monitor = find_object(objects, "ServiceMonitor", "fleetwave");
  const Json* service = find_object(objects, "Service", "fleetwave");
  ASSERT_NE(monitor, nullptr);
  ASSERT_NE(service, nullptr);
  EXPECT_EQ(string_at(*monitor, {"metadata", "namespace"}), string_at(*service, {"metadata", "namespace"}));
  const Json& wanted = at(*monitor, {"spec", "selector", "matchLabels"});
  ASSERT_TRUE(wanted.is_object());
  for (const auto& [label, value] : wanted.items()) {
    EXPECT_EQ(at(*service, {"metadata", "labels", label}), value) << label;
  }
  const Json& endpoint = at(*monitor, {"spec", "endpoints"}).at(0);
  EXPECT_NE(find_named(&at(*service, {"spec", "ports"}), endpoint.value("port", "")), nullptr);
  EXPECT_EQ(endpoint.value("path", ""), "/metrics");
}

// A promtool rule test of one alert: input series, and when the alert is (not) firing.
struct AlertCase {
  std::string alert;
  Json series;                                   // [{series, values}]
  std::vector<std::pair<std::string, Json>> at;  // eval time -> expected alerts' labels
};

// The annotations promtool expects: the rule's, with {{ $labels.app }} filled in.
Json expected_annotations(const Json& rule, const Json& labels) {
  Json out = Json::object();
  for (const auto& [key, value] : rule.at("annotations").items()) {
    std::string text = value.get<std::string>();
    const std::string placeholder = "{{ $labels.app }}";
    for (auto at = text.find(placeholder); at != std::string::npos; at = text.find(placeholder))
      text.replace(at, placeholder.size(), labels.value("app", ""));
    out[key] = text;
  }
  return out;
}

TEST(InstallMonitoring, AlertsFireOnRollbackStuckRolloutAndNotReady) {
  const std::vector<Json> objects = build_with_monitoring();
  const Json* rule = find_object(objects, "PrometheusRule", "fleetwave");
  ASSERT_NE(rule, nullptr);
  std::map<std::string, Json> rules;
  for (const Json& group : at(*rule, {"spec", "groups"}))
    for (const Json& r : group.at("rules")) rules[r.value("alert", "")] = r;

  const std::vector<AlertCase> cases = {
      {"FleetwaveRollback",
       Json::parse(R"([{"series": "fleetwave_steps_total{app=\"shop\",action=\"rollback\"}", "values": "0 0 0 1 1 1"},
                       {"series": "fleetwave_steps_total{app=\"calm\",action=\"rollback\"}", "values": "0x5"},
                       {"series": "fleetwave_steps_total{app=\"calm\",action=\"advance\"}", "values": "0 1 2 3 4 5"}])"),
       {{"2m", Json::array()},
        {"5m", Json::parse(R"([{"severity": "warning", "app": "shop", "action": "rollback"}])")}}},
      // The deadline passes at 300 s; shop stays Progressing, calm is Stable past its deadline.
      {"FleetwaveRolloutStuck",
       Json::parse(R"([{"series": "fleetwave_app_wave_deadline_timestamp_seconds{app=\"shop\"}", "values": "300x30"},
                       {"series": "fleetwave_app_phase{app=\"shop\",phase=\"Progressing\"}", "values": "1x30"},
                       {"series": "fleetwave_app_wave_deadline_timestamp_seconds{app=\"calm\"}", "values": "300x30"},
                       {"series": "fleetwave_app_phase{app=\"calm\",phase=\"Progressing\"}", "values": "0x30"},
                       {"series": "fleetwave_app_wave_deadline_timestamp_seconds{app=\"none\"}", "values": "0x30"},
                       {"series": "fleetwave_app_phase{app=\"none\",phase=\"Progressing\"}", "values": "1x30"}])"),
       {{"5m", Json::array()},
        {"14m", Json::array()},
        {"17m", Json::parse(R"([{"severity": "warning", "app": "shop"}])")}}},
      {"FleetwaveReconcilerNotReady",
       Json::parse(R"([{"series": "fleetwave_ready", "values": "1 1 0x20"}])"),
       {{"5m", Json::array()}, {"13m", Json::parse(R"([{"severity": "critical"}])")}}},
  };

  char tmpl[] = "/tmp/fw-promtool-XXXXXX";
  const fs::path dir = mkdtemp(tmpl);
  std::ofstream(dir / "rules.yaml") << at(*rule, {"spec"}).dump();  // JSON is YAML
  Json tests = Json::array();
  for (const AlertCase& c : cases) {
    ASSERT_EQ(rules.count(c.alert), 1u) << c.alert;
    Json checks = Json::array();
    for (const auto& [time, alerts] : c.at) {
      Json expected = Json::array();
      for (const Json& labels : alerts)
        expected.push_back({{"exp_labels", labels}, {"exp_annotations", expected_annotations(rules[c.alert], labels)}});
      checks.push_back({{"eval_time", time}, {"alertname", c.alert}, {"exp_alerts", expected}});
    }
    tests.push_back({{"interval", "1m"}, {"input_series", c.series}, {"alert_rule_test", checks}});
  }
  std::ofstream(dir / "test.yaml") << Json{{"rule_files", {"rules.yaml"}}, {"tests", tests}}.dump();
  testkit::ProcessOutcome r =
      testkit::run_process({"/usr/bin/promtool", "test", "rules", "test.yaml"}, {{"PATH", "/usr/bin:/bin"}}, dir);
  EXPECT_EQ(r.exit_code, 0) << "promtool test rules (from the prometheus package):\n" << r.out << r.err;
  fs::remove_all(dir);
}

// Issue 25 (11): the install guide points to the ServiceMonitor the component ships instead of
// telling users to write one.
TEST(InstallMonitoring, TheInstallGuideNamesTheShippedComponent) {
  std::ifstream in(kSource / "docs" / "install.md");
  const std::string guide((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  ASSERT_FALSE(guide.empty());
  EXPECT_NE(guide.find("`overlays/monitoring`"), std::string::npos);
  EXPECT_EQ(guide.find("add a ServiceMonitor"), std::string::npos) << "overlays/monitoring ships it";
}

}  // namespace
}  // namespace fleetwave
