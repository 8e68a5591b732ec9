#include <gtest/gtest.h>

#include "schedule/placement_filters.h"

namespace fleetwave {
namespace {

Toleration toleration(std::string key, std::string op, std::string value, std::string effect) {
  Toleration t;
  t.key = std::move(key);
  t.op = std::move(op);
  t.value = std::move(value);
  t.effect = std::move(effect);
  return t;
}

// k8s Toleration.ToleratesTaint with comparison operators disabled, as in TestTaintToleration
// (pkg/scheduler/framework/plugins/tainttoleration) and component-helpers' tests.
TEST(TaintTolerationFilterTest, ToleratesTaint) {
  const Taint taint{"foo", "bar", "NoSchedule"};
  struct Case {
    std::string name;
    Toleration toleration;
    bool tolerates;
  };
  const Case cases[] = {
      {"equal key, value and effect", toleration("foo", "Equal", "bar", "NoSchedule"), true},
      {"different value", toleration("foo", "Equal", "baz", "NoSchedule"), false},
      {"exists ignores the value", toleration("foo", "Exists", "", "NoSchedule"), true},
      {"empty effect matches every effect", toleration("foo", "Exists", "", ""), true},
      {"different effect", toleration("foo", "Exists", "", "NoExecute"), false},
      {"empty key with exists matches every key", toleration("", "Exists", "", ""), true},
      {"different key", toleration("other", "Exists", "", ""), false},
      {"comparison operators are disabled", toleration("foo", "Gt", "1", "NoSchedule"), false},
      {"unknown operator never matches", toleration("foo", "Foo", "bar", "NoSchedule"), false},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    EXPECT_EQ(toleration_tolerates(c.toleration, taint), c.tolerates);
  }
}

TEST(TaintTolerationFilterTest, Filter) {
  struct Case {
    std::string name;
    std::vector<Taint> taints;
    std::vector<Toleration> tolerations;
    std::string reason;  // empty: fits
  };
  const Case cases[] = {
      {"no taints", {}, {}, ""},
      {"untolerated NoSchedule",
       {{"foo", "bar", "NoSchedule"}},
       {},
       "cluster(s) had untolerated taint {foo=bar:NoSchedule}"},
      {"untolerated NoExecute without value",
       {{"cluster.karmada.io/not-ready", "", "NoExecute"}},
       {},
       "cluster(s) had untolerated taint {cluster.karmada.io/not-ready:NoExecute}"},
      {"PreferNoSchedule is ignored", {{"foo", "bar", "PreferNoSchedule"}}, {}, ""},
      {"tolerated", {{"foo", "bar", "NoSchedule"}}, {toleration("foo", "Equal", "bar", "")}, ""},
      {"first untolerated taint is reported",
       {{"a", "", "NoSchedule"}, {"b", "", "NoSchedule"}},
       {toleration("a", "Exists", "", "")},
       "cluster(s) had untolerated taint {b:NoSchedule}"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    Placement placement;
    placement.cluster_tolerations = c.tolerations;
    Cluster cluster;
    cluster.name = "member1";
    cluster.taints = c.taints;
    FilterVerdict v = taint_toleration_filter(FilterContext{&placement, nullptr, "v1", "ConfigMap", false}, cluster);
    EXPECT_EQ(v.fit, c.reason.empty());
    EXPECT_EQ(v.reason, c.reason);
  }
}

}  // namespace
}  // namespace fleetwave
