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

TEST(DestinationTest, ApiEndpointElseName) {
  Cluster named;
  named.name = "eu-1";
  EXPECT_EQ(destination_of(named), "eu-1");
  named.api_endpoint = "https://10.0.0.1:6443";
  EXPECT_EQ(destination_of(named), "https://10.0.0.1:6443");
}

}  // namespace
}  // namespace fleetwave
