#include "reconcile/cycle_scope.h"

#include <gtest/gtest.h>

namespace fleetwave {
namespace {

AppDefinition app(const std::string& name, const std::string& path, std::vector<std::string> depends_on = {}) {
  AppDefinition a;
  a.name = name;
  a.path = path;
  a.plan.emplace();
  a.plan->depends_on = std::move(depends_on);
  return a;
}

const std::vector<AppDefinition> kApps = {app("db", "apps/db"), app("shop", "apps/shop", {"db"}),
                                          app("web", "apps/web"), app("web-admin", "apps/web-admin")};

TEST(AppsChangedBy, OwnDirectoriesAndStateNameTheirAppsAndTheirDependents) {
  using Set = std::set<std::string>;
  EXPECT_EQ(apps_changed_by({}, kApps), Set{});
  EXPECT_EQ(apps_changed_by({"apps/web/deploy.yaml"}, kApps), Set{"web"}) << "apps/web-admin is not apps/web";
  EXPECT_EQ(apps_changed_by({".fleetwave/web/state.yaml", ".fleetwave/web/targets.json"}, kApps), Set{"web"});
  EXPECT_EQ(apps_changed_by({"apps/web-admin/x/deploy.yaml"}, kApps), Set{"web-admin"});
  EXPECT_EQ(apps_changed_by({".fleetwave/db/state.yaml"}, kApps), (Set{"db", "shop"})) << "shop reads db's state";
  EXPECT_EQ(apps_changed_by({"apps/shop/deploy.yaml", "apps/web/deploy.yaml"}, kApps), (Set{"shop", "web"}));
}

TEST(AppsChangedBy, APathNoAppOwnsMeansEveryApp) {
  for (const char* path : {"clusters/eu-1.yaml", "policies/analysis.yaml", ".fleetwave/freezes.yaml",
                           ".fleetwave/cordons.yaml", "apps/new/rollout.yaml", "apps/web", "README.md"}) {
    SCOPED_TRACE(path);
    EXPECT_EQ(apps_changed_by({"apps/web/deploy.yaml", path}, kApps), std::nullopt);
  }
}

AppReport report(const std::string& name, const std::string& action = "") {
  AppReport r;
  r.app = name;
  r.action = action;
  return r;
}

std::set<std::string> names(const SettledPlans& plans) {
  std::set<std::string> out;
  for (const auto& [name, plan] : plans) {
    EXPECT_EQ(plan->app, name);
    out.insert(name);
  }
  return out;
}

TEST(SettlePlans, KeepsWhatDidNotStepNorDependsOnAStep) {
  CycleReport cycle;
  cycle.apps = {report("db", "advance"), report("web")};
  cycle.carried = {std::make_shared<const AppReport>(report("shop")),
                   std::make_shared<const AppReport>(report("web-admin"))};
  EXPECT_EQ(names(settle_plans(cycle, kApps)), (std::set<std::string>{"web", "web-admin"}))
      << "db stepped; shop depends on db";
  cycle.apps = {report("db"), report("web", "start")};
  EXPECT_EQ(names(settle_plans(cycle, kApps)), (std::set<std::string>{"db", "shop", "web-admin"}));
}

TEST(SettlePlans, NoneAfterWhatEveryAppReadsChangedOrAnInterruptedCycle) {
  CycleReport cycle;
  cycle.apps = {report("db"), report("shop"), report("web")};
  ASSERT_EQ(settle_plans(cycle, kApps).size(), 3u);
  CycleReport failover = cycle;
  failover.failovers = {"eu-2: connection Failed for 5m"};
  EXPECT_TRUE(settle_plans(failover, kApps).empty());
  CycleReport refused = cycle;
  refused.ignored = {"unfreeze in 1a2b3c4 by mallory: not signed by an allowed signer"};
  EXPECT_TRUE(settle_plans(refused, kApps).empty());
  CycleReport interrupted = cycle;
  interrupted.interrupted = true;
  EXPECT_TRUE(settle_plans(interrupted, kApps).empty());
}

}  // namespace
}  // namespace fleetwave
