// The render cache against the in-memory Git repository: an app's reach is rendered once per
// input digest, so commits that leave the app's inputs alone reuse it and a change renders anew.
#include "reconcile/reach_cache.h"

#include <gtest/gtest.h>

#include "testkit/builders/fleet_files.h"
#include "testkit/fakes/in_memory_git_repository.h"

namespace fleetwave {
namespace {

class ReachCacheTest : public ::testing::Test {
 protected:
  void SetUp() override { repo_.seed(testkit::fleet_files()); }

  Result<std::shared_ptr<const AppReach>, ErrorList> reach() {
    RepoSnapshot snapshot(repo_, blobs_, repo_.branch("main"));
    return cache_.reach(snapshot, "apps/shop");
  }

  testkit::InMemoryGitRepository repo_;
  BlobCache blobs_;
  ReachCache cache_;
};

TEST_F(ReachCacheTest, RendersTheReachOnce) {
  auto first = reach();
  ASSERT_TRUE(first.ok()) << first.error().front().to_string();
  EXPECT_EQ((*first)->clusters, (std::vector<std::string>{"dev-1", "eu-1", "eu-2", "us-1"}));
  EXPECT_EQ((*first)->servers.at("eu-1"), "https://eu-1.example.com:6443");
  EXPECT_EQ((*first)->inventory.size(), 4u);

  repo_.commit_on("main", {{"README.md", "unrelated\n"}}, "docs");
  auto same = reach();
  ASSERT_TRUE(same.ok());
  EXPECT_EQ(same->get(), first->get()) << "same inputs: the cached reach";

  repo_.commit_on("main", {{"clusters/us-1.yaml", std::nullopt}}, "drop us-1");
  auto changed = reach();
  ASSERT_TRUE(changed.ok());
  EXPECT_NE(changed->get(), first->get());
  EXPECT_EQ((*changed)->clusters, (std::vector<std::string>{"dev-1", "eu-1", "eu-2"}));
}

TEST_F(ReachCacheTest, RenderErrorsNameTheFile) {
  repo_.commit_on("main", {{"apps/shop/deploy.yaml", "kind: [\n"}}, "broken");
  auto got = reach();
  ASSERT_FALSE(got.ok());
  ASSERT_FALSE(got.error().empty());
  EXPECT_EQ(got.error().front().pos.file, "apps/shop/deploy.yaml") << got.error().front().to_string();
}

// A cluster that keeps only the Namespace keeps its Application under Karmada's default, so only
// the Deployment leaves it; under FleetSettings namespaceOnlyClusters: skip it loses its
// Application, and with it everything the Application held.
TEST_F(ReachCacheTest, ACandidateThatSkipsANamespaceOnlyClusterDeletesAllItHeld) {
  const std::string stable = repo_.commit_on(
      "main", {{"apps/shop/namespace.yaml", "apiVersion: v1\nkind: Namespace\nmetadata: {name: shop}\n"}}, "ns");
  const std::string narrow =
      "apiVersion: policy.karmada.io/v1alpha1\nkind: PropagationPolicy\nmetadata: {name: shop, namespace: shop}\n"
      "spec:\n  resourceSelectors: [{apiVersion: apps/v1, kind: Deployment}]\n"
      "  placement: {clusterAffinity: {clusterNames: [dev-1, us-1]}}\n";
  auto deleted_from_eu1 = [&](const std::string& setting) {
    const std::string candidate =
        repo_.commit_on("main",
                        {{"apps/shop/policy.yaml", narrow},
                         {"policies/fleet.yaml",
                          "apiVersion: fleetwave.io/v1alpha1\nkind: FleetSettings\nmetadata: {name: f}\n"
                          "spec: {namespaceOnlyClusters: " +
                              setting + "}\n"}},
                        setting);
    RepoSnapshot before(repo_, blobs_, stable);
    RepoSnapshot after(repo_, blobs_, candidate);
    auto found = cache_.deletions(before, after, "apps/shop", DeletionGuardPolicy{.max_deleted_objects = 100});
    std::vector<std::string> names;
    for (const ClusterDeletions& d : *found) {
      if (d.cluster != "eu-1") continue;
      for (const ObjectRef& o : d.deleted) names.push_back(o.kind + " " + o.name);
    }
    return names;
  };
  EXPECT_EQ(deleted_from_eu1("include"), std::vector<std::string>{"Deployment web"});
  EXPECT_EQ(deleted_from_eu1("skip"), (std::vector<std::string>{"Namespace shop", "Deployment web"}));
}

TEST(DestinationTest, ApiEndpointElseName) {
  Cluster named;
  named.name = "eu-1";
  EXPECT_EQ(destination_of(named), "eu-1");
  named.api_endpoint = "https://10.0.0.1:6443";
  EXPECT_EQ(destination_of(named), "https://10.0.0.1:6443");
}

}  // namespace
}  // namespace fleetwave
