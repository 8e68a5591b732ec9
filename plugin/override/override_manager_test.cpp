#include "override/override_manager.h"

#include <gtest/gtest.h>

#include "override/override_fixture.h"

namespace fleetwave {
namespace {

using override_test::yaml;

OverridePolicy policy(const std::string& text) {
  Json object = yaml(text);
  Problems problems;
  OverridePolicy p =
      parse_override_policy(object, string_at(object, {"kind"}) == "ClusterOverridePolicy", "default", problems);
  EXPECT_TRUE(problems.empty()) << to_string(problems.list());
  return p;
}

// A policy whose rules each append `mark` to /spec/order, so the test can see the order.
std::string marking_op(const std::string& kind, const std::string& name, const std::string& selectors,
                       const std::vector<std::pair<std::string, std::string>>& rules /* (clusters, mark) */) {
  std::string text = "apiVersion: policy.karmada.io/v1alpha1\nkind: " + kind + "\nmetadata: {name: " + name +
                     (kind == "OverridePolicy" ? ", namespace: default" : "") + "}\nspec:\n" + selectors +
                     "  overrideRules:\n";
  for (const auto& [clusters, mark] : rules) {
    text += "  - " + (clusters.empty() ? std::string() : "targetCluster: {clusterNames: [" + clusters + "]}\n    ") +
            "overriders:\n      plaintext: [{path: /spec/order/-, operator: add, value: " + mark + "}]\n";
  }
  return text;
}

Json deployment() {
  return yaml(
      "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: test, namespace: default, labels: {app: web}, "
      "annotations: {}}\n"
      "spec: {order: []}\n");
}

Cluster cluster(const std::string& name) {
  Cluster c;
  c.name = name;
  return c;
}

struct OrderCase {
  std::string name;
  std::vector<std::string> policies;
  std::string cluster;
  std::vector<std::string> order;    // marks in application order
  std::vector<std::string> applied;  // the returned policy names
};

void run_order_cases(const Json& manifest, const std::vector<OrderCase>& cases, bool namespaced = true) {
  for (const OrderCase& c : cases) {
    SCOPED_TRACE(c.name);
    std::vector<OverridePolicy> policies;
    for (const std::string& text : c.policies) policies.push_back(policy(text));
    Cluster target = cluster(c.cluster);
    OverrideContext context{&target, identity_of(manifest, namespaced ? "default" : ""), namespaced, &policies};
    Json m = manifest;
    auto applied = apply_overrides(m, context);
    ASSERT_TRUE(applied.ok()) << applied.error().to_string();
    EXPECT_EQ(m["spec"]["order"], Json(c.order));
    EXPECT_EQ(*applied, c.applied);
  }
}

const std::string kByName = "  resourceSelectors: [{apiVersion: apps/v1, kind: Deployment, name: test}]\n";
const std::string kByLabel =
    "  resourceSelectors: [{apiVersion: apps/v1, kind: Deployment, labelSelector: {matchLabels: {app: web}}}]\n";
const std::string kByKind = "  resourceSelectors: [{apiVersion: apps/v1, kind: Deployment}]\n";
const std::string kOther = "  resourceSelectors: [{apiVersion: apps/v1, kind: Deployment, name: other}]\n";

// overridemanager_test.go TestGetMatchingOverridePolicies, observed through the manifest.
TEST(OverrideManager, KarmadaRuleOrder) {
  std::string op1 =
      marking_op("OverridePolicy", "overridePolicy1", kByName, {{"cluster1, cluster2", "o1"}, {"cluster2", "o2"}});
  std::string op2 = marking_op("OverridePolicy", "overridePolicy2", "", {{"cluster1, cluster2", "o3"}});
  std::string op3 =
      marking_op("OverridePolicy", "overridePolicy3", "  resourceSelectors: []\n", {{"cluster1, cluster2", "o3"}});
  std::string old =
      "apiVersion: policy.karmada.io/v1alpha1\nkind: ClusterOverridePolicy\nmetadata: {name: oldOverridePolicy}\n"
      "spec:\n  targetCluster: {clusterNames: [cluster1]}\n"
      "  overriders:\n    plaintext: [{path: /spec/order/-, operator: add, value: o3}]\n";
  run_order_cases(
      deployment(),
      {
          {"OverrideRules test 1",
           {op1, op2},
           "cluster1",
           {"o3", "o1"},
           {"OverridePolicy/default/overridePolicy2", "OverridePolicy/default/overridePolicy1"}},
          {"OverrideRules test 2",
           {op1, op2},
           "cluster2",
           {"o3", "o1", "o2"},
           {"OverridePolicy/default/overridePolicy2", "OverridePolicy/default/overridePolicy1"}},
          {"OverrideRules test 3", {op3}, "cluster2", {"o3"}, {"OverridePolicy/default/overridePolicy3"}},
          {"TargetCluster and Overriders test", {old}, "cluster1", {"o3"}, {"ClusterOverridePolicy/oldOverridePolicy"}},
          {"deprecated pair skips other clusters", {old}, "cluster2", {}, {}},
      });
}

TEST(OverrideManager, ScopesPrioritiesAndNames) {
  std::string cop_name = marking_op("ClusterOverridePolicy", "a-cop", kByName, {{"", "cop-name"}});
  std::string cop_all = marking_op("ClusterOverridePolicy", "z-cop", "", {{"", "cop-all"}});
  std::string op_all = marking_op("OverridePolicy", "op-all", "", {{"", "op-all"}});
  std::string op_kind = marking_op("OverridePolicy", "a-kind", kByKind, {{"", "op-kind"}});
  std::string op_label = marking_op("OverridePolicy", "b-label", kByLabel, {{"", "op-label"}});
  std::string op_name = marking_op("OverridePolicy", "a-name", kByName, {{"", "op-name"}});
  std::string op_other = marking_op("OverridePolicy", "other", kOther, {{"", "other"}});
  std::string op_elsewhere = marking_op("OverridePolicy", "elsewhere", "", {{"", "elsewhere"}});
  op_elsewhere.replace(op_elsewhere.find("namespace: default"), 18, "namespace: prod");
  run_order_cases(deployment(), {
                                    {"cluster policies first, whatever their priority",
                                     {op_all, cop_name},
                                     "c",
                                     {"cop-name", "op-all"},
                                     {"ClusterOverridePolicy/a-cop", "OverridePolicy/default/op-all"}},
                                    {"implicit priority ascending: all (by name) < label < name",
                                     {op_name, op_label, op_kind, op_all},
                                     "c",
                                     {"op-kind", "op-all", "op-label", "op-name"},
                                     {"OverridePolicy/default/a-kind", "OverridePolicy/default/op-all",
                                      "OverridePolicy/default/b-label", "OverridePolicy/default/a-name"}},
                                    {"cluster policies sorted among themselves",
                                     {cop_name, cop_all},
                                     "c",
                                     {"cop-all", "cop-name"},
                                     {"ClusterOverridePolicy/z-cop", "ClusterOverridePolicy/a-cop"}},
                                    {"non-matching selectors and other namespaces ignored",
                                     {op_other, op_elsewhere, op_all},
                                     "c",
                                     {"op-all"},
                                     {"OverridePolicy/default/op-all"}},
                                });
}

TEST(OverrideManager, ClusterScopedResourcesGetOnlyClusterPolicies) {
  Json role = yaml(
      "apiVersion: rbac.authorization.k8s.io/v1\nkind: ClusterRole\nmetadata: {name: test2, labels: {}}\n"
      "spec: {order: []}\n");
  std::string cop = marking_op("ClusterOverridePolicy", "test2", "", {{"", "cop"}});
  std::string op = marking_op("OverridePolicy", "op", "", {{"", "op"}});
  run_order_cases(role, {{"only the cluster policy", {cop, op}, "c", {"cop"}, {"ClusterOverridePolicy/test2"}}}, false);
}

// Karmada lists the OverridePolicies after the ClusterOverridePolicies ran, so an OP's label
// selector sees labels a COP added.
TEST(OverrideManager, OverridePoliciesSeeClusterPolicyChanges) {
  std::string cop =
      "apiVersion: policy.karmada.io/v1alpha1\nkind: ClusterOverridePolicy\nmetadata: {name: tier}\n"
      "spec:\n  overrideRules:\n  - overriders:\n      labelsOverrider: [{operator: add, value: {tier: gold}}]\n";
  std::string op = marking_op("OverridePolicy", "gold",
                              "  resourceSelectors: [{apiVersion: apps/v1, kind: Deployment, "
                              "labelSelector: {matchLabels: {tier: gold}}}]\n",
                              {{"", "gold"}});
  run_order_cases(deployment(), {{"label added by the COP",
                                  {cop, op},
                                  "c",
                                  {"gold"},
                                  {"ClusterOverridePolicy/tier", "OverridePolicy/default/gold"}}});
}

// overridemanager_test.go Test_overrideManagerImpl_ApplyLabelAnnotationOverriderPolicies.
TEST(OverrideManager, LabelAndAnnotationPolicies) {
  std::string rules =
      "  overrideRules:\n  - targetCluster: {clusterNames: [test1]}\n    overriders:\n"
      "      labelsOverrider: [{operator: add, value: {testAddLabel: testAddLabel}}]\n"
      "      annotationsOverrider: [{operator: add, value: {testAddAnnotation: testAddAnnotation}}]\n";
  std::vector<OverridePolicy> policies = {
      policy("kind: OverridePolicy\nmetadata: {name: test1, namespace: default}\nspec:\n"
             "  resourceSelectors: [{apiVersion: apps/v1, kind: Deployment, namespace: default, name: test1}]\n" +
             rules)};
  Json m = yaml(
      "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: test1\n  namespace: default\n"
      "  labels: {testLabel: testLabel}\n  annotations: {testAnnotation: testAnnotation}\n");
  Cluster c = cluster("test1");
  auto applied = apply_overrides(m, OverrideContext{&c, identity_of(m, "default"), true, &policies});
  ASSERT_TRUE(applied.ok());
  EXPECT_EQ(*applied, std::vector<std::string>{"OverridePolicy/default/test1"});
  EXPECT_EQ(m["metadata"]["labels"], Json({{"testLabel", "testLabel"}, {"testAddLabel", "testAddLabel"}}));
  EXPECT_EQ(m["metadata"]["annotations"],
            Json({{"testAnnotation", "testAnnotation"}, {"testAddAnnotation", "testAddAnnotation"}}));
}

TEST(OverrideManager, ErrorsNamePolicyRuleAndOverrider) {
  struct Case {
    std::string name, policy, error;
  };
  std::vector<Case> cases = {
      {"plaintext in a rule",
       "kind: OverridePolicy\nmetadata: {name: web, namespace: default}\nspec:\n  overrideRules:\n"
       "  - overriders: {}\n  - overriders:\n      plaintext: [{path: /spec/foo, operator: replace, value: 1}]\n",
       "OverridePolicy default/web: replace /spec/foo: path does not exist @ "
       "spec.overrideRules[1].overriders.plaintext[0]"},
      {"deprecated pair",
       "kind: ClusterOverridePolicy\nmetadata: {name: old}\nspec:\n  overriders:\n"
       "    imageOverrider: [{predicate: {path: /spec/nope}, component: Tag, operator: replace, value: v2}]\n",
       "ClusterOverridePolicy old: predicate.path /spec/nope: \"nope\" is not a string @ "
       "spec.overriders.imageOverrider[0]"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    std::vector<OverridePolicy> policies = {policy(c.policy)};
    Json m = deployment();
    Cluster target = cluster("c");
    auto applied = apply_overrides(m, OverrideContext{&target, identity_of(m, "default"), true, &policies});
    ASSERT_FALSE(applied.ok());
    EXPECT_EQ(applied.error().kind, ErrorKind::InvalidInput);
    // The overrider's path is the error's field, so it can be located in the policy's file.
    EXPECT_EQ(applied.error().message + " @ " + applied.error().field, c.error);
  }
}

}  // namespace
}  // namespace fleetwave
