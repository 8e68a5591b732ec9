// reach-clusters: the clusters the head's render reaches (and their Argo CD destinations); a head
// that does not render stops a new release with the render's errors.
#include "reconcile/app_steps/app_step_fixture.h"

namespace fleetwave {
namespace {

class ReachClustersStepTest : public testing_support::AppStepTest {};

TEST_F(ReachClustersStepTest, EveryClusterThePolicyPlacesIsReached) {
  EXPECT_EQ(run_through("reach-clusters"), StepOutcome::Continue);
  AppContext& ctx = context();
  EXPECT_EQ(ctx.all_clusters, (std::vector<std::string>{"dev-1", "eu-1", "eu-2", "us-1"}));
  EXPECT_EQ(ctx.in.candidate_clusters, ctx.all_clusters);
  EXPECT_EQ(ctx.in.servers.at("eu-1"), "https://eu-1.example.com:6443");
  ASSERT_TRUE(ctx.head_reach);
}

TEST_F(ReachClustersStepTest, AHeadThatDoesNotRenderStopsANewRelease) {
  commit({{"apps/shop/policy.yaml",
           "apiVersion: policy.karmada.io/v1alpha1\nkind: PropagationPolicy\n"
           "metadata: {name: shop, namespace: shop}\nspec:\n  resourceSelectors: 7\n"}});
  EXPECT_EQ(run_through("reach-clusters"), StepOutcome::Stop);
  const ErrorList& errors = context().out.report.errors;
  ASSERT_FALSE(errors.empty());
  EXPECT_NE(errors.front().to_string().find("apps/shop/policy.yaml"), std::string::npos) << errors.front().to_string();
}

}  // namespace
}  // namespace fleetwave
