// read-dependencies: where each app of spec.dependsOn stands at the same head: stable, a release
// at a wave (with the waves it completed), or why it is neither.
#include "reconcile/app_steps/app_step_fixture.h"

namespace fleetwave {
namespace {

class ReadDependenciesStepTest : public testing_support::AppStepTest {
 protected:
  std::map<std::string, std::string> files() override {
    auto f = testkit::fleet_files();
    std::string plan = testkit::wave_plan("shop");
    plan.replace(plan.find("spec:\n"), 6, "spec:\n  dependsOn: [db]\n");
    f["apps/shop/rollout.yaml"] = plan;
    f["apps/db/deploy.yaml"] =
        "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: db, namespace: db}\nspec:\n  replicas: 1\n";
    f["apps/db/policy.yaml"] =
        "apiVersion: policy.karmada.io/v1alpha1\nkind: PropagationPolicy\nmetadata: {name: db, namespace: db}\n"
        "spec:\n  resourceSelectors: [{apiVersion: apps/v1, kind: Deployment}]\n  placement: {}\n";
    f["apps/db/rollout.yaml"] = testkit::wave_plan("db");
    return f;
  }
};

TEST_F(ReadDependenciesStepTest, ADependencyNotYetReleasedIsNotStable) {
  EXPECT_EQ(run_through("read-dependencies"), StepOutcome::Continue);
  const std::vector<DependencyStatus>& deps = context().in.dependencies;
  ASSERT_EQ(deps.size(), 1u);
  EXPECT_EQ(deps[0].app, "db");
  EXPECT_FALSE(deps[0].stable);
  EXPECT_EQ(deps[0].detail, "its release of " + head_.substr(0, 7) + " has not started");
}

TEST_F(ReadDependenciesStepTest, ADependencyAtAWaveNamesTheWavesItCompleted) {
  RolloutState db;
  db.app = "db";
  db.path = "apps/db";
  RepoSnapshot at(repo_, blobs_, head_);
  db.release = ReleaseState{head_, *at.input_digest("apps/db"), ReleasePhase::Progressing, 1, kNow, {}, {}};
  commit({{state_path("db"), serialize_state(db)}}, "db at europe");
  EXPECT_EQ(run_through("read-dependencies"), StepOutcome::Continue);
  const DependencyStatus& dep = context().in.dependencies.at(0);
  EXPECT_FALSE(dep.stable);
  EXPECT_EQ(dep.completed_waves, (std::vector<std::string>{"canary"}));
  EXPECT_NE(dep.detail.find("is at wave 2/3 europe"), std::string::npos) << dep.detail;
}

}  // namespace
}  // namespace fleetwave
