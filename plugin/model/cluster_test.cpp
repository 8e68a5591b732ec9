#include "model/cluster.h"

#include <gtest/gtest.h>

namespace fleetwave {
namespace {

struct ApiCase {
  std::string name;
  std::string status;  // JSON of status
  bool deployment_enabled;
};

TEST(ClusterModel, ApiEnablementFollowsKarmadaWhenTheListIsPresent) {
  std::vector<ApiCase> cases = {
      {"no discovery data: every API enabled (fleetwave's convention)", "{}", true},
      {"empty list: no discovery data", R"({"apiEnablements":[]})", true},
      {"listed",
       R"({"apiEnablements":[{"groupVersion":"apps/v1","resources":[{"name":"deployments","kind":"Deployment"}]}]})",
       true},
      {"another kind only",
       R"({"apiEnablements":[{"groupVersion":"apps/v1","resources":[{"name":"statefulsets","kind":"StatefulSet"}]}]})",
       false},
      {"group version without resources lists nothing", R"({"apiEnablements":[{"groupVersion":"apps/v1"}]})", false},
  };
  for (const ApiCase& c : cases) {
    SCOPED_TRACE(c.name);
    Json object = {{"metadata", {{"name", "a"}}}, {"status", Json::parse(c.status)}};
    Problems problems;
    Cluster cluster = parse_cluster(object, problems);
    EXPECT_TRUE(problems.empty());
    EXPECT_EQ(cluster_api_enabled(cluster, "apps/v1", "Deployment"), c.deployment_enabled);
  }
}

TEST(ClusterModel, LegacyZoneMigratesToZones) {
  Problems problems;
  Cluster c = parse_cluster(Json::parse(R"({"metadata":{"name":"a"},"spec":{"zone":"z1"}})"), problems);
  EXPECT_EQ(c.zones, std::vector<std::string>{"z1"});
  c = parse_cluster(Json::parse(R"({"metadata":{"name":"a"},"spec":{"zone":"z1","zones":["z2"]}})"), problems);
  EXPECT_EQ(c.zones, std::vector<std::string>{"z2"});
}

}  // namespace
}  // namespace fleetwave
