// The deletion guard's judgement: which objects a release deletes from a cluster, and which of
// those deletions need a person's approval.
#include "rollout/deletion_guard.h"

#include <gtest/gtest.h>

namespace fleetwave {
namespace {

ObjectRef ref(const std::string& api_version, const std::string& kind, const std::string& name,
              const Json& spec = Json::object()) {
  return object_ref(Json{{"apiVersion", api_version},
                         {"kind", kind},
                         {"metadata", {{"namespace", "shop"}, {"name", name}}},
                         {"spec", spec}});
}

const ObjectRef kWeb = ref("apps/v1", "Deployment", "web", {{"replicas", 2}});
const ObjectRef kWorker = ref("apps/v1", "Deployment", "worker", {{"replicas", 1}});
const ObjectRef kConfig = ref("v1", "ConfigMap", "web");
const ObjectRef kSecret = ref("v1", "Secret", "web");
const ObjectRef kService = ref("v1", "Service", "web");

std::vector<ObjectRef> sorted(std::vector<ObjectRef> refs) {
  std::sort(refs.begin(), refs.end());
  return refs;
}

TEST(DeletionGuardTest, KnowsWorkloadsByKindOrReplicas) {
  EXPECT_TRUE(kWeb.workload);
  EXPECT_TRUE(ref("apps/v1", "DaemonSet", "agent").workload) << "no replicas, still a workload";
  EXPECT_TRUE(ref("argoproj.io/v1alpha1", "Rollout", "web").workload);
  EXPECT_TRUE(ref("example.com/v1", "Inference", "llm", {{"replicas", 3}}).workload) << "a CRD carrying replicas";
  EXPECT_FALSE(kConfig.workload);
  EXPECT_FALSE(ref("example.com/v1", "Deployment", "x").workload) << "another group's Deployment";
  EXPECT_EQ(kWeb.describe(), "Deployment shop/web");
  EXPECT_EQ(object_ref(Json{{"apiVersion", "rbac.authorization.k8s.io/v1"},
                            {"kind", "ClusterRole"},
                            {"metadata", {{"name", "reader"}}}})
                .describe(),
            "ClusterRole reader");
}

TEST(DeletionGuardTest, NothingDeletedIsNoVerdict) {
  EXPECT_FALSE(judge_deletions("eu-1", sorted({kWeb, kConfig}), sorted({kWeb, kConfig, kService}), {}));
  // Moving to another API version deletes nothing.
  ObjectRef beta = ref("apps/v1beta2", "Deployment", "web", {{"replicas", 2}});
  EXPECT_FALSE(judge_deletions("eu-1", {kWeb}, {beta}, {}));
}

TEST(DeletionGuardTest, ByDefaultOtherObjectsMayGoButNoWorkload) {
  auto config_only = judge_deletions("eu-1", sorted({kWeb, kConfig, kSecret}), {kWeb}, {});
  ASSERT_TRUE(config_only);
  EXPECT_EQ(config_only->deleted, sorted({kConfig, kSecret}));
  EXPECT_EQ(config_only->guard, "");

  auto one_of_two = judge_deletions("eu-1", sorted({kWeb, kWorker}), {kWeb}, {});
  ASSERT_TRUE(one_of_two);
  EXPECT_EQ(one_of_two->guard, "deletes 1 workload");
}

TEST(DeletionGuardTest, RenderingNothingRemovesEveryWorkloadOfItsKind) {
  auto empty = judge_deletions("eu-2", sorted({kWeb, kWorker, kConfig}), {}, {});
  ASSERT_TRUE(empty);
  EXPECT_EQ(empty->guard, "removes every Deployment it had");
  EXPECT_EQ(empty->deleted.size(), 3u);
  // Even a generous limit does not allow the last workload of a kind to go silently.
  auto generous = judge_deletions("eu-2", {kWeb}, {kConfig}, {.max_deleted_objects = 10});
  ASSERT_TRUE(generous);
  EXPECT_EQ(generous->guard, "removes every Deployment it had");
}

TEST(DeletionGuardTest, MaxDeletedObjectsCountsEveryKind) {
  DeletionGuardPolicy two{.max_deleted_objects = 2};
  auto within = judge_deletions("eu-1", sorted({kWeb, kWorker, kConfig}), {kWeb}, two);
  ASSERT_TRUE(within);
  EXPECT_EQ(within->guard, "") << "a workload among two deletions, limit 2, another Deployment stays";
  auto over = judge_deletions("eu-1", sorted({kWeb, kWorker, kConfig, kSecret}), {kWeb}, two);
  ASSERT_TRUE(over);
  EXPECT_EQ(over->guard, "deletes 3 objects, more than maxDeletedObjects 2");
  auto zero = judge_deletions("eu-1", sorted({kWeb, kConfig}), {kWeb}, {.max_deleted_objects = 0});
  ASSERT_TRUE(zero);
  EXPECT_EQ(zero->guard, "deletes 1 object, more than maxDeletedObjects 0");
}

TEST(DeletionGuardTest, DescribesWhatWouldBeDeletedWhereWithinBounds) {
  ClusterDeletions a{"eu-1", sorted({kWeb, kWorker, kConfig}), "removes every Deployment it had"};
  ClusterDeletions b{"eu-2", {kWeb}, "deletes 1 workload"};
  ClusterDeletions c{"us-1", {kWeb}, "deletes 1 workload"};
  EXPECT_EQ(describe_deletions({&a, &b}),
            "eu-1 (removes every Deployment it had): ConfigMap shop/web, Deployment shop/web, Deployment shop/worker; "
            "eu-2 (deletes 1 workload): Deployment shop/web");
  EXPECT_EQ(describe_deletions({&a, &b, &c}, 1, 1),
            "eu-1 (removes every Deployment it had): ConfigMap shop/web and 2 more; and 2 more clusters");
}

}  // namespace
}  // namespace fleetwave
