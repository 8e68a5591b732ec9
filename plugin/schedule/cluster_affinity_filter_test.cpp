#include <gtest/gtest.h>

#include "schedule/placement_filters.h"

namespace fleetwave {
namespace {

ClusterAffinity names(std::vector<std::string> n) {
  ClusterAffinity a;
  a.cluster_names = std::move(n);
  return a;
}

// TestClusterAffinity_Filter (pkg/scheduler/framework/plugins/clusteraffinity).
TEST(ClusterAffinityFilterTest, Cases) {
  ClusterAffinityTerm term{"primary", names({"m1"}), {ClusterAffinityTerm{"overflow", names({"m2"}), {}}}};
  struct Case {
    std::string name;
    std::optional<ClusterAffinity> affinity;
    const ClusterAffinityTerm* term;
    bool is_workload;
    std::string cluster;
    bool fit;
  };
  const Case cases[] = {
      {"no affinity admits all", std::nullopt, nullptr, true, "m9", true},
      {"clusterAffinity match", names({"m1"}), nullptr, true, "m1", true},
      {"clusterAffinity mismatch", names({"m1"}), nullptr, true, "m2", false},
      {"term primary", std::nullopt, &term, false, "m1", true},
      {"overflow affinity admits workloads", std::nullopt, &term, true, "m2", true},
      {"overflow affinity not for non-workloads", std::nullopt, &term, false, "m2", false},
      {"outside every group", std::nullopt, &term, true, "m3", false},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    Placement placement;
    placement.cluster_affinity = c.affinity;
    if (c.term != nullptr) placement.cluster_affinities = {*c.term};
    Cluster cluster;
    cluster.name = c.cluster;
    FilterVerdict v = cluster_affinity_filter(FilterContext{&placement, c.term, "v1", "Pod", c.is_workload}, cluster);
    EXPECT_EQ(v.fit, c.fit);
    if (!c.fit) {
      EXPECT_EQ(v.reason, "cluster(s) did not match the placement cluster affinity constraint");
    }
  }
}

}  // namespace
}  // namespace fleetwave
