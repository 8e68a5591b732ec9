#include "model/placement.h"

#include <gtest/gtest.h>

namespace fleetwave {
namespace {

const FieldPath kAt = FieldPath().key("spec").key("placement");

Placement parse_ok(const char* json) {
  Problems problems;
  Placement p = parse_placement(Json::parse(json), kAt, problems);
  EXPECT_TRUE(problems.empty()) << to_string(problems.list());
  return p;
}

// Defaults from the CRD (replicaSchedulingType: Divided) and the mutating webhook
// (SetDefaultSpreadConstraints, SetReplicaDivisionPreferenceWeighted; see
// pkg/webhook/propagationpolicy/mutating_test.go), and Placement.ReplicaSchedulingType().
TEST(PlacementTest, AppliesDefaults) {
  Placement none = parse_ok("{}");
  EXPECT_FALSE(none.replica_scheduling.has_value());
  EXPECT_FALSE(none.divided());  // no replicaScheduling object: Duplicated

  Placement empty = parse_ok(R"({"replicaScheduling":{}})");
  ASSERT_TRUE(empty.replica_scheduling);
  EXPECT_TRUE(empty.divided());
  EXPECT_EQ(empty.replica_scheduling->preference, ReplicaDivisionPreference::Weighted);
  EXPECT_FALSE(empty.replica_scheduling->has_weight_preference);

  Placement dup = parse_ok(R"({"replicaScheduling":{"replicaSchedulingType":"Duplicated"}})");
  EXPECT_FALSE(dup.divided());

  Placement agg = parse_ok(R"({"replicaScheduling":{"replicaDivisionPreference":"Aggregated"}})");
  EXPECT_EQ(agg.replica_scheduling->preference, ReplicaDivisionPreference::Aggregated);

  Placement dyn = parse_ok(R"({"replicaScheduling":{"weightPreference":{"dynamicWeight":"AvailableReplicas"}}})");
  EXPECT_TRUE(dyn.replica_scheduling->has_weight_preference);
  EXPECT_TRUE(dyn.replica_scheduling->dynamic_weight);

  Placement spread = parse_ok(R"({"spreadConstraints":[{"maxGroups":2},{"spreadByLabel":"team"}]})");
  ASSERT_EQ(spread.spread_constraints.size(), 2u);
  EXPECT_EQ(spread.spread_constraints[0].spread_by_field, "cluster");
  EXPECT_EQ(spread.spread_constraints[0].min_groups, 1);
  EXPECT_EQ(spread.spread_constraints[0].max_groups, 2);
  EXPECT_EQ(spread.spread_constraints[1].spread_by_field, "");
  EXPECT_EQ(spread.spread_constraints[1].spread_by_label, "team");

  Placement tol = parse_ok(R"({"clusterTolerations":[{"key":"k","effect":"NoSchedule"}]})");
  EXPECT_EQ(tol.cluster_tolerations[0].op, "Equal");

  Placement no_terms = parse_ok(R"({"clusterAffinity":{},"clusterAffinities":[]})");  // [] is dropped on storage
  EXPECT_TRUE(no_terms.cluster_affinities.empty());
  EXPECT_TRUE(no_terms.cluster_affinity.has_value());
}

TEST(PlacementTest, ParsesEveryField) {
  Placement p = parse_ok(R"({
    "clusterAffinities":[{"affinityName":"primary","clusterNames":["m1"],"labelSelector":{"matchLabels":{"a":"b"}},
                          "overflowAffinities":[{"affinityName":"backup","exclude":["m9"]}]}],
    "clusterTolerations":[{"key":"k","operator":"Exists","effect":"NoExecute","tolerationSeconds":30}],
    "spreadConstraints":[{"spreadByField":"cluster","minGroups":1,"maxGroups":3},{"spreadByField":"region","minGroups":2,"maxGroups":2}],
    "replicaScheduling":{"replicaSchedulingType":"Divided","replicaDivisionPreference":"Weighted",
                         "weightPreference":{"staticWeightList":[{"targetCluster":{"clusterNames":["m1"]},"weight":3}],
                                             "dynamicWeight":"AvailableReplicas"}},
    "workloadAffinity":{"affinity":{"groupByLabelKey":"app.group"},"antiAffinity":{"groupByLabelKey":"app.anti"}}})");
  ASSERT_EQ(p.cluster_affinities.size(), 1u);
  EXPECT_EQ(p.cluster_affinities[0].affinity_name, "primary");
  EXPECT_EQ(p.cluster_affinities[0].affinity.cluster_names, std::vector<std::string>{"m1"});
  ASSERT_EQ(p.cluster_affinities[0].overflow_affinities.size(), 1u);
  EXPECT_EQ(p.cluster_affinities[0].overflow_affinities[0].affinity.exclude, std::vector<std::string>{"m9"});
  EXPECT_EQ(p.cluster_tolerations[0].toleration_seconds, 30);
  EXPECT_EQ(p.spread_constraints[1].min_groups, 2);
  EXPECT_EQ(p.replica_scheduling->static_weights[0].weight, 3);
  EXPECT_EQ(p.workload_affinity->anti_affinity_group_by, "app.anti");
}

// Checks of ValidatePlacement (validation_test.go TestValidatePropagationSpec and
// TestValidateClusterTolerations) and of the CRD schema, with their field paths.
TEST(PlacementTest, ReportsProblems) {
  struct Case {
    std::string name;
    const char* json;
    std::string field;
    std::string message;
  };
  const Case cases[] = {
      {"clusterAffinity with clusterAffinities", R"({"clusterAffinity":{},"clusterAffinities":[{"affinityName":"a"}]})",
       "spec.placement", "clusterAffinities cannot co-exist with clusterAffinity"},
      {"duplicate affinityName", R"({"clusterAffinities":[{"affinityName":"a"},{"affinityName":"a"}]})",
       "spec.placement.clusterAffinities[1].affinityName", "each affinity term in a policy must have a unique name"},
      {"invalid affinityName", R"({"clusterAffinities":[{"affinityName":"-bad"}]})",
       "spec.placement.clusterAffinities[0].affinityName",
       "invalid value \"-bad\": name part must start and end with an alphanumeric character"},
      {"affinityName too long", R"({"clusterAffinities":[{"affinityName":"a23456789012345678901234567890123"}]})",
       "spec.placement.clusterAffinities[0].affinityName", "must be no more than 32 characters"},
      {"affinityName missing", R"({"clusterAffinities":[{"clusterNames":["m1"]}]})",
       "spec.placement.clusterAffinities[0].affinityName", "required field is missing"},
      {"static weight below 1",
       R"({"replicaScheduling":{"weightPreference":{"staticWeightList":[{"targetCluster":{},"weight":0}]}}})",
       "spec.placement.replicaScheduling.weightPreference.staticWeightList[0].weight",
       "must be greater than or equal to 1"},
      {"static weight missing",
       R"({"replicaScheduling":{"weightPreference":{"staticWeightList":[{"targetCluster":{}}]}}})",
       "spec.placement.replicaScheduling.weightPreference.staticWeightList[0].weight", "required field is missing"},
      {"targetCluster missing", R"({"replicaScheduling":{"weightPreference":{"staticWeightList":[{"weight":1}]}}})",
       "spec.placement.replicaScheduling.weightPreference.staticWeightList[0].targetCluster",
       "required field is missing"},
      {"unknown scheduling type", R"({"replicaScheduling":{"replicaSchedulingType":"Spread"}})",
       "spec.placement.replicaScheduling.replicaSchedulingType",
       "unsupported value \"Spread\", must be one of: Duplicated, Divided"},
      {"explicitly empty preference", R"({"replicaScheduling":{"replicaDivisionPreference":""}})",
       "spec.placement.replicaScheduling.replicaDivisionPreference",
       "unsupported value \"\", must be one of: Aggregated, Weighted"},
      {"unknown dynamic weight", R"({"replicaScheduling":{"weightPreference":{"dynamicWeight":"CPU"}}})",
       "spec.placement.replicaScheduling.weightPreference.dynamicWeight",
       "unsupported value \"CPU\", must be one of: AvailableReplicas"},
      {"unknown spread field", R"({"spreadConstraints":[{"spreadByField":"country"}]})",
       "spec.placement.spreadConstraints[0].spreadByField",
       "unsupported value \"country\", must be one of: cluster, region, zone, provider"},
      {"field and label together", R"({"spreadConstraints":[{"spreadByField":"cluster","spreadByLabel":"x"}]})",
       "spec.placement.spreadConstraints[0]", "spreadByLabel should not co-exist with spreadByField"},
      {"maxGroups below minGroups",
       R"({"spreadConstraints":[{"spreadByField":"cluster","minGroups":3,"maxGroups":2}]})",
       "spec.placement.spreadConstraints[0].maxGroups", "maxGroups lower than minGroups is not allowed"},
      {"negative maxGroups", R"({"spreadConstraints":[{"spreadByField":"cluster","maxGroups":-1}]})",
       "spec.placement.spreadConstraints[0].maxGroups", "maxGroups lower than 0 is not allowed"},
      {"negative minGroups", R"({"spreadConstraints":[{"spreadByField":"cluster","minGroups":-1}]})",
       "spec.placement.spreadConstraints[0].minGroups", "minGroups lower than 0 is not allowed"},
      {"two cluster constraints", R"({"spreadConstraints":[{"spreadByField":"cluster"},{}]})",
       "spec.placement.spreadConstraints", "multiple cluster spread constraints are not allowed"},
      {"region without cluster", R"({"spreadConstraints":[{"spreadByField":"region"}]})",
       "spec.placement.spreadConstraints",
       "the cluster spread constraint must be enabled in one of the constraints in case of SpreadByField is enabled"},
      {"Lt toleration", R"({"clusterTolerations":[{"key":"k","operator":"Lt","value":"3"}]})",
       "spec.placement.clusterTolerations[0].operator",
       "unsupported value \"Lt\", must be one of: \"\", Exists, Equal"},
      {"overflow with static weights",
       R"({"clusterAffinities":[{"affinityName":"a","clusterNames":["m1"],"overflowAffinities":[{"affinityName":"b"}]}]})",
       "spec.placement.clusterAffinities[0].overflowAffinities",
       "overflowAffinities can only be used together with dynamic weight or aggregated scheduling"},
      {"overflow without inline affinity",
       R"({"replicaScheduling":{"replicaDivisionPreference":"Aggregated"},
           "clusterAffinities":[{"affinityName":"a","overflowAffinities":[{"affinityName":"b"}]}]})",
       "spec.placement.clusterAffinities[0].overflowAffinities",
       "overflowAffinities can only be used together with the inline ClusterAffinity"},
      {"overflow name repeats the primary",
       R"({"replicaScheduling":{"replicaDivisionPreference":"Aggregated"},
           "clusterAffinities":[{"affinityName":"a","clusterNames":["m1"],"overflowAffinities":[{"affinityName":"a"}]}]})",
       "spec.placement.clusterAffinities[0].overflowAffinities[0].affinityName",
       "overflow affinity name must be unique and must not duplicate the primary group's affinityName"},
      {"same workload affinity keys",
       R"({"workloadAffinity":{"affinity":{"groupByLabelKey":"k"},"antiAffinity":{"groupByLabelKey":"k"}}})",
       "spec.placement.workloadAffinity", "affinity and antiAffinity must not use the same groupByLabelKey"},
      {"workload affinity without key", R"({"workloadAffinity":{"affinity":{}}})",
       "spec.placement.workloadAffinity.affinity.groupByLabelKey", "required field is missing"},
      {"misspelt field", R"({"clusterAfinity":{}})", "spec.placement.clusterAfinity",
       "unknown field \"clusterAfinity\"; did you mean \"clusterAffinity\"?"},
      {"nested overflow is unknown",
       R"({"replicaScheduling":{"replicaDivisionPreference":"Aggregated"},
           "clusterAffinities":[{"affinityName":"a","clusterNames":["m1"],
                                 "overflowAffinities":[{"affinityName":"b","overflowAffinities":[]}]}]})",
       "spec.placement.clusterAffinities[0].overflowAffinities[0].overflowAffinities",
       "unknown field \"overflowAffinities\"; valid fields are: affinityName, labelSelector, fieldSelector, "
       "clusterNames, exclude"},
      {"wrong type", R"({"spreadConstraints":[{"maxGroups":"2"}]})", "spec.placement.spreadConstraints[0].maxGroups",
       "expected an integer, got a string"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    Problems problems;
    (void)parse_placement(Json::parse(c.json), kAt, problems);
    ASSERT_EQ(problems.size(), 1u) << to_string(problems.list());
    EXPECT_EQ(problems.list()[0].field, c.field);
    EXPECT_EQ(problems.list()[0].message, c.message);
  }
}

}  // namespace
}  // namespace fleetwave
