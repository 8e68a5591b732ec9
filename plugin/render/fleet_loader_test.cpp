#include "render/fleet_loader.h"

#include <map>

#include <gtest/gtest.h>

#include "testkit/builders/bundle_builder.h"

namespace fleetwave {
namespace {

using testkit::BundleBuilder;

std::vector<std::string> error_lines(const InputBundle& bundle) {
  auto fleet = load_fleet(bundle);
  std::vector<std::string> lines;
  if (fleet.ok()) return lines;
  for (const Error& e : fleet.error()) lines.push_back(e.to_string());
  return lines;
}

TEST(FleetLoader, ClassifiesObjectsAndDefaultsNamespaces) {
  InputBundle bundle =
      BundleBuilder()
          .simple_cluster("b")
          .simple_cluster("a")
          .app("apps/x/all.yaml",
               "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: cm}\n---\n"
               "apiVersion: rbac.authorization.k8s.io/v1\nkind: ClusterRole\nmetadata: {name: reader}\n---\n"
               "apiVersion: policy.karmada.io/v1alpha1\nkind: PropagationPolicy\nmetadata: {name: pp}\n"
               "spec:\n  resourceSelectors: [{apiVersion: v1, kind: ConfigMap}]\n---\n"
               "apiVersion: fleetwave.io/v1alpha1\nkind: WavePlan\nmetadata: {name: x}\nspec: {waves: []}\n")
          .build();
  bundle.default_namespace = "shop";
  auto fleet = load_fleet(bundle);
  ASSERT_TRUE(fleet.ok()) << to_string(fleet.error());
  ASSERT_EQ(fleet->clusters.size(), 2u);
  EXPECT_EQ(fleet->clusters[0].name, "a");  // sorted
  ASSERT_EQ(fleet->templates.size(), 2u);
  const ResourceTemplate& role = fleet->templates[0];
  EXPECT_EQ(role.id.kind, "ClusterRole");
  EXPECT_FALSE(role.namespaced);
  EXPECT_EQ(role.id.namespace_, "");
  const ResourceTemplate& cm = fleet->templates[1];
  EXPECT_TRUE(cm.namespaced);
  EXPECT_EQ(cm.id.namespace_, "shop");
  EXPECT_EQ(string_at(cm.object, {"metadata", "namespace"}), "shop");
  ASSERT_EQ(fleet->propagation_policies.size(), 1u);
  EXPECT_EQ(fleet->propagation_policies[0].namespace_, "shop");
  EXPECT_EQ(fleet->propagation_policies[0].resource_selectors[0].namespace_, "shop");
  EXPECT_TRUE(fleet->wave_plan.has_value());
}

TEST(FleetLoader, FlattensListsAndSkipsEmptyDocuments) {
  InputBundle bundle = BundleBuilder()
                           .simple_cluster("a")
                           .app("apps/x/list.yaml",
                                "---\n# only a comment\n---\napiVersion: v1\nkind: List\nitems:\n"
                                "- {apiVersion: v1, kind: ConfigMap, metadata: {name: one, namespace: ns1}}\n"
                                "- {apiVersion: v1, kind: ConfigMap, metadata: {name: two, namespace: ns1}}\n")
                           .build();
  auto fleet = load_fleet(bundle);
  ASSERT_TRUE(fleet.ok()) << to_string(fleet.error());
  ASSERT_EQ(fleet->templates.size(), 2u);
  EXPECT_EQ(fleet->templates[0].id.name, "one");
  EXPECT_EQ(fleet->templates[1].id.name, "two");
}

struct BadInputCase {
  std::string name;
  BundleBuilder bundle;
  std::vector<std::string> errors;
};

TEST(FleetLoader, ReportsBadInputWithFileLineAndField) {
  std::vector<BadInputCase> cases = {
      {"duplicate object",
       BundleBuilder()
           .simple_cluster("a")
           .app("apps/x/a.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c, namespace: ns1}\n")
           .app("apps/x/b.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n  namespace: ns1\n"),
       {"apps/x/b.yaml:4:9: metadata.name: duplicate object v1 ConfigMap ns1/c (also defined at apps/x/a.yaml:1); each "
        "object may be defined once"}},
      {"not an object",
       BundleBuilder().simple_cluster("a").app("apps/x/values.yaml", "replicas: 3\n"),
       {"apps/x/values.yaml:1:1: not a Kubernetes object: apiVersion and kind are required (fleetwave reads every "
        ".yaml, .yml and .json file under the app directory, clusters/ and policies/)"}},
      {"scalar document",
       BundleBuilder().simple_cluster("a").app("apps/x/s.yaml", "just text\n"),
       {"apps/x/s.yaml:1:1: expected a Kubernetes object (a map with apiVersion and kind), got a string"}},
      {"inventory holds only clusters",
       BundleBuilder().cluster("clusters/x.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\n"),
       {"clusters/x.yaml:2:7: kind: the cluster inventory holds only cluster.karmada.io/v1alpha1 Cluster objects, "
        "found v1 ConfigMap"}},
      {"duplicate cluster",
       BundleBuilder().simple_cluster("a").cluster(
           "clusters/a2.yaml", "apiVersion: cluster.karmada.io/v1alpha1\nkind: Cluster\nmetadata: {name: a}\n"),
       {"clusters/a2.yaml:3:18: metadata.name: duplicate cluster \"a\" (also defined at clusters/a.yaml:1)"}},
      {"bad field selector key",
       BundleBuilder().simple_cluster("a").app(
           "apps/x/pp.yaml",
           "apiVersion: policy.karmada.io/v1alpha1\nkind: PropagationPolicy\nmetadata: {name: p, namespace: "
           "ns1}\nspec:\n"
           "  resourceSelectors: [{apiVersion: v1, kind: ConfigMap}]\n  placement:\n    clusterAffinity:\n"
           "      fieldSelector:\n        matchExpressions:\n        - key: color\n          operator: In\n          "
           "values: [red]\n"),
       {"apps/x/pp.yaml:10:16: spec.placement.clusterAffinity.fieldSelector.matchExpressions[0].key: unsupported key "
        "\"color\", must be provider, region, or zone"}},
      {"selector namespace differs from the policy",
       BundleBuilder().simple_cluster("a").app(
           "apps/x/pp.yaml",
           "apiVersion: policy.karmada.io/v1alpha1\nkind: PropagationPolicy\nmetadata: {name: p, namespace: "
           "ns1}\nspec:\n"
           "  resourceSelectors:\n  - {apiVersion: v1, kind: ConfigMap, namespace: other}\n"),
       {"apps/x/pp.yaml:6:50: spec.resourceSelectors[0].namespace: namespace of resource selector must be the same as "
        "the namespace of the policy (\"ns1\")"}},
      {"unknown field",
       BundleBuilder().simple_cluster("a").app(
           "apps/x/pp.yaml",
           "apiVersion: policy.karmada.io/v1alpha1\nkind: ClusterPropagationPolicy\nmetadata: {name: p}\nspec:\n"
           "  resourceSelectors: [{apiVersion: v1, kind: ConfigMap}]\n  placment: {}\n"),
       {"apps/x/pp.yaml:6:13: spec.placment: unknown field \"placment\"; did you mean \"placement\"?"}},
      {"two wave plans",
       BundleBuilder()
           .simple_cluster("a")
           .app("apps/x/w1.yaml", "apiVersion: fleetwave.io/v1alpha1\nkind: WavePlan\nmetadata: {name: x}\n")
           .app("apps/x/w2.yaml", "apiVersion: fleetwave.io/v1alpha1\nkind: WavePlan\nmetadata: {name: x}\n"),
       {"apps/x/w2.yaml:2:7: kind: a second WavePlan in the app (the first is at apps/x/w1.yaml:1); an app has one "
        "WavePlan"}},
      {"malformed yaml",
       BundleBuilder().simple_cluster("a").app("apps/x/bad.yaml", "a: b: c\n"),
       {"apps/x/bad.yaml:1:5: invalid YAML: illegal map value"}},
  };
  for (const BadInputCase& c : cases) {
    SCOPED_TRACE(c.name);
    EXPECT_EQ(error_lines(c.bundle.build()), c.errors);
  }
}

// FleetSettings in policies/: read into the fleet (a render ignores them); a misspelt field, an
// unknown value and a second FleetSettings are errors at their line and field.
TEST(FleetLoader, ReadsFleetSettingsAndNamesTheirMistakes) {
  const std::string head = "apiVersion: fleetwave.io/v1alpha1\nkind: FleetSettings\nmetadata: {name: fleet}\n";
  auto settings_of = [&](const std::string& spec) {
    return BundleBuilder().simple_cluster("a").policy("policies/fleet.yaml", head + spec).build();
  };
  auto none = load_fleet(BundleBuilder().simple_cluster("a").build());
  ASSERT_TRUE(none.ok());
  EXPECT_EQ(none->settings.namespace_only_clusters, NamespaceOnlyClusters::Include);
  auto skip = load_fleet(settings_of("spec: {namespaceOnlyClusters: skip}\n"));
  ASSERT_TRUE(skip.ok()) << to_string(skip.error());
  EXPECT_EQ(skip->settings.namespace_only_clusters, NamespaceOnlyClusters::Skip);
  EXPECT_EQ(skip->templates.size(), 0u) << "not a resource template";
  auto include = load_fleet(settings_of("spec: {namespaceOnlyClusters: include}\n"));
  ASSERT_TRUE(include.ok());
  EXPECT_EQ(include->settings.namespace_only_clusters, NamespaceOnlyClusters::Include);

  EXPECT_EQ(error_lines(settings_of("spec:\n  namespaceOnlyCluster: skip\n")),
            std::vector<std::string>{"policies/fleet.yaml:5:25: spec.namespaceOnlyCluster: unknown field "
                                     "\"namespaceOnlyCluster\"; did you mean \"namespaceOnlyClusters\"?"});
  EXPECT_EQ(error_lines(settings_of("spec:\n  namespaceOnlyClusters: Skip\n")),
            std::vector<std::string>{"policies/fleet.yaml:5:26: spec.namespaceOnlyClusters: unsupported value "
                                     "\"Skip\": expected include (every cluster Karmada reaches, the default) or "
                                     "skip (no Application for a cluster that receives only Namespaces)"});
  InputBundle twice = BundleBuilder()
                          .simple_cluster("a")
                          .policy("policies/fleet.yaml", head + "spec: {}\n")
                          .policy("policies/more.yaml", head + "spec: {}\n")
                          .build();
  EXPECT_EQ(error_lines(twice),
            std::vector<std::string>{"policies/more.yaml:2:7: kind: a second FleetSettings (the first is at "
                                     "policies/fleet.yaml:1); a fleet has one FleetSettings: merge them"});
}

TEST(FleetLoader, EnforcesFileSizeLimit) {
  InputBundle bundle = BundleBuilder().simple_cluster("a").app("apps/x/big.yaml", std::string(2000, '#')).build();
  bundle.limits.max_file_bytes = 1000;
  EXPECT_EQ(error_lines(bundle), std::vector<std::string>{"apps/x/big.yaml: file is 2000 bytes, over the limit of 1000 "
                                                          "bytes; split it or raise FLEETWAVE_MAX_FILE_BYTES"});
}

// The rules' fields ("spec.overrideRules[2]") of each override policy, by policy name.
std::map<std::string, std::vector<std::string>> rule_fields(const Fleet& fleet) {
  std::map<std::string, std::vector<std::string>> out;
  for (const OverridePolicy& p : fleet.override_policies) {
    for (const OverrideRule& r : p.rules) out[p.name].push_back(r.field);
  }
  return out;
}

constexpr const char* kRules =
    "  overrideRules:\n"
    "  - targetCluster: {clusterNames: [a, c]}\n"
    "    overriders: {plaintext: [{path: /x, operator: add, value: 1}]}\n"
    "  - targetCluster: {clusterNames: [b]}\n"
    "    overriders: {plaintext: [{path: /x, operator: add, value: 2}]}\n"
    "  - targetCluster: {exclude: [a]}\n"
    "    overriders: {}\n"
    "  - targetCluster: {labelSelector: {matchLabels: {env: prod}}}\n"
    "    overriders: {}\n"
    "  - overriders: {}\n";

// Loaded for one cluster, a policy keeps the rules that may apply there, however it is written:
// read rule by rule as the file is parsed (kind before spec), whole (kind after spec: not known
// when the rules are read), or from JSON.
TEST(FleetLoader, LoadedForOneClusterKeepsTheRulesThatMayApplyThere) {
  const std::string head = "apiVersion: policy.karmada.io/v1alpha1\nkind: OverridePolicy\n";
  InputBundle bundle =
      BundleBuilder()
          .simple_cluster("a")
          .simple_cluster("b")
          .app("apps/x/first.yaml", head + "metadata: {name: kind-first, namespace: ns}\nspec:\n" + kRules)
          .app("apps/x/last.yaml",
               "apiVersion: policy.karmada.io/v1alpha1\nmetadata: {name: kind-last, namespace: "
               "ns}\nspec:\n" +
                   std::string(kRules) + "kind: OverridePolicy\n")
          .app("apps/x/policy.json",
               R"({"apiVersion": "policy.karmada.io/v1alpha1", "kind": "OverridePolicy",
                   "metadata": {"name": "json", "namespace": "ns"}, "spec": {"overrideRules": [
                   {"targetCluster": {"clusterNames": ["b"]}, "overriders": {}}, {"overriders": {}}]}})")
          .build();
  const std::vector<std::string> for_a = {"spec.overrideRules[0]", "spec.overrideRules[3]", "spec.overrideRules[4]"};
  auto fleet = load_fleet(bundle, LoadOptions{.only_cluster = "a"});
  ASSERT_TRUE(fleet.ok()) << to_string(fleet.error());
  EXPECT_EQ(fleet->only_cluster, "a");
  EXPECT_EQ(rule_fields(*fleet),
            (std::map<std::string, std::vector<std::string>>{
                {"json", {"spec.overrideRules[1]"}}, {"kind-first", for_a}, {"kind-last", for_a}}));
  auto whole = load_fleet(bundle);
  ASSERT_TRUE(whole.ok());
  EXPECT_EQ(whole->only_cluster, "");
  EXPECT_EQ(rule_fields(*whole)["kind-first"].size(), 5u);
  // The render cache's snapshot serves every cluster: with records kept, nothing is left out.
  auto with_records = load_fleet(bundle, LoadOptions{.keep_records = true, .only_cluster = "a"});
  ASSERT_TRUE(with_records.ok());
  EXPECT_EQ(rule_fields(*with_records), rule_fields(*whole));
  EXPECT_EQ(with_records->only_cluster, "");
}

// A rule for another cluster is still checked, and its mistake located, when the fleet is loaded
// for one cluster: Karmada's webhook refuses the whole policy.
TEST(FleetLoader, LoadedForOneClusterStillReportsEveryRulesMistakes) {
  InputBundle bundle = BundleBuilder()
                           .simple_cluster("a")
                           .simple_cluster("b")
                           .app("apps/x/policy.yaml",
                                "apiVersion: policy.karmada.io/v1alpha1\nkind: OverridePolicy\n"
                                "metadata: {name: p, namespace: ns}\nspec:\n  overrideRules:\n"
                                "  - targetCluster: {clusterNames: [a]}\n    overriders: {}\n"
                                "  - targetCluster: {clusterNames: [b]}\n"
                                "    overriders: {plaintext: [{path: /x, operator: append}]}\n"
                                "  - 7\n")
                           .build();
  auto fleet = load_fleet(bundle, LoadOptions{.only_cluster = "a"});
  ASSERT_FALSE(fleet.ok());
  auto whole = load_fleet(bundle);
  ASSERT_FALSE(whole.ok());
  EXPECT_EQ(to_string(fleet.error()), to_string(whole.error()));
  ASSERT_EQ(fleet.error().size(), 2u) << to_string(fleet.error());
  EXPECT_EQ(fleet.error()[0].to_string().substr(0, 71),
            "apps/x/policy.yaml:9:51: spec.overrideRules[1].overriders.plaintext[0].");
  EXPECT_EQ(fleet.error()[1].to_string().substr(0, 46), "apps/x/policy.yaml:10:5: spec.overrideRules[2]");
}

}  // namespace
}  // namespace fleetwave
