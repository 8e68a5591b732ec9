// check-deletions: what the candidate deletes from each cluster the stable release reached (the
// deletion guard's input), leaving out clusters cordoned at the candidate.
#include "model/cordons.h"
#include "reconcile/app_steps/app_step_fixture.h"

namespace fleetwave {
namespace {

class CheckDeletionsStepTest : public testing_support::AppStepTest {};

// A second workload in the stable release, so a candidate can delete it.
const std::string kWorker =
    "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: worker, namespace: shop}\nspec:\n  replicas: 4\n"
    "  template:\n    spec:\n      containers:\n      - {name: worker, image: worker:1.0}\n";

TEST_F(CheckDeletionsStepTest, ADeletedWorkloadIsFoundOnEveryClusterItLeaves) {
  commit({{"apps/shop/worker.yaml", kWorker}}, "worker");
  head_is_stable();
  commit({{"apps/shop/worker.yaml", std::nullopt}}, "drop the worker");
  EXPECT_EQ(run_through("check-deletions"), StepOutcome::Continue);
  const std::vector<ClusterDeletions>& deletions = context().in.deletions;
  ASSERT_EQ(deletions.size(), 4u);
  EXPECT_EQ(deletions[0].cluster, "dev-1");
}

TEST_F(CheckDeletionsStepTest, WhatLeavesACordonedClusterIsNotADeletion) {
  commit({{"apps/shop/worker.yaml", kWorker}}, "worker");
  head_is_stable();
  Cordon eu2{"eu-2", Taint{"cluster.karmada.io/not-ready", "", "NoExecute"}, "disk", "Pat <pat@example.com>", kNow};
  commit({{kCordonsPath, serialize_cordons({eu2})}}, "cordon eu-2");
  EXPECT_EQ(run_through("check-deletions"), StepOutcome::Continue);
  for (const ClusterDeletions& d : context().in.deletions) EXPECT_NE(d.cluster, "eu-2");
}

TEST_F(CheckDeletionsStepTest, AFirstReleaseDeletesNothing) {
  EXPECT_EQ(run_through("check-deletions"), StepOutcome::Continue);
  EXPECT_TRUE(context().in.deletions.empty());
}

}  // namespace
}  // namespace fleetwave
