#include "model/override_policy.h"

#include <gtest/gtest.h>

#include "override/override_fixture.h"

namespace fleetwave {
namespace {

using override_test::yaml;

struct Parsed {
  OverridePolicy policy;
  std::vector<std::string> problems;  // "field: message"
};

Parsed parse(const std::string& kind, const std::string& body) {
  Problems problems;
  std::string meta = kind == "OverridePolicy" ? "metadata: {name: p, namespace: ns-1}\n" : "metadata: {name: p}\n";
  Json object = yaml("apiVersion: policy.karmada.io/v1alpha1\nkind: " + kind + "\n" + meta + body);
  Parsed out{parse_override_policy(object, kind == "ClusterOverridePolicy", "default", problems), {}};
  for (const Error& e : problems.list()) out.problems.push_back(e.field + ": " + e.message);
  return out;
}

struct Case {
  std::string name;
  std::string kind;  // OverridePolicy or ClusterOverridePolicy
  std::string body;  // YAML from "spec:" on
  std::vector<std::string> problems;
};

void run(const std::vector<Case>& cases) {
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    EXPECT_EQ(parse(c.kind, c.body).problems, c.problems);
  }
}

const std::string kOP = "OverridePolicy";
const std::string kCOP = "ClusterOverridePolicy";

// validation_test.go TestValidateOverrideSpec.
TEST(OverridePolicyParse, KarmadaValidateOverrideSpec) {
  const std::string rules = "  overrideRules: [{targetCluster: {clusterNames: [cluster-name]}, overriders: {}}]\n";
  const std::string target = "  targetCluster: {clusterNames: [cluster-name]}\n";
  // Karmada's table uses path "spec/image"; fleetwave refuses plaintext paths without a leading
  // '/' (see SchemaChecks), so the port uses "/spec/image".
  const std::string legacy = "  overriders: {plaintext: [{path: /spec/image, operator: remove}]}\n";
  run({
      {"overrideRules is set, overriders and targetCluster aren't set", kCOP, "spec:\n" + rules, {}},
      {"overriders and targetCluster are set, overrideRules isn't set", kCOP, "spec:\n" + target + legacy, {}},
      {"overrideRules and targetCluster can't co-exist",
       kCOP,
       "spec:\n" + rules + target,
       {"spec.targetCluster: overrideRules and targetCluster can't co-exist"}},
      {"overrideRules and overriders can't co-exist",
       kCOP,
       "spec:\n" + rules + legacy,
       {"spec.overriders: overrideRules and overriders can't co-exist"}},
      {"overrideRules, targetCluster and overriders can't co-exist",
       kCOP,
       "spec:\n" + rules + target + legacy,
       {"spec.targetCluster: overrideRules and targetCluster can't co-exist",
        "spec.overriders: overrideRules and overriders can't co-exist"}},
      // TestEmptyOverrides: emptyOverrides does not look at fieldOverrider, so this passes.
      {"overrideRules with a deprecated fieldOverrider only",
       kCOP,
       "spec:\n" + rules +
           "  overriders: {fieldOverrider: [{fieldPath: /data/a, json: [{subPath: /x, operator: remove}]}]}\n",
       {}},
      {"invalid annotation should not be allowed",
       kCOP,
       "spec:\n  overrideRules:\n  - overriders:\n      annotationsOverrider: [{operator: add, value: "
       "{testannotation~projectId: x}}]\n",
       {"spec.overrideRules[0].overriders.annotationsOverrider[0].value.testannotation~projectId: invalid key: name "
        "part must "
        "consist of alphanumeric characters, '-', '_' or '.'"}},
      {"invalid label should not be allowed",
       kCOP,
       "spec:\n  overrideRules:\n  - overriders:\n      labelsOverrider: [{operator: add, value: "
       "{testannotation~projectId: x}}]\n",
       {"spec.overrideRules[0].overriders.labelsOverrider[0].value.testannotation~projectId: invalid key: name part "
        "must "
        "consist of alphanumeric characters, '-', '_' or '.'"}},
      {"spec.targetCluster.fieldSelector has unsupported key",
       kCOP,
       "spec:\n  targetCluster: {fieldSelector: {matchExpressions: [{key: foo, operator: In, values: [fooCloud]}]}}\n",
       {"spec.targetCluster.fieldSelector.matchExpressions[0].key: unsupported key \"foo\", must be provider, region, "
        "or zone"}},
      {"spec.targetCluster.fieldSelector has unsupported operator",
       kCOP,
       "spec:\n  targetCluster: {fieldSelector: {matchExpressions: [{key: provider, operator: Gt, values: "
       "[fooCloud]}]}}\n",
       {"spec.targetCluster.fieldSelector.matchExpressions[0].operator: unsupported operator \"Gt\", must be In or "
        "NotIn"}},
      {"overrideRules[0].targetCluster.fieldSelector has unsupported key",
       kCOP,
       "spec:\n  overrideRules:\n  - targetCluster: {fieldSelector: {matchExpressions: [{key: foo, operator: In, "
       "values: [a]}]}}\n"
       "    overriders: {}\n",
       {"spec.overrideRules[0].targetCluster.fieldSelector.matchExpressions[0].key: unsupported key \"foo\", must be "
        "provider, "
        "region, or zone"}},
      {"fieldOverrider with neither YAML nor JSON should be rejected",
       kCOP,
       "spec:\n  overrideRules:\n  - overriders:\n      fieldOverrider: [{fieldPath: /data/config}]\n",
       {"spec.overrideRules[0].overriders.fieldOverrider[0]: fieldOverrider must have either json or yaml set"}},
      {"fieldOverrider with both YAML and JSON set should be rejected",
       kCOP,
       "spec:\n  overrideRules:\n  - overriders:\n      fieldOverrider:\n      - fieldPath: /data/config\n"
       "        json: [{subPath: /key, operator: remove}]\n        yaml: [{subPath: /key, operator: remove}]\n",
       {"spec.overrideRules[0].overriders.fieldOverrider[0]: fieldOverrider has both yaml and json set; only one is "
        "allowed"}},
      {"fieldOverrider with only YAML set should be allowed",
       kCOP,
       "spec:\n  overrideRules:\n  - overriders:\n      fieldOverrider: [{fieldPath: /data/config, yaml: [{subPath: "
       "/key, operator: remove}]}]\n",
       {}},
      {"fieldOverrider with only JSON set should be allowed",
       kCOP,
       "spec:\n  overrideRules:\n  - overriders:\n      fieldOverrider: [{fieldPath: /data/config, json: [{subPath: "
       "/key, operator: remove}]}]\n",
       {}},
  });
}

// pkg/webhook/overridepolicy/validating_test.go (the messages after "Invalid value: ..." there).
TEST(OverridePolicyParse, KarmadaWebhookCases) {
  const std::string field = "spec:\n  overrideRules:\n  - overriders:\n      fieldOverrider:\n";
  run({
      {"Handle_ValidationSucceeds_AllowsAdmission",
       kOP,
       "spec:\n  overrideRules:\n  - overriders:\n      plaintext: [{path: /spec/optional, operator: remove}]\n",
       {}},
      {"Handle_InvalidFieldPathInYAML_DeniesAdmission",
       kOP,
       field + "      - {fieldPath: invalidPath, yaml: [{subPath: /db-config, operator: remove}]}\n",
       {"spec.overrideRules[0].overriders.fieldOverrider[0].fieldPath: invalid value \"invalidPath\": JSON pointer "
        "must be "
        "empty or start with a \"/\""}},
      {"Handle_InvalidJSONSubPath_DeniesAdmission",
       kOP,
       field + "      - {fieldPath: /data/config, json: [{subPath: invalidSubPath, operator: remove}]}\n",
       {"spec.overrideRules[0].overriders.fieldOverrider[0].json[0].subPath: invalid value \"invalidSubPath\": JSON "
        "pointer "
        "must be empty or start with a \"/\""}},
      {"Handle_InvalidYAMLSubPath_DeniesAdmission",
       kOP,
       field + "      - {fieldPath: /data/config, yaml: [{subPath: invalidSubPath, operator: remove}]}\n",
       {"spec.overrideRules[0].overriders.fieldOverrider[0].yaml[0].subPath: invalid value \"invalidSubPath\": JSON "
        "pointer "
        "must be empty or start with a \"/\""}},
      {"Handle_InvalidJSONValue_DeniesAdmission_OverriderOpReplace",
       kOP,
       field + "      - {fieldPath: /data/config, json: [{subPath: /db-config, operator: replace}]}\n",
       {"spec.overrideRules[0].overriders.fieldOverrider[0].json[0].value: value is required for add or replace "
        "operation"}},
      {"Handle_InvalidJSONValue_DeniesAdmission_OverriderOpAdd (null is no value)",
       kOP,
       field + "      - {fieldPath: /data/config, json: [{subPath: /db-config, operator: add, value: null}]}\n",
       {"spec.overrideRules[0].overriders.fieldOverrider[0].json[0].value: value is required for add or replace "
        "operation"}},
      {"Handle_InvalidJSONValue_DeniesAdmission_OverriderOpRemove",
       kOP,
       field + "      - {fieldPath: /data/config, json: [{subPath: /db-config, operator: remove, value: {db: new}}]}\n",
       {"spec.overrideRules[0].overriders.fieldOverrider[0].json[0].value: value is not allowed for remove operation"}},
      {"Handle_ResourceSelectorNamespaceMismatch_DeniesAdmission",
       kOP,
       "spec:\n  resourceSelectors: [{apiVersion: v1, kind: ConfigMap, namespace: ns-2}]\n",
       {"spec.resourceSelectors[0].namespace: namespace of resource selector must be the same as the namespace of the "
        "policy "
        "(\"ns-1\")"}},
  });
}

TEST(OverridePolicyParse, SchemaChecks) {
  const std::string rule = "spec:\n  overrideRules:\n  - overriders:\n";
  run({
      {"every overrider kind, valid",
       kOP,
       rule + "      plaintext: [{path: /spec/replicas, operator: replace, value: 3}]\n"
              "      imageOverrider: [{component: Registry, operator: replace, value: r.io}, "
              "{predicate: {path: /spec/template/spec/containers/0/image}, component: Tag, operator: remove}]\n"
              "      commandOverrider: [{containerName: app, operator: add, value: [a]}]\n"
              "      argsOverrider: [{containerName: app, operator: remove, value: [b]}]\n"
              "      labelsOverrider: [{operator: add, value: {example.com/tier: web}}]\n"
              "      annotationsOverrider: [{operator: remove, value: {Example.com/Note: ''}}]\n"
              "      fieldOverrider: [{fieldPath: /data/a, json: [{subPath: /x, operator: add, value: {y: 1}}]}]\n",
       {}},
      {"component enum",
       kOP,
       rule + "      imageOverrider: [{component: registry, operator: add, value: x}]\n",
       {"spec.overrideRules[0].overriders.imageOverrider[0].component: unsupported value \"registry\", must be one of: "
        "Registry, "
        "Repository, Tag"}},
      {"command operators",
       kOP,
       rule + "      commandOverrider: [{containerName: a, operator: replace}]\n",
       {"spec.overrideRules[0].overriders.commandOverrider[0].operator: unsupported value \"replace\", must be one of: "
        "add, remove"}},
      {"required fields",
       kOP,
       rule + "      plaintext: [{operator: add}]\n      imageOverrider: [{operator: add}]\n"
              "      argsOverrider: [{operator: add}]\n      labelsOverrider: [{operator: add}]\n"
              "      fieldOverrider: [{json: [{operator: remove}]}]\n",
       {"spec.overrideRules[0].overriders.plaintext[0].path: required field is missing",
        "spec.overrideRules[0].overriders.imageOverrider[0].component: required field is missing",
        "spec.overrideRules[0].overriders.argsOverrider[0].containerName: required field is missing",
        "spec.overrideRules[0].overriders.labelsOverrider[0].value: required field is missing",
        "spec.overrideRules[0].overriders.fieldOverrider[0].fieldPath: required field is missing",
        "spec.overrideRules[0].overriders.fieldOverrider[0].json[0].subPath: required field is missing"}},
      {"rule needs overriders",
       kOP,
       "spec:\n  overrideRules: [{targetCluster: {clusterNames: [a]}}]\n",
       {"spec.overrideRules[0].overriders: required field is missing"}},
      {"plaintext path must be a pointer (fleetwave)",
       kOP,
       rule + "      plaintext: [{path: spec/replicas, operator: remove}]\n",
       {"spec.overrideRules[0].overriders.plaintext[0].path: must start with \"/\" (a JSON pointer such as "
        "/spec/replicas)"}},
      {"predicate path pointer",
       kOP,
       rule + "      imageOverrider: [{predicate: {path: x}, component: Tag, operator: remove}]\n",
       {"spec.overrideRules[0].overriders.imageOverrider[0].predicate.path: invalid value \"x\": JSON pointer must be "
        "empty "
        "or start with a \"/\""}},
      {"unknown fields",
       kOP,
       "spec:\n  overrideRule: []\n  overrideRules:\n  - overriders:\n      imageOverrider: [{component: Tag, "
       "operator: remove, predicates: {}}]\n",
       {"spec.overrideRule: unknown field \"overrideRule\"; did you mean \"overrideRules\"?",
        "spec.overrideRules[0].overriders.imageOverrider[0].predicates: unknown field \"predicates\"; did you mean "
        "\"predicate\"?"}},
      {"label value rules",
       kOP,
       rule + "      labelsOverrider: [{operator: add, value: {a: 'not valid'}}]\n",
       {"spec.overrideRules[0].overriders.labelsOverrider[0].value.a: invalid value: must consist of alphanumeric "
        "characters, "
        "'-', '_' or '.'"}},
      {"annotation keys are case-insensitive, values free",
       kOP,
       rule + "      annotationsOverrider: [{operator: add, value: {Example.COM/Note: 'any text!'}}]\n",
       {}},
  });
}

// Karmada validates overriders only inside overrideRules; the deprecated spec.overriders get
// the schema checks alone.
TEST(OverridePolicyParse, DeprecatedOverridersAreNotWebhookValidated) {
  Parsed p = parse(kCOP,
                   "spec:\n  overriders:\n    labelsOverrider: [{operator: add, value: {'a~b': x}}]\n"
                   "    fieldOverrider: [{fieldPath: data}]\n");
  EXPECT_TRUE(p.problems.empty()) << p.problems[0];
  ASSERT_EQ(p.policy.rules.size(), 1u);
  EXPECT_EQ(p.policy.rules[0].field, "spec");
  EXPECT_FALSE(p.policy.rules[0].target_cluster.has_value());
  EXPECT_EQ(p.policy.rules[0].overriders.labels.size(), 1u);
}

TEST(OverridePolicyParse, RulesAndDefaults) {
  Parsed op = parse(
      kOP,
      "spec:\n  resourceSelectors: [{apiVersion: v1, kind: ConfigMap}]\n  overrideRules:\n"
      "  - targetCluster: {clusterNames: [a]}\n    overriders: {plaintext: [{path: /x, operator: add, value: 1}]}\n"
      "  - overriders: {}\n");
  ASSERT_TRUE(op.problems.empty());
  EXPECT_EQ(describe_policy(op.policy), "OverridePolicy ns-1/p");
  EXPECT_EQ(op.policy.resource_selectors[0].namespace_, "ns-1");  // mutating_test.go: the webhook's default
  ASSERT_EQ(op.policy.rules.size(), 2u);
  EXPECT_EQ(op.policy.rules[0].field, "spec.overrideRules[0]");
  EXPECT_EQ(op.policy.rules[0].target_cluster->cluster_names, std::vector<std::string>{"a"});
  EXPECT_EQ(op.policy.rules[0].overriders.plaintext[0].value, Json(1));
  EXPECT_EQ(op.policy.rules[1].field, "spec.overrideRules[1]");

  Parsed cop = parse(kCOP, "spec:\n  resourceSelectors: [{apiVersion: v1, kind: Namespace}]\n");
  ASSERT_TRUE(cop.problems.empty());
  EXPECT_EQ(describe_policy(cop.policy), "ClusterOverridePolicy p");
  EXPECT_EQ(cop.policy.resource_selectors[0].namespace_, "");
  ASSERT_EQ(cop.policy.rules.size(), 1u);  // no rules: the (empty) deprecated pair
  EXPECT_EQ(cop.policy.rules[0].field, "spec");
}

// The OverridePolicy mutating webhook re-marshals the policy, dropping "overrideRules: []";
// ClusterOverridePolicy has none, so the empty list still conflicts there.
TEST(OverridePolicyParse, EmptyOverrideRulesList) {
  const std::string body = "spec:\n  overrideRules: []\n  targetCluster: {clusterNames: [a]}\n";
  run({
      {"OverridePolicy", kOP, body, {}},
      {"ClusterOverridePolicy", kCOP, body, {"spec.targetCluster: overrideRules and targetCluster can't co-exist"}},
  });
  Parsed op = parse(kOP, body);
  ASSERT_EQ(op.policy.rules.size(), 1u);
  EXPECT_EQ(op.policy.rules[0].target_cluster->cluster_names, std::vector<std::string>{"a"});
}

}  // namespace
}  // namespace fleetwave
