#include "reconcile/observer.h"

#include <gtest/gtest.h>

#include "testkit/fakes/in_memory_argocd.h"

namespace fleetwave {
namespace {

ApplicationSummary app(const std::string& name, const std::string& cluster, const std::string& revision) {
  ApplicationSummary s;
  s.name = name;
  if (!cluster.empty()) s.labels[kClusterLabel] = cluster;
  s.labels["fleetwave.io/app"] = "web";
  s.observation.name = name;
  s.observation.sync_revision = revision;
  return s;
}

TEST(ArgoCdObservationsTest, KeysByClusterLabel) {
  struct Case {
    const char* name;
    std::vector<ApplicationSummary> apps;
    std::map<std::string, std::string> want;  // cluster -> chosen Application name
    std::vector<std::string> want_notes;
  };
  const Case cases[] = {
      {"empty", {}, {}, {}},
      {"one per cluster", {app("web-a", "a", "r1"), app("web-b", "b", "r2")}, {{"a", "web-a"}, {"b", "web-b"}}, {}},
      {"unlabelled skipped", {app("web-a", "a", "r1"), app("other", "", "r2")}, {{"a", "web-a"}}, {}},
      {"duplicate keeps smallest name",
       {app("web-a2", "a", "r2"), app("web-a1", "a", "r1"), app("web-b", "b", "r3")},
       {{"a", "web-a1"}, {"b", "web-b"}},
       {"cluster a has 2 Argo CD Applications (web-a1, web-a2); using web-a1"}},
      {"duplicate order independent",
       {app("web-a1", "a", "r1"), app("web-a2", "a", "r2")},
       {{"a", "web-a1"}},
       {"cluster a has 2 Argo CD Applications (web-a1, web-a2); using web-a1"}},
      {"three claims, two clusters",
       {app("web-b2", "b", "r1"), app("web-a3", "a", "r2"), app("web-b1", "b", "r3"), app("web-a2", "a", "r4"),
        app("web-a1", "a", "r5")},
       {{"a", "web-a1"}, {"b", "web-b1"}},
       {"cluster a has 3 Argo CD Applications (web-a1, web-a2, web-a3); using web-a1",
        "cluster b has 2 Argo CD Applications (web-b1, web-b2); using web-b1"}},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    Observations got = observations_from(c.apps);
    EXPECT_TRUE(got.reachable);
    EXPECT_EQ(got.error, "");
    std::map<std::string, std::string> chosen;
    for (const auto& [cluster, o] : got.by_cluster) chosen[cluster] = o.name;
    EXPECT_EQ(chosen, c.want);
    EXPECT_EQ(got.duplicates, c.want_notes);
  }
}

TEST(ArgoCdObservationsTest, KeepsTheObservationOfTheChosenApp) {
  Observations got =
      observations_from(std::vector<ApplicationSummary>{app("web-a2", "a", "r2"), app("web-a1", "a", "r1")});
  ASSERT_EQ(got.by_cluster.count("a"), 1u);
  EXPECT_EQ(got.by_cluster.at("a").sync_revision, "r1");
}

TEST(ArgoCdObservationsTest, UnreachableCarriesRedactedError) {
  Result<std::vector<ApplicationSummary>> failed =
      transient("Argo CD at https://admin:pw@argocd.example.com unreachable: connection failed");
  Observations got = observations_from(failed);
  EXPECT_FALSE(got.reachable);
  EXPECT_EQ(got.error, "Argo CD at https://***@argocd.example.com unreachable: connection failed");
  EXPECT_TRUE(got.by_cluster.empty());
  // Judged Unknown, never success nor failure.
  EXPECT_EQ(judge_cluster(got, "a", "r1").verdict, Verdict::Unknown);
}

// What `fleetwave status` and serve's status API ask for apps the cycle did not observe: several
// apps in one request, split by app, exactly as asking app by app would see them.
TEST(ObserveAppsTest, SeveralAppsInOneRequestSeeWhatEachWouldAlone) {
  testkit::InMemoryArgoCd argocd;
  argocd.sync_to(Json::parse(R"([{"app": "web", "cluster": "a", "revision": "r1", "wave": "1"},
                                 {"app": "db", "cluster": "a", "revision": "r2", "wave": "1"},
                                 {"app": "db", "cluster": "b", "revision": "r3", "wave": "2"}])"),
                 1'000);
  const std::vector<std::string> apps = {"web", "db", "idle"};
  auto summary = [](const Observations& o) {
    std::map<std::string, std::string> out;  // cluster -> Application name @ synced revision
    for (const auto& [cluster, a] : o.by_cluster) out[cluster] = a.name + "@" + a.sync_result_revision;
    return out;
  };
  std::map<std::string, Observations> alone;
  for (const std::string& app : apps) ArgoCdObserver(argocd).observe(app, alone[app]);

  const std::size_t before = argocd.queries();
  std::map<std::string, Observations> together;
  observe_apps(argocd, apps, together);
  EXPECT_EQ(argocd.queries() - before, 1u);
  for (const std::string& app : apps) {
    SCOPED_TRACE(app);
    EXPECT_TRUE(together[app].reachable);
    EXPECT_EQ(summary(together[app]), summary(alone[app]));
  }
  EXPECT_EQ(summary(together["db"]), (std::map<std::string, std::string>{{"a", "db-a@r2"}, {"b", "db-b@r3"}}));
  EXPECT_TRUE(together["idle"].by_cluster.empty());

  // Many apps, more than a URL should list (so every labelled Application is asked for): still
  // one list, the same answers, and nothing of an app not asked for.
  std::vector<std::string> many;
  for (std::size_t i = 0; i < 200; ++i) many.push_back("app-with-a-longer-name-" + std::to_string(i));
  many.push_back("db");
  const std::size_t asked = argocd.queries();
  std::map<std::string, Observations> all;
  observe_apps(argocd, many, all);
  EXPECT_EQ(argocd.queries() - asked, 1u);
  EXPECT_EQ(summary(all["db"]), summary(alone["db"]));
  EXPECT_TRUE(all["app-with-a-longer-name-0"].reachable && all["app-with-a-longer-name-0"].by_cluster.empty());
  EXPECT_EQ(all.count("web"), 0u);

  // One app: its own query, as before. Argo CD down: every app says why.
  std::map<std::string, Observations> one;
  observe_apps(argocd, {"web"}, one);
  EXPECT_EQ(summary(one["web"]), summary(alone["web"]));
  argocd.set_unreachable(true);
  std::map<std::string, Observations> down;
  observe_apps(argocd, apps, down);
  for (const std::string& app : apps) {
    EXPECT_FALSE(down[app].reachable) << app;
    EXPECT_NE(down[app].error.find("unreachable"), std::string::npos) << down[app].error;
  }
}

}  // namespace
}  // namespace fleetwave
