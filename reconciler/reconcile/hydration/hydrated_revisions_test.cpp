// Argo CD's revisions in hydrated mode: a hydrated commit is read back to the pin its cluster
// directory holds; a pin, a commit without that directory and a branch name stay as they are.
#include "reconcile/hydration/hydrated_revisions.h"

#include <gtest/gtest.h>

#include "reconcile/hydration/hydrated_layout.h"
#include "testkit/fakes/in_memory_git_repository.h"

namespace fleetwave {
namespace {

TEST(HydratedRevisions, ReadsAHydratedCommitBackToThePinItHolds) {
  testkit::InMemoryGitRepository repo;
  const std::string pin = repo.seed({{"apps/shop/deploy.yaml", "kind: Deployment\n"}});
  const std::string other = std::string(40, 'b');
  const std::string hydrated =
      repo.seed({{"shop/eu-1/hydrator.metadata",
                  cluster_metadata("https://git.example.com/fleet.git", {"shop", "apps/shop", "eu-1", pin, ""})},
                 {"shop/eu-1/manifest.yaml", "kind: Deployment\n"}},
                "fleetwave/hydrated");
  std::map<std::string, Pin> pins = {{"eu-1", Pin{pin, "europe", "eu-1", 0}}, {"us-1", Pin{other, "rest", "us-1", 0}}};
  struct Case {
    std::string name;
    std::string cluster;
    std::string reported;
    std::string read;
  } cases[] = {
      {"hydrated commit", "eu-1", hydrated, pin},
      {"already the pin (plugin mode)", "eu-1", pin, pin},
      {"a commit without the cluster's directory", "us-1", hydrated, hydrated},
      {"unknown commit", "eu-1", std::string(40, 'c'), std::string(40, 'c')},
      {"a branch name", "eu-1", "fleetwave/hydrated", "fleetwave/hydrated"},
      {"nothing synced yet", "eu-1", "", ""},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    Observations seen;
    AppObservation& o = seen.by_cluster[c.cluster];
    o.sync_revision = o.operation_revision = o.sync_result_revision = c.reported;
    read_hydrated_revisions(repo, "shop", pins, seen);
    EXPECT_EQ(o.sync_revision, c.read);
    EXPECT_EQ(o.operation_revision, c.read);
    EXPECT_EQ(o.sync_result_revision, c.read);
  }
}

// A new pin with the same bytes is compared (Synced) but never applied again by Argo CD: the
// commit last applied holds the same manifest.yaml blob, so the cluster runs the pin's bytes.
TEST(HydratedRevisions, ANewPinWithTheSameBytesCountsAsApplied) {
  testkit::InMemoryGitRepository repo;
  const std::string old_pin = repo.seed({{"apps/shop/deploy.yaml", "kind: Deployment\n"}});
  const std::string pin = repo.commit_on("main", {{"apps/shop/other.yaml", "kind: ConfigMap\n"}}, "release");
  const std::string url = "https://git.example.com/fleet.git";
  auto metadata = [&](const std::string& rev) { return cluster_metadata(url, {"shop", "apps/shop", "eu-1", rev, ""}); };
  const std::string before =
      repo.seed({{"shop/eu-1/hydrator.metadata", metadata(old_pin)}, {"shop/eu-1/manifest.yaml", "kind: Deployment\n"}},
                "fleetwave/hydrated");
  const std::string same =
      repo.commit_on("fleetwave/hydrated", {{"shop/eu-1/hydrator.metadata", metadata(pin)}}, "pin");
  const std::string changed =
      repo.commit_on("fleetwave/hydrated",
                     {{"shop/eu-1/manifest.yaml", std::optional<std::string>("kind: Deployment\nx: 1\n")}}, "bytes");
  const std::map<std::string, Pin> pins = {{"eu-1", Pin{pin, "europe", "eu-1", 0}}};
  struct Case {
    std::string name;
    std::string status, compared;
    std::string applied;  // what the applied revision reads as
  } cases[] = {
      {"same bytes, Synced", "Synced", same, pin},
      {"other bytes", "Synced", changed, old_pin},
      {"not Synced", "OutOfSync", same, old_pin},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    Observations seen;
    AppObservation& o = seen.by_cluster["eu-1"];
    o.sync_status = c.status;
    o.sync_revision = c.compared;
    o.operation_revision = o.sync_result_revision = before;
    read_hydrated_revisions(repo, "shop", pins, seen);
    EXPECT_EQ(o.sync_revision, pin);
    EXPECT_EQ(o.sync_result_revision, c.applied);
    EXPECT_EQ(o.operation_revision, c.applied);
  }
}

}  // namespace
}  // namespace fleetwave
