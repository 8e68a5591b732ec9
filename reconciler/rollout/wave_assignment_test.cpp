// Assigning reached clusters to waves: the first wave that selects a cluster takes it, and a
// reached cluster no wave selects is an error naming it.
#include "rollout/wave_assignment.h"

#include <gtest/gtest.h>

#include "codec/yaml_codec.h"

namespace fleetwave {
namespace {

Json yaml(const std::string& text) {
  auto docs = parse_yaml_stream(text, "test.yaml");
  EXPECT_TRUE(docs.ok());
  return docs->front().value;
}

Cluster cluster(const std::string& name, const std::string& geo) {
  Problems problems;
  Cluster c = parse_cluster(yaml("apiVersion: cluster.karmada.io/v1alpha1\nkind: Cluster\nmetadata:\n  name: " + name +
                                 "\n  labels: {geo: " + geo + "}\nspec:\n  syncMode: Push\n"),
                            problems);
  EXPECT_TRUE(problems.empty());
  return c;
}

WavePlan plan(const std::string& waves) {
  Problems problems;
  WavePlan p = parse_wave_plan(
      yaml("apiVersion: fleetwave.io/v1alpha1\nkind: WavePlan\nmetadata: {name: shop}\nspec:\n  waves:\n" + waves),
      problems);
  EXPECT_TRUE(problems.empty());
  return p;
}

const std::vector<Cluster> kInventory = {cluster("dev-1", "us"), cluster("eu-2", "eu"), cluster("eu-1", "eu"),
                                         cluster("us-1", "us")};

TEST(WaveAssignmentTest, FirstSelectingWaveTakesEachCluster) {
  struct Case {
    std::string name;
    std::string waves;
    std::vector<std::string> reached;
    std::vector<std::vector<std::string>> want;
  };
  const std::vector<Case> cases = {
      {"canary, europe, rest",
       "  - {name: canary, clusters: {clusterNames: [dev-1]}}\n"
       "  - {name: europe, clusters: {labelSelector: {matchLabels: {geo: eu}}}}\n"
       "  - {name: rest, clusters: {}}\n",
       {"us-1", "eu-2", "dev-1", "eu-1"},
       {{"dev-1"}, {"eu-1", "eu-2"}, {"us-1"}}},
      {"an earlier wave wins",
       "  - {name: all, clusters: {}}\n  - {name: europe, clusters: {labelSelector: {matchLabels: {geo: eu}}}}\n",
       {"eu-1", "dev-1"},
       {{"dev-1", "eu-1"}, {}}},
      {"only what is reached", "  - {name: rest, clusters: {}}\n", {"eu-1"}, {{"eu-1"}}},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    auto got = assign_waves(plan(c.waves), c.reached, kInventory);
    ASSERT_TRUE(got.ok()) << got.error().to_string();
    EXPECT_EQ(got->clusters, c.want);
  }
}

TEST(WaveAssignmentTest, ReachedClusterWithoutAWaveIsAnError) {
  auto got = assign_waves(plan("  - {name: europe, clusters: {labelSelector: {matchLabels: {geo: eu}}}}\n"),
                          {"dev-1", "eu-1", "mars-1"}, kInventory);
  ASSERT_FALSE(got.ok());
  EXPECT_EQ(got.error().kind, ErrorKind::InvalidInput);
  EXPECT_EQ(got.error().field, "spec.waves");
  EXPECT_EQ(got.error().message,
            "the app reaches cluster(s) dev-1, mars-1 but no wave selects them; add them to a wave or end the plan "
            "with a catch-all wave (clusters: {})");
}

TEST(WaveAssignmentTest, FindsTheWaveOfACluster) {
  auto got =
      assign_waves(plan("  - {name: canary, clusters: {clusterNames: [dev-1]}}\n  - {name: rest, clusters: {}}\n"),
                   {"dev-1", "eu-1", "us-1"}, kInventory);
  ASSERT_TRUE(got.ok());
  EXPECT_EQ(got->wave_of("dev-1"), 0);
  EXPECT_EQ(got->wave_of("us-1"), 1);
  EXPECT_EQ(got->wave_of("eu-2"), -1);
  EXPECT_EQ(got->total(), 3u);
}

}  // namespace
}  // namespace fleetwave
