#include "schedule/available_replicas.h"

#include <gtest/gtest.h>

namespace fleetwave {
namespace {

constexpr std::int64_t kGi = 1073741824;

ReplicaRequirements requests(std::map<std::string, std::int64_t> r) { return ReplicaRequirements{std::move(r), false}; }

// TestMaxAvailableReplicasGeneral, TestGetAllowedPodNumber and
// TestGetMaximumReplicasBasedOnClusterSummary (pkg/estimator/client/general_test.go).
TEST(AvailableReplicasTest, GeneralEstimatorPortedVectors) {
  struct Case {
    std::string name;
    std::optional<Json> summary;
    std::optional<ReplicaRequirements> requirements;
    std::int32_t expected;
  };
  const Json basic = Json::parse(R"({"allocatable":{"pods":"100","cpu":"4","memory":"8Gi"},
                                     "allocated":{"pods":"20","cpu":"1","memory":"2Gi"}})");
  const Case cases[] = {
      {"nil resource summary", std::nullopt, std::nullopt, 0},
      {"no allowed pods", Json::parse(R"({"allocatable":{"pods":"10"},"allocated":{"pods":"10"}})"), std::nullopt, 0},
      {"nil replica requirements", Json::parse(R"({"allocatable":{"pods":"10"}})"), std::nullopt, 10},
      {"allowed pods subtract allocating", Json::parse(R"({"allocatable":{"pods":"100"},"allocated":{"pods":"40"},
                                                         "allocating":{"pods":"10"}})"),
       std::nullopt, 50},
      {"over allocation", Json::parse(R"({"allocatable":{"pods":"100"},"allocated":{"pods":"90"},
                                          "allocating":{"pods":"20"}})"),
       std::nullopt, 0},
      {"no allocatable pods", Json::parse(R"({"allocated":{"pods":"10"}})"), std::nullopt, 0},
      {"basic resource estimation", basic, requests({{"cpu", 500}, {"memory", kGi}}), 6},
      {"insufficient memory",
       Json::parse(
           R"({"allocatable":{"pods":"100","cpu":"4","memory":"2Gi"},"allocated":{"cpu":"1","memory":"1.5Gi"}})"),
       requests({{"cpu", 500}, {"memory", kGi}}), 0},
      {"requested resource missing from allocatable", basic, requests({{"nvidia.com/gpu", 1}}), 0},
      {"cpu compares in milli-cores", Json::parse(R"({"allocatable":{"pods":"100","cpu":"1500m"}})"),
       requests({{"cpu", 300}}), 5},
      {"node claim only keeps the pod bound", basic, ReplicaRequirements{{}, true}, 80},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    ClusterCapacity capacity{"member1", c.summary ? &*c.summary : nullptr, nullptr};
    auto got = general_estimate(capacity, c.requirements);
    ASSERT_TRUE(got.ok()) << got.error().to_string();
    EXPECT_EQ(*got, c.expected);
  }
}

Json grades_cpu_only() {
  return Json::parse(R"([
    {"grade":0,"ranges":[{"name":"cpu","min":"0","max":"1"}]},
    {"grade":1,"ranges":[{"name":"cpu","min":"1","max":"2"}]},
    {"grade":2,"ranges":[{"name":"cpu","min":"2","max":"4"}]}])");
}

Json grades_cpu_memory() {
  return Json::parse(R"([
    {"grade":0,"ranges":[{"name":"cpu","min":"0","max":"1"},{"name":"memory","min":"0","max":"1Gi"}]},
    {"grade":1,"ranges":[{"name":"cpu","min":"1","max":"2"},{"name":"memory","min":"1Gi","max":"2Gi"}]},
    {"grade":2,"ranges":[{"name":"cpu","min":"2","max":"4"},{"name":"memory","min":"2Gi","max":"4Gi"}]}])");
}

// TestGetMaximumReplicasBasedOnResourceModels (general_test.go).
TEST(AvailableReplicasTest, ResourceModelsPortedVectors) {
  struct Case {
    std::string name;
    std::optional<Json> models;
    ReplicaRequirements requirements;
    std::optional<std::int64_t> expected;  // nullopt: models cannot be built, summary is used
  };
  const Case cases[] = {
      {"no grade defined", std::nullopt, requests({{"cpu", 1000}}), std::nullopt},
      {"partially compliant grades", grades_cpu_only(), requests({{"cpu", 1500}}), 1},
      {"no compliant grades", grades_cpu_only(), requests({{"cpu", 3000}}), 0},
      {"multi resource request", grades_cpu_memory(), requests({{"cpu", 1000}, {"memory", 3 * kGi / 2}}), 1},
      {"request exceeds highest grade", grades_cpu_memory(), requests({{"cpu", 1000}, {"memory", 5 * kGi / 2}}), 0},
  };
  const Json summary =
      Json::parse(R"({"allocatableModelings":[{"grade":0,"count":1},{"grade":1,"count":1},{"grade":2,"count":1}]})");
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    ClusterCapacity capacity{"member1", &summary, c.models ? &*c.models : nullptr};
    auto got = estimate_by_resource_models(capacity, c.requirements);
    ASSERT_TRUE(got.ok()) << got.error().to_string();
    EXPECT_EQ(*got, c.expected);
  }
}

// TestMaxAvailableReplicasGeneralWithResourceModels, baseline without assumed workloads: three
// grade-1 nodes of 1 CPU hold two 500m replicas each.
TEST(AvailableReplicasTest, ResourceModelsBoundTheEstimate) {
  const Json models = Json::parse(R"([{"grade":0,"ranges":[{"name":"cpu","min":"0","max":"1"}]},
                                      {"grade":1,"ranges":[{"name":"cpu","min":"1","max":"2"}]}])");
  const Json summary = Json::parse(R"({"allocatable":{"pods":"100","cpu":"3"},
                                       "allocatableModelings":[{"grade":0,"count":0},{"grade":1,"count":3}]})");
  auto got = general_estimate({"member1", &summary, &models}, requests({{"cpu", 500}}));
  ASSERT_TRUE(got.ok());
  EXPECT_EQ(*got, 6);
  // Without spec.resourceModels Karmada falls back to the summary: 3 CPU / 500m.
  auto fallback = general_estimate({"member1", &summary, nullptr}, requests({{"cpu", 500}}));
  ASSERT_TRUE(fallback.ok());
  EXPECT_EQ(*fallback, 6);
  const Json negative =
      Json::parse(R"({"allocatable":{"pods":"4","cpu":"3"},"allocatableModelings":[{"grade":1,"count":-1}]})");
  auto negative_count = general_estimate({"member1", &negative, &models}, requests({{"cpu", 500}}));
  ASSERT_TRUE(negative_count.ok());
  EXPECT_EQ(*negative_count, 4);  // model error: summary path, bounded by 4 free pods
}

// calAvailableReplicas (pkg/scheduler/core/util.go).
TEST(AvailableReplicasTest, CalAvailableReplicas) {
  const Json small = Json::parse(R"({"allocatable":{"pods":"7"}})");
  const Json huge = Json::parse(R"({"allocatable":{"pods":"2147483647"}})");
  std::vector<ClusterCapacity> clusters{{"a", &small, nullptr}, {"b", &huge, nullptr}, {"c", nullptr, nullptr}};
  struct Case {
    std::string name;
    WorkloadReplicas workload;
    std::vector<std::int32_t> expected;
  };
  const Case cases[] = {
      {"non-workload is not estimated", WorkloadReplicas{0, std::nullopt}, {2147483647, 2147483647, 2147483647}},
      {"zero replicas with requests is not estimated",
       WorkloadReplicas{0, requests({{"cpu", 100}})},
       {2147483647, 2147483647, 2147483647}},
      {"unbounded estimate becomes the replicas", WorkloadReplicas{3, std::nullopt}, {7, 3, 0}},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    auto got = available_replicas(clusters, c.workload);
    ASSERT_TRUE(got.ok());
    EXPECT_EQ(*got, c.expected);
  }
}

TEST(AvailableReplicasTest, BadQuantitiesAreErrors) {
  const Json summary = Json::parse(R"({"allocatable":{"pods":"ten"}})");
  auto got = general_estimate({"member1", &summary, nullptr}, std::nullopt);
  ASSERT_FALSE(got.ok());
  EXPECT_EQ(
      got.error().message,
      "cluster \"member1\": status.resourceSummary.allocatable.pods: invalid quantity \"ten\": quantities must match "
      "the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'");
  Problems problems;
  validate_resource_summary(summary, FieldPath().key("status").key("resourceSummary"), problems);
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_EQ(problems.list()[0].field, "status.resourceSummary.allocatable.pods");
}

}  // namespace
}  // namespace fleetwave
