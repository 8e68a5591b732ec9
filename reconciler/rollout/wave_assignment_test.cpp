// Assigning reached clusters to waves: the first wave that selects a cluster takes it, and a
// reached cluster no wave selects is an error naming it.
#include "rollout/wave_assignment.h"

#include <set>

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
       "  - {name: all, clusters: {}}\n"
       "  - {name: europe, clusters: {labelSelector: {matchLabels: {geo: eu}}}, allowEmpty: true}\n",
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

// Issue 25 (1): a wave that takes no cluster is an error (a typo in clusterNames skipped the
// canary silently), naming the unknown cluster and the nearest one, unless it may be empty.
TEST(WaveAssignmentTest, AnEmptyWaveIsAnErrorUnlessAllowed) {
  const std::string waves = "  - {name: canary, clusters: {clusterNames: [dev-9]}}\n  - {name: rest, clusters: {}}\n";
  auto got = assign_waves(plan(waves), {"dev-1", "eu-1"}, kInventory);
  ASSERT_FALSE(got.ok());
  EXPECT_EQ(got.error().field, "spec.waves[0]");
  EXPECT_EQ(got.error().message,
            "wave canary takes no cluster (the app reaches 2); clusterNames: dev-9 is not a cluster of the inventory "
            "(did you mean dev-1?); fix its clusters, or set allowEmpty: true on the wave if it may be empty");
  auto allowed = assign_waves(
      plan("  - {name: canary, clusters: {clusterNames: [dev-9]}, allowEmpty: true}\n  - {name: rest, clusters: {}}\n"),
      {"dev-1", "eu-1"}, kInventory);
  ASSERT_TRUE(allowed.ok()) << allowed.error().to_string();
  EXPECT_EQ(allowed->clusters, (std::vector<std::vector<std::string>>{{}, {"dev-1", "eu-1"}}));
}

TEST(WaveAssignmentTest, ReachedClusterWithoutAWaveIsAnError) {
  auto got = assign_waves(plan("  - {name: europe, clusters: {labelSelector: {matchLabels: {geo: eu}}}}\n"),
                          {"dev-1", "eu-1", "mars-1"}, kInventory);
  ASSERT_FALSE(got.ok());
  EXPECT_EQ(got.error().kind, ErrorKind::InvalidInput);
  EXPECT_EQ(got.error().field, "spec.waves");
  EXPECT_EQ(got.error().message,
            "the app reaches cluster(s) dev-1, mars-1 but no wave takes them; add them to a wave or end the plan "
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

namespace fleetwave {
namespace {

std::vector<Cluster> numbered(const std::string& prefix, int n, const std::string& geo) {
  std::vector<Cluster> out;
  for (int i = 1; i <= n; ++i) out.push_back(cluster(prefix + std::to_string(i), geo));
  return out;
}

std::vector<std::string> names(const std::vector<Cluster>& clusters) {
  std::vector<std::string> out;
  for (const Cluster& c : clusters) out.push_back(c.name);
  std::sort(out.begin(), out.end());
  return out;
}

TEST(WaveAssignmentTest, ASizedWaveTakesAShareRoundedUpAndLeavesTheRestToLaterWaves) {
  std::vector<Cluster> inventory = numbered("prod-", 25, "eu");
  WavePlan p = plan("  - name: canary\n    size: 10%\n  - name: half\n    size: 50%\n  - name: rest\n");
  auto waves = assign_waves(p, names(inventory), inventory);
  ASSERT_TRUE(waves.ok()) << waves.error().to_string();
  EXPECT_EQ(waves->clusters[0].size(), 3u) << "10% of 25 rounds up to 3";
  EXPECT_EQ(waves->clusters[1].size(), 11u) << "50% of the 22 left rounds up to 11";
  EXPECT_EQ(waves->clusters[2].size(), 11u);
  EXPECT_EQ(waves->total(), 25u);
  // The same on every run, and by the spread order.
  auto again = assign_waves(p, names(inventory), inventory);
  EXPECT_EQ(again->clusters, waves->clusters);
  std::vector<std::string> all = names(inventory);
  std::sort(all.begin(), all.end(),
            [](const std::string& a, const std::string& b) { return spread_key("shop", a) < spread_key("shop", b); });
  std::vector<std::string> first3(all.begin(), all.begin() + 3);
  std::sort(first3.begin(), first3.end());
  EXPECT_EQ(waves->clusters[0], first3);
}

TEST(WaveAssignmentTest, SizesAreCountsOrSharesOfWhatTheSelectorMatches) {
  std::vector<Cluster> inventory = numbered("eu-", 4, "eu");
  for (const Cluster& c : numbered("us-", 4, "us")) inventory.push_back(c);
  WavePlan p = plan(
      "  - name: one\n    size: 1\n  - name: eu\n    clusters: {labelSelector: {matchLabels: {geo: eu}}}\n"
      "    size: 1%\n  - name: big\n    size: 100\n");
  auto waves = assign_waves(p, names(inventory), inventory);
  ASSERT_TRUE(waves.ok()) << waves.error().to_string();
  EXPECT_EQ(waves->clusters[0].size(), 1u);
  ASSERT_EQ(waves->clusters[1].size(), 1u) << "1% of a few clusters is still one";
  EXPECT_EQ(waves->clusters[1][0].rfind("eu-", 0), 0u);
  EXPECT_EQ(waves->clusters[2].size(), 6u) << "a count larger than what is left takes all of it";
}

TEST(WaveAssignmentTest, CanariesSpreadAcrossApps) {
  std::vector<Cluster> inventory = numbered("prod-", 100, "eu");
  std::set<std::string> canaries;
  for (int app = 0; app < 20; ++app) {
    WavePlan p = plan("  - name: canary\n    size: 1\n  - name: rest\n");
    p.name = "app-" + std::to_string(app);
    auto waves = assign_waves(p, names(inventory), inventory);
    ASSERT_TRUE(waves.ok());
    canaries.insert(waves->clusters[0].at(0));
  }
  EXPECT_GE(canaries.size(), 10u) << "20 apps should not share one or two canary clusters";
}

TEST(WaveAssignmentTest, ClustersASizedWaveLeavesWithoutACatchAllAreAnError) {
  std::vector<Cluster> inventory = numbered("prod-", 3, "eu");
  auto waves = assign_waves(plan("  - name: canary\n    size: 1\n"), names(inventory), inventory);
  ASSERT_FALSE(waves.ok());
  EXPECT_NE(waves.error().message.find("but no wave takes them"), std::string::npos) << waves.error().message;
}

TEST(WaveAssignmentTest, SizeMustBeAPositiveCountOrAShareUpTo100Percent) {
  for (const char* bad : {"0", "0%", "150%", "-1", "ten"}) {
    Problems problems;
    parse_wave_plan(yaml(std::string("apiVersion: fleetwave.io/v1alpha1\nkind: WavePlan\nmetadata: {name: shop}\n"
                                     "spec:\n  waves:\n  - name: canary\n    size: ") +
                         bad + "\n"),
                    problems);
    ASSERT_EQ(problems.size(), 1u) << bad;
    EXPECT_EQ(problems.list()[0].field, "spec.waves[0].size") << bad;
  }
}

}  // namespace
}  // namespace fleetwave
