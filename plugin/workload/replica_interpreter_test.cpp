#include "workload/replica_interpreter.h"

#include <gtest/gtest.h>

namespace fleetwave {
namespace {

Json deployment(const char* spec) {
  return Json::parse(std::string(R"({"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"d"},"spec":)") +
                     spec + "}");
}

std::optional<ReplicaRequirements> requests(std::map<std::string, std::int64_t> r, bool claim = false) {
  return ReplicaRequirements{std::move(r), claim};
}

// replica_test.go (deployReplica, statefulSetReplica, replicaSetReplica, jobReplica, podReplica)
// and binding_test.go TestGenerateReplicaRequirements / resource_test.go AddPodTemplateRequest.
TEST(ReplicaInterpreterTest, InterpretsReplicasAndRequirements) {
  struct Case {
    std::string name;
    Json object;
    std::int64_t replicas;
    std::optional<ReplicaRequirements> requirements;
  };
  const Case cases[] = {
      {"deployment", deployment(R"({"replicas":2})"), 2, std::nullopt},
      {"deployment without replicas", deployment("{}"), 0, std::nullopt},
      {"statefulset", Json::parse(R"({"apiVersion":"apps/v1","kind":"StatefulSet","spec":{"replicas":2}})"), 2,
       std::nullopt},
      {"replicaset", Json::parse(R"({"apiVersion":"apps/v1","kind":"ReplicaSet","spec":{"replicas":3}})"), 3,
       std::nullopt},
      {"job takes the smaller of parallelism and completions",
       Json::parse(R"({"apiVersion":"batch/v1","kind":"Job","spec":{"parallelism":3,"completions":2}})"), 2,
       std::nullopt},
      {"job without completions", Json::parse(R"({"apiVersion":"batch/v1","kind":"Job","spec":{"parallelism":4}})"), 4,
       std::nullopt},
      {"job without parallelism", Json::parse(R"({"apiVersion":"batch/v1","kind":"Job","spec":{"completions":4}})"), 0,
       std::nullopt},
      {"pod is one replica",
       Json::parse(
           R"({"apiVersion":"v1","kind":"Pod","spec":{"containers":[{"name":"c","resources":{"requests":{"cpu":"100m"}}}]}})"),
       1, requests({{"cpu", 100}})},
      {"other kinds are not workloads", Json::parse(R"({"apiVersion":"v1","kind":"Service","spec":{"replicas":3}})"), 0,
       std::nullopt},
      {"group and version must match",
       Json::parse(R"({"apiVersion":"apps/v1beta2","kind":"Deployment","spec":{"replicas":3}})"), 0, std::nullopt},
      {"limits stand in for requests",
       deployment(
           R"({"replicas":1,"template":{"spec":{"containers":[{"name":"c","resources":{"limits":{"cpu":"200m"}}}]}}})"),
       1, requests({{"cpu", 200}})},
      {"requests win over limits",
       deployment(
           R"({"template":{"spec":{"containers":[{"resources":{"requests":{"cpu":"100m"},"limits":{"cpu":"1","memory":"1Ki"}}}]}}})"),
       0, requests({{"cpu", 100}, {"memory", 1024}})},
      {"containers add up, init containers raise, overhead adds", deployment(R"({"replicas":1,"template":{"spec":{
          "containers":[{"resources":{"requests":{"cpu":"100m","memory":"1.5"}}},{"resources":{"requests":{"cpu":"200m","memory":"1"}}}],
          "initContainers":[{"resources":{"requests":{"cpu":"500m","memory":"2"}}}],
          "overhead":{"cpu":"50m"}}}})"),
       1, requests({{"cpu", 550}, {"memory", 3}})},
      {"extended and hugepages resources are kept, unknown ones dropped",
       deployment(R"({"replicas":1,"template":{"spec":{"containers":[{"resources":{"requests":
          {"nvidia.com/gpu":"1","hugepages-2Mi":"4Mi","foo":"3"}}}]}}})"),
       1, requests({{"hugepages-2Mi", 4194304}, {"nvidia.com/gpu", 1}})},
      {"node selector is a node claim",
       deployment(R"({"replicas":0,"template":{"spec":{"nodeSelector":{"disk":"ssd"}}}})"), 0, requests({}, true)},
      {"tolerations are a node claim",
       deployment(R"({"replicas":1,"template":{"spec":{"tolerations":[{"key":"k","operator":"Exists"}]}}})"), 1,
       requests({}, true)},
      {"required node affinity is a node claim",
       deployment(
           R"({"replicas":1,"template":{"spec":{"affinity":{"nodeAffinity":{"requiredDuringSchedulingIgnoredDuringExecution":
          {"nodeSelectorTerms":[{"matchFields":[{"key":"foo","operator":"Exists"}]}]}}}}}})"),
       1, requests({}, true)},
      {"preferred affinity and empty maps are not",
       deployment(R"({"replicas":1,"template":{"spec":{"nodeSelector":{},"tolerations":[],
          "affinity":{"nodeAffinity":{"preferredDuringSchedulingIgnoredDuringExecution":[]}}}}})"),
       1, std::nullopt},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    auto got = interpret_replicas(c.object);
    ASSERT_TRUE(got.ok()) << got.error().to_string();
    EXPECT_EQ(got->replicas, c.replicas);
    EXPECT_EQ(got->requirements, c.requirements);
  }
}

TEST(ReplicaInterpreterTest, WorkloadDefinition) {
  EXPECT_FALSE((WorkloadReplicas{0, std::nullopt}.is_workload()));
  EXPECT_TRUE((WorkloadReplicas{0, ReplicaRequirements{}}.is_workload()));
  EXPECT_TRUE((WorkloadReplicas{1, std::nullopt}.is_workload()));
}

TEST(ReplicaInterpreterTest, RejectsWhatTypedConversionRejects) {
  struct Case {
    std::string name;
    Json object;
    std::string field;
    std::string message;
  };
  const Case cases[] = {
      {"string replicas", deployment(R"({"replicas":"3"})"), "spec.replicas", "expected an integer, got a string"},
      {"negative replicas", deployment(R"({"replicas":-1})"), "spec.replicas", "must be greater than or equal to 0"},
      {"replicas beyond int32", deployment(R"({"replicas":3000000000})"), "spec.replicas",
       "integer is out of the int32 range"},
      {"bad quantity",
       deployment(R"({"template":{"spec":{"containers":[{"resources":{"requests":{"cpu":"lots"}}}]}}})"),
       "spec.template.spec.containers[0].resources.requests.cpu",
       "invalid quantity \"lots\": quantities must match the regular expression "
       "'^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'"},
      {"spec is not a map", Json::parse(R"({"apiVersion":"batch/v1","kind":"Job","spec":[]})"), "spec",
       "expected a map, got a list"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    auto got = interpret_replicas(c.object);
    ASSERT_FALSE(got.ok());
    EXPECT_EQ(got.error().field, c.field);
    EXPECT_EQ(got.error().message, c.message);
  }
}

// revisereplica.go, helper.ApplyReplica and ensureWork's Job completions division
// (common_test.go Test_divideReplicasByJobCompletions, TestApplyJobCompletions).
TEST(ReplicaInterpreterTest, RevisesReplicasForEachCluster) {
  const std::vector<TargetCluster> targets{{"member1", 3}, {"member2", 1}};
  const WorkloadReplicas four{4, std::nullopt};
  struct Case {
    std::string name;
    Json object;
    WorkloadReplicas replicas;
    bool divided;
    std::string cluster;
    Json expected_spec;
  };
  const Case cases[] = {
      {"deployment replicas", deployment(R"({"replicas":4})"), four, true, "member1", Json::parse(R"({"replicas":3})")},
      {"absent field stays absent", deployment(R"({"paused":true})"), four, true, "member1",
       Json::parse(R"({"paused":true})")},
      {"duplicated writes the share too", deployment(R"({"replicas":4})"), four, false, "member2",
       Json::parse(R"({"replicas":1})")},
      {"non-workloads are untouched", deployment(R"({"replicas":0})"), WorkloadReplicas{}, true, "member1",
       Json::parse(R"({"replicas":0})")},
      {"pods have no replica field", Json::parse(R"({"apiVersion":"v1","kind":"Pod","spec":{"replicas":9}})"),
       WorkloadReplicas{1, std::nullopt}, true, "member1", Json::parse(R"({"replicas":9})")},
      {"job parallelism and divided completions",
       Json::parse(R"({"apiVersion":"batch/v1","kind":"Job","spec":{"parallelism":4,"completions":10}})"), four, true,
       "member1", Json::parse(R"({"parallelism":3,"completions":7})")},
      {"job completions, other cluster",
       Json::parse(R"({"apiVersion":"batch/v1","kind":"Job","spec":{"parallelism":4,"completions":10}})"), four, true,
       "member2", Json::parse(R"({"parallelism":1,"completions":3})")},
      {"duplicated job keeps completions",
       Json::parse(R"({"apiVersion":"batch/v1","kind":"Job","spec":{"parallelism":4,"completions":10}})"), four, false,
       "member2", Json::parse(R"({"parallelism":1,"completions":10})")},
      {"work-queue job without completions",
       Json::parse(R"({"apiVersion":"batch/v1","kind":"Job","spec":{"parallelism":4}})"), four, true, "member2",
       Json::parse(R"({"parallelism":1})")},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    Json object = c.object;
    auto status = revise_replicas_for_cluster(object, c.replicas, c.divided, targets, c.cluster, "");
    ASSERT_TRUE(status.ok()) << status.error().to_string();
    EXPECT_EQ(object["spec"], c.expected_spec);
  }
  // Test_divideReplicasByJobCompletions: 10 completions over two clusters of 5.
  Json job = Json::parse(R"({"apiVersion":"batch/v1","kind":"Job","spec":{"parallelism":10,"completions":10}})");
  ASSERT_TRUE(
      revise_replicas_for_cluster(job, {10, std::nullopt}, true, {{"cluster1", 5}, {"cluster2", 5}}, "cluster2", "")
          .ok());
  EXPECT_EQ(job["spec"]["completions"], 5);
}

TEST(ReplicaInterpreterTest, ReviseErrors) {
  Json float_replicas = deployment(R"({"replicas":2.5})");
  auto status = revise_replicas_for_cluster(float_replicas, {2, std::nullopt}, true, {{"m1", 2}}, "m1", "");
  ASSERT_FALSE(status.ok());
  EXPECT_EQ(status.error().field, "spec.replicas");
  EXPECT_EQ(status.error().message, "expected an integer, got a number");
  Json d = deployment(R"({"replicas":2})");
  auto missing = revise_replicas_for_cluster(d, {2, std::nullopt}, true, {{"m1", 2}}, "m2", "");
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.error().message, "cluster \"m2\" is not a target of the schedule");
}

}  // namespace
}  // namespace fleetwave
