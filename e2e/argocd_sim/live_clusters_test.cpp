#include "argocd_sim/live_clusters.h"

#include <gtest/gtest.h>

namespace fleetwave::sim {
namespace {

Json object(const std::string& kind, const std::string& name, const std::string& image = "") {
  Json o = {{"apiVersion", kind == "Deployment" ? "apps/v1" : "v1"},
            {"kind", kind},
            {"metadata", {{"name", name}, {"namespace", "web"}}}};
  if (!image.empty()) o["spec"] = {{"template", {{"spec", {{"containers", {{{"name", "c"}, {"image", image}}}}}}}}};
  return o;
}

std::vector<std::string> names(const Json& objects) {
  std::vector<std::string> out;
  for (const Json& o : objects) out.push_back(string_at(o, {"kind"}) + "/" + string_at(o, {"metadata", "name"}));
  return out;
}

TEST(LiveClustersTest, ApplyCreatesUpdatesAndPrunes) {
  struct Step {
    const char* name;
    std::vector<Json> objects;
    std::size_t created, updated, unchanged, pruned;
    std::vector<std::string> live;
  };
  const Step steps[] = {
      {"first sync creates",
       {object("Deployment", "d", "img:1"), object("ConfigMap", "c")},
       2,
       0,
       0,
       0,
       {"Deployment/d", "ConfigMap/c"}},  // apiVersion order: apps/v1 before v1
      {"same objects change nothing",
       {object("ConfigMap", "c"), object("Deployment", "d", "img:1")},
       0,
       0,
       2,
       0,
       {"Deployment/d", "ConfigMap/c"}},  // apiVersion order: apps/v1 before v1
      {"new image updates, dropped object is pruned",
       {object("Deployment", "d", "img:2")},
       0,
       1,
       0,
       1,
       {"Deployment/d"}},
  };
  LiveClusters live;
  for (const Step& s : steps) {
    SCOPED_TRACE(s.name);
    ApplyResult r = live.apply("eu-1", "web", s.objects);
    EXPECT_EQ(r.created, s.created);
    EXPECT_EQ(r.updated, s.updated);
    EXPECT_EQ(r.unchanged, s.unchanged);
    EXPECT_EQ(r.pruned, s.pruned);
    EXPECT_EQ(r.changed(), s.created + s.updated + s.pruned > 0);
    EXPECT_EQ(names(*live.objects("eu-1")), s.live);
  }
}

TEST(LiveClustersTest, AppsShareAClusterAndRemovalPrunesOnlyTheirObjects) {
  LiveClusters live;
  live.add_cluster("us-1");
  EXPECT_EQ(live.objects("us-1")->size(), 0u);
  EXPECT_FALSE(live.objects("nowhere").has_value());
  (void)live.apply("us-1", "web", {object("Service", "web")});
  (void)live.apply("us-1", "api", {object("Service", "api"), object("ConfigMap", "api")});
  EXPECT_EQ(names(*live.objects("us-1")), (std::vector<std::string>{"ConfigMap/api", "Service/api", "Service/web"}));
  EXPECT_EQ(live.remove("us-1", "api"), 2u);
  EXPECT_EQ(live.remove("us-1", "api"), 0u);
  EXPECT_EQ(names(*live.objects("us-1")), (std::vector<std::string>{"Service/web"}));
  EXPECT_EQ(live.clusters(), (std::vector<std::string>{"us-1"}));
}

}  // namespace
}  // namespace fleetwave::sim
