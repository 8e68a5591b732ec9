#include "schedule/spread_constraints.h"

#include <gtest/gtest.h>

namespace fleetwave {
namespace {

SpreadConstraint constraint(std::string field, int min_groups, int max_groups) {
  SpreadConstraint c;
  c.spread_by_field = std::move(field);
  c.min_groups = min_groups;
  c.max_groups = max_groups;
  return c;
}

ClusterDetail detail(std::string name, std::int64_t score, std::int64_t available) {
  ClusterDetail d;
  d.name = std::move(name);
  d.score = score;
  d.available_replicas = available;
  d.allocatable_replicas = static_cast<std::int32_t>(available);
  return d;
}

std::vector<std::string> names_of(const std::vector<ClusterDetail>& clusters) {
  std::vector<std::string> out;
  for (const ClusterDetail& c : clusters) out.push_back(c.name);
  return out;
}

ReplicaSchedulingStrategy divided(ReplicaDivisionPreference preference, bool dynamic, bool with_static) {
  ReplicaSchedulingStrategy rs;
  rs.preference = preference;
  rs.has_weight_preference = dynamic || with_static;
  rs.dynamic_weight = dynamic;
  if (with_static) rs.static_weights.push_back(StaticClusterWeight{ClusterAffinity{}, 2});
  return rs;
}

// TestSelectBestClusters (select_clusters_test.go). The Go case "satisfy available resources"
// leaves replicaDivisionPreference empty, which the webhook never lets through; dynamic weights
// take the same path here.
TEST(SpreadConstraintsTest, SelectBestClustersPortedVectors) {
  const std::vector<ClusterDetail> clusters{detail("member4", 60, 50), detail("member2", 40, 60),
                                            detail("member3", 30, 80), detail("member1", 20, 40)};
  struct Case {
    std::string name;
    SpreadConstraint cluster;
    std::optional<ReplicaSchedulingStrategy> scheduling;
    std::int64_t need;
    std::vector<std::string> expected;
    std::string error;
  };
  ReplicaSchedulingStrategy duplicated;
  duplicated.type = ReplicaSchedulingType::Duplicated;
  const Case cases[] = {
      {"by score", constraint("cluster", 1, 2), std::nullopt, 100, {"member4", "member2"}, ""},
      {"duplicated ignores resources", constraint("cluster", 1, 2), duplicated, 120, {"member4", "member2"}, ""},
      {"static weight ignores constraints",
       constraint("cluster", 1, 2),
       divided(ReplicaDivisionPreference::Weighted, false, true),
       120,
       {"member4", "member2", "member3", "member1"},
       ""},
      {"swaps in capacity",
       constraint("cluster", 1, 2),
       divided(ReplicaDivisionPreference::Weighted, true, false),
       120,
       {"member4", "member3"},
       ""},
      {"insufficient resources",
       constraint("cluster", 1, 2),
       divided(ReplicaDivisionPreference::Aggregated, false, false),
       200,
       {},
       "no enough resource when selecting 2 clusters"},
      {"more groups than clusters",
       constraint("cluster", 7, 7),
       std::nullopt,
       30,
       {},
       "the number of feasible clusters is less than spreadConstraint.MinGroups"},
      {"maxGroups unset selects nothing", constraint("cluster", 1, 0), std::nullopt, 1, {}, ""},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    Placement placement;
    placement.spread_constraints = {c.cluster};
    placement.replica_scheduling = c.scheduling;
    GroupedClusters groups{clusters, {}};
    auto got = select_best_clusters(placement, groups, c.need);
    if (!c.error.empty()) {
      ASSERT_FALSE(got.ok());
      EXPECT_EQ(got.error().message, c.error);
      continue;
    }
    ASSERT_TRUE(got.ok()) << got.error().message;
    EXPECT_EQ(names_of(*got), c.expected);
  }
}

// The example in selectClustersByAvailableResource's comment.
TEST(SpreadConstraintsTest, SwapsTheLowestRankedForCapacity) {
  auto got = select_by_cluster(constraint("cluster", 1, 2),
                               {detail("member1", 60, 40), detail("member2", 50, 30), detail("member3", 40, 60)}, 80);
  ASSERT_TRUE(got.ok());
  EXPECT_EQ(names_of(*got), (std::vector<std::string>{"member1", "member3"}));
}

RegionGroup region(std::string name, std::int64_t score, std::vector<ClusterDetail> clusters) {
  return RegionGroup{std::move(name), score, 0, std::move(clusters)};
}

// Test_selectBestClustersByRegion (select_clusters_by_region_test.go).
TEST(SpreadConstraintsTest, SelectByRegionPortedVectors) {
  const std::map<std::string, RegionGroup> two{
      {"R1", region("R1", 100, {detail("member1", 100, 40), detail("member2", 80, 40)})},
      {"R2", region("R2", 80, {detail("member3", 80, 40), detail("member4", 80, 40), detail("member5", 60, 40)})}};
  const std::map<std::string, RegionGroup> four{
      {"R1", region("R1", 90, {detail("member1", 90, 40)})},
      {"R2", region("R2", 70, {detail("member2", 70, 40), detail("member3", 60, 40), detail("member4", 30, 40)})},
      {"R3", region("R3", 80, {detail("member5", 80, 40), detail("member6", 50, 60)})},
      {"R4", region("R4", 50,
                    {detail("member7", 50, 50), detail("member8", 40, 50), detail("member9", 10, 50),
                     detail("member10", 0, 50)})}};
  const std::map<std::string, RegionGroup> five{
      {"R1", region("R1", 70, {detail("member1", 70, 40)})},
      {"R2", region("R2", 40, {detail("member2", 40, 40), detail("member3", 40, 40), detail("member4", 40, 40)})},
      {"R3", region("R3", 60, {detail("member5", 60, 40), detail("member6", 50, 60)})},
      {"R4", region("R4", 70, {detail("member7", 70, 100)})},
      {"R5", region("R5", 50, {detail("member8", 50, 50)})}};
  struct Case {
    std::string name;
    const std::map<std::string, RegionGroup>* regions;
    SpreadConstraint by_region, by_cluster;
    std::vector<std::string> expected;  // empty: error
  };
  const Case cases[] = {
      {"region with the higher score",
       &two,
       constraint("region", 1, 1),
       constraint("cluster", 2, 2),
       {"member1", "member2"}},
      {"region with enough clusters",
       &two,
       constraint("region", 1, 1),
       constraint("cluster", 3, 3),
       {"member3", "member4", "member5"}},
      {"enough clusters and higher score",
       &four,
       constraint("region", 2, 2),
       constraint("cluster", 4, 5),
       {"member1", "member2", "member3", "member4"}},
      {"more than minGroups regions",
       &five,
       constraint("region", 1, 3),
       constraint("cluster", 6, 8),
       {"member1", "member5", "member2", "member6", "member3", "member4"}},
      {"not enough regions", &two, constraint("region", 3, 3), constraint("cluster", 3, 3), {}},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    auto got = select_by_region(c.by_region, c.by_cluster, *c.regions);
    if (c.expected.empty()) {
      ASSERT_FALSE(got.ok());
      EXPECT_EQ(got.error().message, "the number of feasible region is less than spreadConstraint.MinGroups");
      continue;
    }
    ASSERT_TRUE(got.ok()) << got.error().message;
    EXPECT_EQ(names_of(*got), c.expected);
  }
}

// TestSelectGroups (select_groups_test.go).
TEST(SpreadConstraintsTest, SelectGroupsPortedVectors) {
  struct Case {
    std::string name;
    std::vector<GroupCandidate> groups;
    int min, max, target;
    std::vector<std::string> expected;
  };
  const Case cases[] = {
      {"empty groups", {}, 2, 3, 1, {}},
      {"no enough groups", {{"R1", 1, 80}}, 2, 3, 1, {}},
      {"no enough value", {{"R1", 1, 80}, {"R2", 2, 30}}, 2, 3, 4, {}},
      {"select one group", {{"R1", 1, 80}}, 1, 3, 1, {"R1"}},
      {"prioritize one path",
       {{"R1", 1, 80}, {"R3", 1, 80}, {"R2", 1, 60}, {"R5", 2, 60}, {"R4", 5, 50}, {"R6", 3, 50}},
       1,
       3,
       10,
       {"R5", "R4", "R6"}},
      {"less total number",
       {{"R1", 1, 80}, {"R2", 4, 40}, {"R3", 1, 30}, {"R4", 3, 30}, {"R5", 3, 20}, {"R6", 5, 10}},
       2,
       6,
       5,
       {"R1", "R2"}},
      {"highest score",
       {{"R1", 1, 60}, {"R2", 1, 50}, {"R3", 1, 40}, {"R4", 3, 30}, {"R5", 3, 20}, {"R6", 3, 10}},
       1,
       3,
       6,
       {"R1", "R4", "R5"}},
      {"chosen earlier", {{"R1", 1, 60}, {"R2", 2, 50}, {"R3", 3, 40}, {"R4", 4, 30}}, 1, 2, 5, {"R1", "R4"}},
      {"greater value", {{"R4", 1, 60}, {"R3", 3, 50}, {"R1", 3, 40}, {"R2", 4, 30}}, 1, 2, 5, {"R3", "R1"}},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    std::vector<std::string> got;
    for (const GroupCandidate& g : select_groups(c.groups, c.min, c.max, c.target)) got.push_back(g.name);
    EXPECT_EQ(got, c.expected);
  }
}

// The worked examples in calcGroupScore and calcGroupScoreForDuplicate (group_clusters.go).
TEST(SpreadConstraintsTest, GroupScoreExamples) {
  auto group = [](std::vector<std::int64_t> scores, std::vector<std::int64_t> available) {
    std::vector<ClusterDetail> out;
    for (std::size_t i = 0; i < scores.size(); ++i)
      out.push_back(detail("m" + std::to_string(i), scores[i], available[i]));
    return out;
  };
  Placement divided_placement;
  divided_placement.replica_scheduling = divided(ReplicaDivisionPreference::Aggregated, false, false);
  divided_placement.spread_constraints = {constraint("cluster", 1, 5), constraint("region", 2, 2)};
  Placement duplicated_placement;
  struct Case {
    std::string name;
    const Placement* placement;
    std::int64_t replicas;
    std::vector<ClusterDetail> clusters;
    std::int64_t expected;
  };
  const Case cases[] = {
      {"divided, short of capacity", &divided_placement, 100, group({100, 100, 100, 100, 100}, {10, 10, 10, 10, 5}),
       45100},
      {"divided, enough capacity", &divided_placement, 100, group({0, 0, 0, 0}, {40, 30, 10, 10}), 50000},
      {"divided, balance wins", &divided_placement, 100, group({100, 100, 100, 100, 100}, {40, 40, 10, 10, 5}), 50100},
      {"divided, capacity alone", &divided_placement, 100, group({0, 0, 0, 0}, {100, 100, 10, 10}), 50000},
      {"duplicated, fewer valid clusters", &duplicated_placement, 50,
       group({100, 100, 100, 100, 100}, {60, 70, 40, 30, 10}), 2100},
      {"duplicated, more valid clusters", &duplicated_placement, 50, group({0, 0, 0, 0}, {60, 60, 60, 60}), 4000},
      {"duplicated, none valid", &duplicated_placement, 50, group({100}, {10}), 0},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    EXPECT_EQ(group_score(c.clusters, *c.placement, c.replicas, 2), c.expected);
  }
}

TEST(SpreadConstraintsTest, RankAndGroup) {
  std::vector<Cluster> inventory(3);
  inventory[0].name = "a";
  inventory[0].region = "r2";
  inventory[1].name = "b";
  inventory[1].region = "r1";
  inventory[2].name = "c";
  inventory[2].region = "r1";
  std::vector<ClusterDetail> details{detail("a", 0, 5), detail("b", 0, 5), detail("c", 0, 9)};
  for (std::size_t i = 0; i < details.size(); ++i) details[i].cluster = &inventory[i];
  details[2].overflow_order = 1;
  rank_clusters(details);
  EXPECT_EQ(names_of(details), (std::vector<std::string>{"a", "b", "c"}));  // overflow order first, then name
  Placement placement;
  placement.spread_constraints = {constraint("cluster", 1, 2), constraint("region", 1, 1)};
  GroupedClusters g = group_clusters(details, placement, 4);
  ASSERT_EQ(g.regions.size(), 2u);
  EXPECT_EQ(names_of(g.regions.at("r1").clusters), (std::vector<std::string>{"b", "c"}));
  EXPECT_EQ(g.regions.at("r1").score, 2000);  // duplicated: both hold 4 replicas
  placement.spread_constraints = {constraint("cluster", 1, 2)};
  EXPECT_TRUE(group_clusters(details, placement, 4).regions.empty());  // topology ignored
}

}  // namespace
}  // namespace fleetwave
