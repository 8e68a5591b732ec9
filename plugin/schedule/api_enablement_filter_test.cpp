#include <gtest/gtest.h>

#include "schedule/placement_filters.h"

namespace fleetwave {
namespace {

// Karmada's TestAPIEnablement_Filter cases, with fleetwave's convention for clusters that have
// no discovery data.
TEST(ApiEnablementFilterTest, Cases) {
  Placement placement;
  struct Case {
    std::string name;
    std::set<std::string> enabled;
    std::string api_version, kind;
    bool fit;
  };
  const Case cases[] = {
      {"api enabled", {"apps/v1/Deployment"}, "apps/v1", "Deployment", true},
      {"api missing from a non-empty list", {"apps/v1/Deployment"}, "batch/v1", "Job", false},
      {"version must match too", {"apps/v1beta1/Deployment"}, "apps/v1", "Deployment", false},
      {"no discovery data admits everything", {}, "example.io/v1", "Widget", true},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    Cluster cluster;
    cluster.name = "member1";
    cluster.enabled_apis = c.enabled;
    cluster.has_api_enablements = !c.enabled.empty();
    FilterContext context{&placement, nullptr, c.api_version, c.kind, true};
    FilterVerdict v = api_enablement_filter(context, cluster);
    EXPECT_EQ(v.fit, c.fit);
    if (!c.fit) {
      EXPECT_EQ(v.reason, "cluster(s) did not have the API resource");
    }
  }
}

TEST(ApiEnablementFilterTest, RegistryListsTheInTreeFilters) {
  std::vector<std::string> names;
  for (const PlacementFilterEntry& e : builtin_placement_filters()) names.emplace_back(e.name);
  EXPECT_EQ(names,
            (std::vector<std::string>{"APIEnablement", "TaintToleration", "ClusterAffinity", "SpreadConstraint"}));
  EXPECT_TRUE(find_placement_filter("TaintToleration").ok());
  auto unknown = find_placement_filter("ClusterEviction");
  ASSERT_FALSE(unknown.ok());
  EXPECT_EQ(unknown.error().message,
            "unknown placement filter \"ClusterEviction\", valid filters are: APIEnablement, TaintToleration, "
            "ClusterAffinity, SpreadConstraint");
}

}  // namespace
}  // namespace fleetwave
