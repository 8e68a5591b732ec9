#include "schedule/replica_assignment.h"

#include <gtest/gtest.h>

namespace fleetwave {
namespace {

struct Fixture {
  std::vector<Cluster> clusters;
  std::vector<ClusterDetail> details;
  // One cluster per entry of `allocatable`, named member1, member2, ...
  explicit Fixture(std::vector<std::int32_t> allocatable, std::vector<std::int32_t> overflow = {}) {
    clusters.resize(allocatable.size());
    for (std::size_t i = 0; i < allocatable.size(); ++i) {
      clusters[i].name = "member" + std::to_string(i + 1);
      ClusterDetail d;
      d.name = clusters[i].name;
      d.available_replicas = allocatable[i];
      d.allocatable_replicas = allocatable[i];
      d.overflow_order = overflow.empty() ? 0 : overflow[i];
      details.push_back(d);
    }
    for (std::size_t i = 0; i < details.size(); ++i) details[i].cluster = &clusters[i];
  }
};

ClusterAffinity named(std::vector<std::string> names) {
  ClusterAffinity a;
  a.cluster_names = std::move(names);
  return a;
}

Placement divided_placement(ReplicaDivisionPreference preference, bool dynamic) {
  Placement p;
  ReplicaSchedulingStrategy rs;
  rs.preference = preference;
  rs.has_weight_preference = dynamic;
  rs.dynamic_weight = dynamic;
  p.replica_scheduling = rs;
  return p;
}

Placement static_placement(std::vector<StaticClusterWeight> weights) {
  Placement p = divided_placement(ReplicaDivisionPreference::Weighted, false);
  p.replica_scheduling->has_weight_preference = true;
  p.replica_scheduling->static_weights = std::move(weights);
  return p;
}

AssignContext context_for(const Placement& placement, std::int64_t replicas,
                          const ClusterAffinityTerm* term = nullptr) {
  return AssignContext{&placement, term, WorkloadReplicas{replicas, std::nullopt}, TieBreak::NameAscending};
}

// Test_assignByStaticWeightStrategy (assignment_test.go); zero shares are then removed.
TEST(ReplicaAssignmentTest, StaticWeightPortedVectors) {
  struct Case {
    std::string name;
    Placement placement;
    std::size_t clusters;
    std::int64_t replicas;
    std::vector<TargetCluster> expected;
  };
  const Case cases[] = {
      {"12, weight 3:2:1",
       static_placement({{named({"member1"}), 3}, {named({"member2"}), 2}, {named({"member3"}), 1}}),
       3,
       12,
       {{"member1", 6}, {"member2", 4}, {"member3", 2}}},
      {"12, default weight",
       divided_placement(ReplicaDivisionPreference::Weighted, false),
       3,
       12,
       {{"member1", 4}, {"member2", 4}, {"member3", 4}}},
      {"13, weight 3:2:1",
       static_placement({{named({"member1"}), 3}, {named({"member2"}), 2}, {named({"member3"}), 1}}),
       3,
       13,
       {{"member1", 7}, {"member2", 4}, {"member3", 2}}},
      {"14, weight 3:2:1",
       static_placement({{named({"member1"}), 3}, {named({"member2"}), 2}, {named({"member3"}), 1}}),
       3,
       14,
       {{"member1", 7}, {"member2", 5}, {"member3", 2}}},
      {"insufficient replicas get nothing",
       static_placement({{named({"member1"}), 1}, {named({"member2"}), 1}}),
       2,
       0,
       {}},
      {"cluster without weight is ignored", static_placement({{named({"member1"}), 1}}), 2, 2, {{"member1", 2}}},
      {"largest matching weight counts",
       static_placement({{named({"member1"}), 1}, {named({"member2"}), 1}, {named({"member1"}), 2}}),
       2,
       3,
       {{"member1", 2}, {"member2", 1}}},
      {"no weight matches: everyone weighs 1",
       static_placement({{named({"other"}), 5}}),
       2,
       3,
       {{"member1", 2}, {"member2", 1}}},
      {"empty weightPreference weighs everyone 1",
       static_placement({}),
       3,
       4,
       {{"member1", 2}, {"member2", 1}, {"member3", 1}}},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    Fixture f(std::vector<std::int32_t>(c.clusters, 0));
    auto got =
        assign_to_clusters(f.details, static_cast<std::int32_t>(c.replicas), context_for(c.placement, c.replicas));
    ASSERT_TRUE(got.ok()) << got.error().message;
    EXPECT_EQ(*got, c.expected);
  }
}

// Test_dynamicScaleUp (assignment_test.go): first schedules with dynamic weights and Aggregated.
TEST(ReplicaAssignmentTest, DynamicPortedVectors) {
  struct Case {
    std::string name;
    ReplicaDivisionPreference preference;
    bool dynamic;
    std::vector<std::int32_t> allocatable;
    std::vector<TargetCluster> expected;
    std::string error;
  };
  const Case cases[] = {
      {"dynamic 6:8:10",
       ReplicaDivisionPreference::Weighted,
       true,
       {6, 8, 10},
       {{"member1", 3}, {"member2", 4}, {"member3", 5}},
       ""},
      {"dynamic 8:8:10",
       ReplicaDivisionPreference::Weighted,
       true,
       {8, 8, 10},
       {{"member1", 4}, {"member2", 4}, {"member3", 4}},
       ""},
      {"dynamic 3:3:3",
       ReplicaDivisionPreference::Weighted,
       true,
       {3, 3, 3},
       {},
       "failed to scale up: Clusters available replicas 9 are not enough to schedule."},
      {"aggregated 6:8:10",
       ReplicaDivisionPreference::Aggregated,
       false,
       {6, 8, 10},
       {{"member3", 7}, {"member2", 5}},
       ""},
      {"aggregated 12:8:10", ReplicaDivisionPreference::Aggregated, false, {12, 8, 10}, {{"member1", 12}}, ""},
      {"aggregated 3:3:3",
       ReplicaDivisionPreference::Aggregated,
       false,
       {3, 3, 3},
       {},
       "failed to scale up: Clusters available replicas 9 are not enough to schedule."},
      {"aggregated tie keeps input order",
       ReplicaDivisionPreference::Aggregated,
       false,
       {6, 6, 6},
       {{"member1", 6}, {"member2", 6}},
       ""},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    Fixture f(c.allocatable);
    Placement placement = divided_placement(c.preference, c.dynamic);
    auto got = assign_to_clusters(f.details, 12, context_for(placement, 12));
    if (!c.error.empty()) {
      ASSERT_FALSE(got.ok());
      EXPECT_EQ(got.error().message, c.error);
      continue;
    }
    ASSERT_TRUE(got.ok()) << got.error().message;
    auto sorted = *got;
    auto expected = c.expected;
    auto by_name = [](const TargetCluster& a, const TargetCluster& b) { return a.name < b.name; };
    std::sort(sorted.begin(), sorted.end(), by_name);
    std::sort(expected.begin(), expected.end(), by_name);
    EXPECT_EQ(sorted, expected);
  }
}

// TestAssignReplicas (common_test.go), first-schedule cases.
TEST(ReplicaAssignmentTest, AssignReplicasPortedVectors) {
  Placement weighted = divided_placement(ReplicaDivisionPreference::Weighted, false);
  Placement dynamic = divided_placement(ReplicaDivisionPreference::Weighted, true);
  dynamic.cluster_affinities = {
      ClusterAffinityTerm{"affinity1", named({"member1"}), {ClusterAffinityTerm{"overflow", named({"member2"}), {}}}}};
  const ClusterAffinityTerm* term = &dynamic.cluster_affinities[0];
  struct Case {
    std::string name;
    const Placement* placement;
    const ClusterAffinityTerm* term;
    std::vector<std::int32_t> available;
    std::vector<std::int32_t> overflow;
    WorkloadReplicas workload;
    std::vector<TargetCluster> expected;
    std::string error;
  };
  const Case cases[] = {
      {"single cluster", &weighted, nullptr, {0}, {}, {3, std::nullopt}, {{"member1", 3}}, ""},
      {"no clusters", &weighted, nullptr, {}, {}, {1, std::nullopt}, {}, "no clusters available to schedule"},
      {"non-workload goes everywhere",
       &weighted,
       nullptr,
       {0, 0},
       {},
       {0, std::nullopt},
       {{"member1", 0}, {"member2", 0}},
       ""},
      {"zero-replica workload with requests goes nowhere",
       &weighted,
       nullptr,
       {0, 0},
       {},
       {0, ReplicaRequirements{{{"cpu", 100}}, false}},
       {},
       ""},
      {"overflow not needed", &dynamic, term, {10, 10}, {0, 1}, {5, std::nullopt}, {{"member1", 5}}, ""},
      {"overflow to the next tier",
       &dynamic,
       term,
       {2, 10},
       {0, 1},
       {5, std::nullopt},
       {{"member1", 2}, {"member2", 3}},
       ""},
      {"all tiers exhausted",
       &dynamic,
       term,
       {2, 2},
       {0, 1},
       {10, std::nullopt},
       {},
       "Clusters available replicas are not enough to schedule."},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    Fixture f(c.available, c.overflow);
    AssignContext context{c.placement, c.term, c.workload, TieBreak::NameAscending};
    auto got = assign_replicas(f.details, context);
    if (!c.error.empty()) {
      ASSERT_FALSE(got.ok());
      EXPECT_EQ(got.error().message, c.error);
      continue;
    }
    ASSERT_TRUE(got.ok()) << got.error().message;
    EXPECT_EQ(*got, c.expected);
  }
}

TEST(ReplicaAssignmentTest, DuplicatedGivesEveryClusterAllReplicas) {
  Fixture f({0, 0});
  Placement placement;  // no replicaScheduling: Duplicated
  auto got = assign_replicas(f.details, context_for(placement, 4));
  ASSERT_TRUE(got.ok());
  EXPECT_EQ(*got, (std::vector<TargetCluster>{{"member1", 4}, {"member2", 4}}));
  EXPECT_EQ(assign_strategy(placement), AssignStrategy::Duplicated);
  EXPECT_EQ(assign_strategy(divided_placement(ReplicaDivisionPreference::Aggregated, false)),
            AssignStrategy::Aggregated);
  EXPECT_EQ(assign_strategy(divided_placement(ReplicaDivisionPreference::Weighted, true)),
            AssignStrategy::DynamicWeight);
  EXPECT_EQ(assign_strategy(divided_placement(ReplicaDivisionPreference::Weighted, false)),
            AssignStrategy::StaticWeight);
}

}  // namespace
}  // namespace fleetwave
