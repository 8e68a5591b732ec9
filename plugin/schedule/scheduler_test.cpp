#include "schedule/scheduler.h"

#include <gtest/gtest.h>

// GCC 12 at -O2 reports a false -Wmaybe-uninitialized for the std::optional<ReplicaRequirements>
// members of the case tables below when they are destroyed.
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"

namespace fleetwave {
namespace {

constexpr const char* kOddUid = "d43fdeeb-d750-4e2b-bee3-64eb94534f4c";  // helper/binding_test.go

// A Cluster object with optional region, free pods and extra spec/status members.
Cluster cluster(const std::string& name, const std::string& region = "", int pods = -1, const char* extra = "{}") {
  Json object = Json::parse(R"({"apiVersion":"cluster.karmada.io/v1alpha1","kind":"Cluster","spec":{}})");
  object["metadata"] = {{"name", name}, {"labels", {{"name", name}}}};
  if (!region.empty()) object["spec"]["region"] = region;
  if (pods >= 0) object["status"]["resourceSummary"]["allocatable"]["pods"] = std::to_string(pods);
  object.merge_patch(Json::parse(extra));
  Problems problems;
  Cluster c = parse_cluster(object, problems);
  EXPECT_TRUE(problems.empty()) << to_string(problems.list());
  return c;
}

Placement placement(const char* json) {
  Problems problems;
  Placement p = parse_placement(Json::parse(json), FieldPath().key("placement"), problems);
  EXPECT_TRUE(problems.empty()) << to_string(problems.list());
  return p;
}

struct Case {
  std::string name;
  const char* placement;
  std::vector<Cluster> clusters;
  std::string kind = "Deployment";
  WorkloadReplicas replicas{12, std::nullopt};
  std::vector<TargetCluster> expected;
  std::string affinity_name = "";
  std::string reason = "";
  std::string uid = "";
};

void run(const Case& c) {
  SCOPED_TRACE(c.name);
  Placement p = placement(c.placement);
  ScheduleRequest request{&p, &c.clusters, c.kind == "Deployment" ? "apps/v1" : "v1", c.kind, c.replicas, c.uid};
  ScheduleResult result = schedule(request);
  ASSERT_FALSE(result.error.has_value()) << result.error->to_string();
  EXPECT_EQ(result.targets, c.expected);
  EXPECT_EQ(result.affinity_name, c.affinity_name);
  EXPECT_EQ(result.reason, c.reason);
}

std::vector<Cluster> three() { return {cluster("m1", "", 6), cluster("m2", "", 8), cluster("m3", "", 10)}; }

TEST(SchedulerTest, Strategies) {
  const Case cases[] = {
      {.name = "duplicated to every matching cluster",
       .placement = R"({"clusterAffinity":{"clusterNames":["m1","m3"]}})",
       .clusters = three(),
       .replicas = {3, std::nullopt},
       .expected = {{"m1", 3}, {"m3", 3}}},
      {.name = "non-workload ignores division",
       .placement = R"({"replicaScheduling":{"replicaDivisionPreference":"Aggregated"}})",
       .clusters = three(),
       .kind = "ConfigMap",
       .replicas = {0, std::nullopt},
       .expected = {{"m1", 0}, {"m2", 0}, {"m3", 0}}},
      {.name = "static weights 3:2:1",
       .placement = R"({"replicaScheduling":{"weightPreference":{"staticWeightList":[
          {"targetCluster":{"clusterNames":["m1"]},"weight":3},{"targetCluster":{"labelSelector":{"matchLabels":{"name":"m2"}}},"weight":2},
          {"targetCluster":{"clusterNames":["m3"]},"weight":1}]}}})",
       .clusters = three(),
       .expected = {{"m1", 6}, {"m2", 4}, {"m3", 2}}},
      {.name = "equal weights, odd uid favours the larger name",
       .placement = R"({"replicaScheduling":{}})",
       .clusters = three(),
       .replicas = {10, std::nullopt},
       .expected = {{"m1", 3}, {"m2", 3}, {"m3", 4}},
       .uid = kOddUid},
      {.name = "dynamic weights 6:8:10",
       .placement = R"({"replicaScheduling":{"weightPreference":{"dynamicWeight":"AvailableReplicas"}}})",
       .clusters = three(),
       .expected = {{"m1", 3}, {"m2", 4}, {"m3", 5}}},
      {.name = "aggregated 6:8:10",
       .placement = R"({"replicaScheduling":{"replicaDivisionPreference":"Aggregated"}})",
       .clusters = three(),
       .expected = {{"m2", 5}, {"m3", 7}}},
      {.name = "aggregated 12:8:10",
       .placement = R"({"replicaScheduling":{"replicaDivisionPreference":"Aggregated"}})",
       .clusters = {cluster("m1", "", 12), cluster("m2", "", 8), cluster("m3", "", 10)},
       .expected = {{"m1", 12}}},
      {.name = "aggregated without capacity",
       .placement = R"({"replicaScheduling":{"replicaDivisionPreference":"Aggregated"}})",
       .clusters = {cluster("m1", "", 3), cluster("m2")},
       .expected = {},
       .reason =
           "failed to assign replicas: failed to scale up: Clusters available replicas 3 are not enough to schedule."},
      {.name = "zero replicas with requests go nowhere",
       .placement = R"({"replicaScheduling":{}})",
       .clusters = three(),
       .replicas = {0, ReplicaRequirements{{{"cpu", 100}}, false}},
       .expected = {}},
  };
  for (const Case& c : cases) run(c);
}

TEST(SchedulerTest, FiltersAndAffinities) {
  Cluster tainted = cluster("m2", "", 8, R"({"spec":{"taints":[{"key":"maintenance","effect":"NoSchedule"}]}})");
  Cluster no_jobs = cluster(
      "m3", "", 10,
      R"({"status":{"apiEnablements":[{"groupVersion":"apps/v1","resources":[{"name":"deployments","kind":"Deployment"}]}]}})");
  const Case cases[] = {
      {.name = "untolerated taint",
       .placement = "{}",
       .clusters = {cluster("m1"), tainted},
       .replicas = {1, std::nullopt},
       .expected = {{"m1", 1}}},
      {.name = "tolerated taint",
       .placement = R"({"clusterTolerations":[{"key":"maintenance","operator":"Exists"}]})",
       .clusters = {cluster("m1"), tainted},
       .replicas = {1, std::nullopt},
       .expected = {{"m1", 1}, {"m2", 1}}},
      {.name = "api enablement",
       .placement = "{}",
       .clusters = {cluster("m1"), no_jobs},
       .kind = "Pod",
       .replicas = {1, std::nullopt},
       .expected = {{"m1", 1}}},
      {.name = "no feasible cluster",
       .placement = R"({"clusterAffinity":{"clusterNames":["x"]}})",
       .clusters = {cluster("m1"), tainted},
       .expected = {},
       .reason = "0/2 clusters are available: 1 cluster(s) did not match the placement cluster affinity constraint, "
                 "1 cluster(s) had untolerated taint {maintenance:NoSchedule}."},
      {.name = "empty inventory",
       .placement = "{}",
       .clusters = {},
       .expected = {},
       .reason = "0/0 clusters are available: no cluster exists."},
      {.name = "second affinity term",
       .placement =
           R"({"clusterAffinities":[{"affinityName":"first","clusterNames":["x"]},{"affinityName":"second","clusterNames":["m1"]}]})",
       .clusters = three(),
       .replicas = {2, std::nullopt},
       .expected = {{"m1", 2}},
       .affinity_name = "second"},
      {.name = "first term that schedules wins, not the first feasible",
       .placement = R"({"replicaScheduling":{"replicaDivisionPreference":"Aggregated"},
           "clusterAffinities":[{"affinityName":"small","clusterNames":["m1"]},{"affinityName":"big","clusterNames":["m2","m3"]}]})",
       .clusters = three(),
       .expected = {{"m2", 5}, {"m3", 7}},
       .affinity_name = "big"},
      {.name = "no term schedules",
       .placement =
           R"({"clusterAffinities":[{"affinityName":"a","clusterNames":["x"]},{"affinityName":"b","clusterNames":["y"]}]})",
       .clusters = {cluster("m1")},
       .expected = {},
       .reason =
           "no clusterAffinities term could be scheduled: clusterAffinities[0] \"a\": 0/1 clusters are available: "
           "1 cluster(s) did not match the placement cluster affinity constraint.; clusterAffinities[1] \"b\": 0/1 "
           "clusters are available: 1 cluster(s) did not match the placement cluster affinity constraint."},
      {.name = "overflow affinity takes the rest",
       .placement = R"({"replicaScheduling":{"weightPreference":{"dynamicWeight":"AvailableReplicas"}},
           "clusterAffinities":[{"affinityName":"main","clusterNames":["m1"],
                                 "overflowAffinities":[{"affinityName":"spill","clusterNames":["m2"]}]}]})",
       .clusters = {cluster("m1", "", 2), cluster("m2", "", 10), cluster("m3", "", 10)},
       .replicas = {5, std::nullopt},
       .expected = {{"m1", 2}, {"m2", 3}},
       .affinity_name = "main"},
  };
  for (const Case& c : cases) run(c);
}

TEST(SchedulerTest, SpreadConstraints) {
  std::vector<Cluster> regions{cluster("a1", "r1", 5), cluster("a2", "r1", 5), cluster("a3", "r1", 5),
                               cluster("b1", "r2", 50), cluster("c1")};
  const Case cases[] = {
      {.name = "region with more clusters for a duplicated config",
       .placement =
           R"({"spreadConstraints":[{"spreadByField":"region","maxGroups":1},{"spreadByField":"cluster","minGroups":2,"maxGroups":2}]})",
       .clusters = regions,
       .kind = "ConfigMap",
       .replicas = {0, std::nullopt},
       .expected = {{"a1", 0}, {"a2", 0}}},
      {.name = "cluster constraint keeps the clusters with most capacity",
       .placement = R"({"replicaScheduling":{"weightPreference":{"dynamicWeight":"AvailableReplicas"}},
           "spreadConstraints":[{"spreadByField":"cluster","maxGroups":2}]})",
       .clusters = regions,
       .replicas = {11, std::nullopt},
       .expected = {{"a1", 1}, {"b1", 10}}},
      {.name = "static weights ignore spread constraints",
       .placement = R"({"replicaScheduling":{},"spreadConstraints":[{"spreadByField":"cluster","maxGroups":1}]})",
       .clusters = {cluster("m1"), cluster("m2")},
       .replicas = {2, std::nullopt},
       .expected = {{"m1", 1}, {"m2", 1}}},
      {.name = "maxGroups unset selects nothing",
       .placement = R"({"spreadConstraints":[{"spreadByField":"cluster"}]})",
       .clusters = {cluster("m1")},
       .replicas = {2, std::nullopt},
       .expected = {},
       .reason = "failed to assign replicas: no clusters available to schedule"},
      {.name = "label spreading is not supported",
       .placement = R"({"spreadConstraints":[{"spreadByLabel":"team"}]})",
       .clusters = {cluster("m1")},
       .replicas = {2, std::nullopt},
       .expected = {},
       .reason = "failed to select clusters: just support cluster and region spread constraint"},
  };
  for (const Case& c : cases) run(c);
}

TEST(SchedulerTest, InvalidInventoryIsAnError) {
  std::vector<Cluster> clusters{
      cluster("m1", "", -1, R"({"status":{"resourceSummary":{"allocatable":{"pods":"x"}}}})")};
  Placement p = placement(R"({"replicaScheduling":{"replicaDivisionPreference":"Aggregated"}})");
  ScheduleResult result = schedule(ScheduleRequest{&p, &clusters, "apps/v1", "Deployment", {2, std::nullopt}, ""});
  ASSERT_TRUE(result.error.has_value());
  EXPECT_EQ(result.error->kind, ErrorKind::InvalidInput);
  EXPECT_TRUE(result.targets.empty());
}

}  // namespace
}  // namespace fleetwave
