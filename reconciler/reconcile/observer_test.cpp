#include "reconcile/observer.h"

#include <gtest/gtest.h>

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
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    std::vector<std::string> notes;
    Observations got = observations_from(c.apps, &notes);
    EXPECT_TRUE(got.reachable);
    EXPECT_EQ(got.error, "");
    std::map<std::string, std::string> chosen;
    for (const auto& [cluster, o] : got.by_cluster) chosen[cluster] = o.name;
    EXPECT_EQ(chosen, c.want);
    EXPECT_EQ(notes, c.want_notes);
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

}  // namespace
}  // namespace fleetwave
