#include <gtest/gtest.h>

#include "schedule/placement_filters.h"

namespace fleetwave {
namespace {

// TestSpreadConstraint_Filter (pkg/scheduler/framework/plugins/spreadconstraint).
TEST(SpreadConstraintFilterTest, Cases) {
  struct Case {
    std::string name;
    std::vector<std::string> fields;
    std::string provider, region;
    std::vector<std::string> zones;
    std::string reason;  // empty: fits
  };
  const Case cases[] = {
      {"no constraints", {}, "", "", {}, ""},
      {"cluster constraint needs nothing", {"cluster"}, "", "", {}, ""},
      {"missing provider", {"cluster", "provider"}, "", "r1", {"z1"}, "cluster(s) did not have provider property"},
      {"missing region", {"cluster", "region"}, "p1", "", {"z1"}, "cluster(s) did not have region property"},
      {"missing zones", {"cluster", "zone"}, "p1", "r1", {}, "cluster(s) did not have zones property"},
      {"all present", {"cluster", "provider", "region", "zone"}, "p1", "r1", {"z1"}, ""},
      {"first failing constraint wins", {"zone", "region"}, "p1", "", {}, "cluster(s) did not have zones property"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    Placement placement;
    for (const std::string& f : c.fields) {
      SpreadConstraint sc;
      sc.spread_by_field = f;
      placement.spread_constraints.push_back(sc);
    }
    Cluster cluster;
    cluster.name = "member1";
    cluster.provider = c.provider;
    cluster.region = c.region;
    cluster.zones = c.zones;
    FilterVerdict v = spread_constraint_filter(FilterContext{&placement, nullptr, "v1", "Pod", true}, cluster);
    EXPECT_EQ(v.fit, c.reason.empty());
    EXPECT_EQ(v.reason, c.reason);
  }
}

}  // namespace
}  // namespace fleetwave
