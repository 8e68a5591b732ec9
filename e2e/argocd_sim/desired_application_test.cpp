#include "argocd_sim/desired_application.h"

#include <gtest/gtest.h>

#include "testkit/fakes/fake_argocd_apps.h"

namespace fleetwave::sim {
namespace {

const std::string kRepo = "http://127.0.0.1:8080/git/fleet";
const std::string kPin = "0123456789abcdef0123456789abcdef01234567";

DesiredApp web(const std::string& cluster, const std::string& server) {
  return desired_applications({{"web", {TargetEntry{"web", cluster, server, "canary", kPin, "apps/web"}}}})
      .begin()
      ->second;
}

TEST(DesiredApplicationTest, OneApplicationPerEntryNamedAppDashCluster) {
  std::map<std::string, std::vector<TargetEntry>> appsets = {
      {"web", {{"web", "eu-1", "eu-1", "canary", kPin, "apps/web"}, {"web", "us-1", "us-1", "rest", kPin, "apps/web"}}},
      {"api", {{"api", "eu-1", "eu-1", "canary", kPin, "apps/api"}}},
      {"empty", {}}};
  std::map<std::string, DesiredApp> apps = desired_applications(appsets);
  std::vector<std::string> names;
  for (const auto& [name, app] : apps) names.push_back(name);
  EXPECT_EQ(names, (std::vector<std::string>{"api-eu-1", "web-eu-1", "web-us-1"}));
  EXPECT_EQ(apps.at("web-us-1").appset, "web");
  EXPECT_EQ(apps.at("web-us-1").entry.wave, "rest");
}

TEST(DesiredApplicationTest, DestinationIsServerForUrlsAndNameOtherwise) {
  struct Case {
    const char* name;
    const char* server;
    Json want;
  };
  const Case cases[] = {
      {"cluster name", "eu-1", {{"name", "eu-1"}}},
      {"https url", "https://eu-1.example.com:6443", {{"server", "https://eu-1.example.com:6443"}}},
      {"in-cluster", "https://kubernetes.default.svc", {{"server", "https://kubernetes.default.svc"}}},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    EXPECT_EQ(template_destination(web("eu-1", c.server)), c.want);
  }
}

TEST(DesiredApplicationTest, NewApplicationHasTheAppSetTemplateAndAnEmptyComparison) {
  Json app = new_application(web("eu-1", "eu-1"), kRepo, 1767225600000);
  EXPECT_EQ(app["kind"], "Application");
  EXPECT_EQ(app["metadata"]["name"], "web-eu-1");
  EXPECT_EQ(app["metadata"]["namespace"], "argocd");
  EXPECT_EQ(testkit::labels_of(app),
            (std::map<std::string, std::string>{
                {"fleetwave.io/app", "web"}, {"fleetwave.io/cluster", "eu-1"}, {"fleetwave.io/wave", "canary"}}));
  EXPECT_EQ(app["metadata"]["ownerReferences"][0]["kind"], "ApplicationSet");
  EXPECT_EQ(app["metadata"]["ownerReferences"][0]["name"], "web");
  EXPECT_EQ(app["metadata"]["creationTimestamp"], "2026-01-01T00:00:00Z");
  Json source = {{"repoURL", kRepo},
                 {"path", "apps/web"},
                 {"targetRevision", kPin},
                 {"plugin",
                  {{"name", "fleetwave"},
                   {"env", Json::array({{{"name", "FLEETWAVE_CLUSTER"}, {"value", "eu-1"}},
                                        {{"name", "FLEETWAVE_CORDONS"}, {"value", ""}}})}}}};
  EXPECT_EQ(app["spec"]["source"], source);
  EXPECT_EQ(app["spec"]["destination"], Json({{"name", "eu-1"}}));
  EXPECT_EQ(app["spec"]["project"], "default");
  EXPECT_EQ(app["spec"]["syncPolicy"], Json({{"automated", {{"prune", true}, {"selfHeal", true}}}}));
  EXPECT_EQ(app["status"]["sync"], Json({{"status", "OutOfSync"}}));
  EXPECT_EQ(app["status"]["health"], Json({{"status", "Missing"}}));
  EXPECT_EQ(app["status"]["sourceType"], "Plugin");
  EXPECT_FALSE(app["status"].contains("operationState"));
}

TEST(DesiredApplicationTest, ApplyTemplateUpdatesLabelsAndSpecButNotStatus) {
  Json app = new_application(web("eu-1", "eu-1"), kRepo, 0);
  app["status"]["health"] = {{"status", "Healthy"}};
  DesiredApp moved = web("eu-1", "https://eu-1.example.com");
  moved.entry.revision = "fedcba9876543210fedcba9876543210fedcba98";
  moved.entry.wave = "europe";
  apply_template(app, moved, kRepo);
  EXPECT_EQ(app["metadata"]["labels"]["fleetwave.io/wave"], "europe");
  EXPECT_EQ(app["spec"]["source"]["targetRevision"], moved.entry.revision);
  EXPECT_EQ(app["spec"]["destination"], Json({{"server", "https://eu-1.example.com"}}));
  EXPECT_EQ(app["status"]["health"]["status"], "Healthy");
}

}  // namespace
}  // namespace fleetwave::sim
