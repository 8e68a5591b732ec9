#include "match/selector_match.h"

#include <gtest/gtest.h>

namespace fleetwave {
namespace {

Cluster cluster(std::string name, StringMap labels, std::string provider, std::string region,
                std::vector<std::string> zones) {
  Cluster c;
  c.name = std::move(name);
  c.labels = std::move(labels);
  c.provider = std::move(provider);
  c.region = std::move(region);
  c.zones = std::move(zones);
  return c;
}

ClusterAffinity parse(const std::string& json) {
  Problems problems;
  ClusterAffinity a = parse_cluster_affinity(Json::parse(json), {}, problems);
  EXPECT_TRUE(problems.empty()) << to_string(problems.list());
  return a;
}

struct MatchCase {
  std::string name;
  std::string affinity;
  bool matches;
};

TEST(ClusterMatches, FollowsKarmadaClusterMatches) {
  Cluster c =
      cluster("eu-1", {{"geo", "eu"}, {"tier", "gold"}}, "gcp", "europe-west1", {"europe-west1-b", "europe-west1-c"});
  std::vector<MatchCase> cases = {
      {"empty affinity matches all", "{}", true},
      {"cluster names", R"({"clusterNames":["eu-1","eu-2"]})", true},
      {"not in cluster names", R"({"clusterNames":["eu-2"]})", false},
      {"exclude wins", R"({"clusterNames":["eu-1"],"exclude":["eu-1"]})", false},
      {"label selector", R"({"labelSelector":{"matchLabels":{"geo":"eu"}}})", true},
      {"label expression NotIn",
       R"({"labelSelector":{"matchExpressions":[{"key":"tier","operator":"NotIn","values":["gold"]}]}})", false},
      {"region In",
       R"({"fieldSelector":{"matchExpressions":[{"key":"region","operator":"In","values":["europe-west1"]}]}})", true},
      {"provider NotIn",
       R"({"fieldSelector":{"matchExpressions":[{"key":"provider","operator":"NotIn","values":["aws"]}]}})", true},
      {"zone In: any overlap",
       R"({"fieldSelector":{"matchExpressions":[{"key":"zone","operator":"In","values":["europe-west1-c"]}]}})", true},
      {"zone NotIn: no listed zone",
       R"({"fieldSelector":{"matchExpressions":[{"key":"zone","operator":"NotIn","values":["europe-west1-c"]}]}})",
       false},
      {"region In without values cannot convert: nothing matches",
       R"({"fieldSelector":{"matchExpressions":[{"key":"region","operator":"In","values":[]}]}})", false},
      {"region NotIn without values cannot convert either",
       R"({"fieldSelector":{"matchExpressions":[{"key":"region","operator":"NotIn"}]}})", false},
      {"label selector with a bad operator is admitted and matches nothing",
       R"({"labelSelector":{"matchExpressions":[{"key":"geo","operator":"Equals","values":["eu"]}]}})", false},
      {"label In without values matches nothing",
       R"({"labelSelector":{"matchExpressions":[{"key":"geo","operator":"In"}]}})", false},
      {"invalid label value matches nothing", R"({"labelSelector":{"matchLabels":{"geo":"eu west"}}})", false},
  };
  for (const MatchCase& m : cases) {
    SCOPED_TRACE(m.name);
    EXPECT_EQ(cluster_matches(c, parse(m.affinity)), m.matches);
  }
  // A cluster without a region: NotIn matches (the field is absent), In does not.
  Cluster bare = cluster("bare", {}, "", "", {});
  EXPECT_TRUE(cluster_matches(
      bare, parse(R"({"fieldSelector":{"matchExpressions":[{"key":"region","operator":"NotIn","values":["x"]}]}})")));
  EXPECT_FALSE(cluster_matches(
      bare, parse(R"({"fieldSelector":{"matchExpressions":[{"key":"region","operator":"In","values":["x"]}]}})")));
}

}  // namespace
}  // namespace fleetwave
