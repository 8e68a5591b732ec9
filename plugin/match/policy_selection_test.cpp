#include "match/policy_selection.h"

#include <gtest/gtest.h>

namespace fleetwave {
namespace {

PropagationPolicy policy(std::string name, bool cluster_scoped, std::int32_t priority, ResourceSelector selector) {
  PropagationPolicy p;
  p.name = std::move(name);
  p.cluster_scoped = cluster_scoped;
  p.namespace_ = cluster_scoped ? "" : "web";
  p.priority = priority;
  if (!cluster_scoped && selector.namespace_.empty()) selector.namespace_ = "web";
  p.resource_selectors.push_back(std::move(selector));
  return p;
}

ResourceSelector by_kind() { return {"apps/v1", "Deployment", "", "", std::nullopt}; }
ResourceSelector by_name(std::string name) { return {"apps/v1", "Deployment", "", std::move(name), std::nullopt}; }
ResourceSelector by_label(std::string key, std::string value) {
  LabelSelector s;
  s.match_labels[key] = value;
  return {"apps/v1", "Deployment", "", "", s};
}

struct SelectionCase {
  std::string name;
  std::vector<PropagationPolicy> policies;
  std::string expected;  // "" = none
};

TEST(PolicySelection, FollowsKarmadaPriorityRules) {
  ResourceIdentity deploy{"apps/v1", "Deployment", "web", "frontend", {{"tier", "ui"}}};
  std::vector<SelectionCase> cases = {
      {"no policy", {}, ""},
      {"kind only", {policy("a", false, 0, by_kind())}, "a"},
      {"name beats label selector beats kind",
       {policy("kind", false, 0, by_kind()), policy("label", false, 0, by_label("tier", "ui")),
        policy("name", false, 0, by_name("frontend"))},
       "name"},
      {"label selector beats kind",
       {policy("z-label", false, 0, by_label("tier", "ui")), policy("a-kind", false, 0, by_kind())},
       "z-label"},
      {"explicit priority beats implicit",
       {policy("name", false, 0, by_name("frontend")), policy("kind", false, 5, by_kind())},
       "kind"},
      {"name tie-break takes the smaller name",
       {policy("b", false, 0, by_kind()), policy("a", false, 0, by_kind())},
       "a"},
      {"a matching PP beats any CPP, whatever its priority",
       {policy("cpp", true, 1000, by_name("frontend")), policy("pp", false, -5, by_kind())},
       "pp"},
      {"CPP when no PP matches", {policy("cpp", true, 0, by_kind()), policy("pp", false, 0, by_name("other"))}, "cpp"},
      {"non-matching label selector", {policy("a", false, 0, by_label("tier", "db"))}, ""},
      {"name set ignores the label selector",
       {[] {
         ResourceSelector s = by_name("frontend");
         s.label_selector = LabelSelector{{{"tier", "db"}}, {}};
         return policy("named", false, 0, s);
       }()},
       "named"},
      {"PP of another namespace never applies",
       {[] {
         PropagationPolicy p = policy("other-ns", false, 0, by_kind());
         p.namespace_ = "other";
         p.resource_selectors[0].namespace_ = "other";
         return p;
       }()},
       ""},
      {"wrong apiVersion", {policy("a", false, 0, {"apps/v1beta1", "Deployment", "", "", std::nullopt})}, ""},
  };
  for (const SelectionCase& c : cases) {
    SCOPED_TRACE(c.name);
    const PropagationPolicy* chosen = select_propagation_policy(deploy, true, c.policies);
    EXPECT_EQ(chosen == nullptr ? "" : chosen->name, c.expected);
  }
}

TEST(PolicySelection, ClusterScopedResourcesOnlyConsiderClusterPolicies) {
  ResourceIdentity role{"rbac.authorization.k8s.io/v1", "ClusterRole", "", "reader", {}};
  PropagationPolicy pp;
  pp.name = "pp";
  pp.namespace_ = "";
  pp.resource_selectors.push_back({"rbac.authorization.k8s.io/v1", "ClusterRole", "", "", std::nullopt});
  PropagationPolicy cpp = pp;
  cpp.name = "cpp";
  cpp.cluster_scoped = true;
  std::vector<PropagationPolicy> policies = {pp, cpp};
  const PropagationPolicy* chosen = select_propagation_policy(role, false, policies);
  ASSERT_NE(chosen, nullptr);
  EXPECT_EQ(chosen->name, "cpp");
}

}  // namespace
}  // namespace fleetwave
