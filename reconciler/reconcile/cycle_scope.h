// Which apps a cycle plans. A webhook's cycle plans only the apps a push changed, so a person's
// release is stepped within a second at any fleet size; the interval's cycle plans every app
// (time passes and Argo CD moves for all of them). What a cycle did not plan keeps the plan of
// the cycle that last did, carried while it is still true: the app did not step since, nor did
// one it depends on, and nothing every app reads (clusters/, policies/, freezes, cordons)
// changed.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "reconcile/app_discovery.h"
#include "reconcile/cycle_report.h"

namespace fleetwave {

enum class CycleScope {
  EveryApp,
  // The apps whose own files changed since the last finished cycle's tip, when only apps' own
  // files changed, and the apps depending on them; else every app, also when nothing changed
  // (the webhook asked for a cycle all the same: what moved may be in Argo CD).
  ChangedApps,
};

// The apps owning every path of `changed`: a path under an app's directory or under
// .fleetwave/<app>/, with the apps that depend on one of them (spec.dependsOn). nullopt when a
// path is no app's own: then every app's input may have changed. Empty for no path.
std::optional<std::set<std::string>> apps_changed_by(const std::vector<std::string>& changed,
                                                     const std::vector<AppDefinition>& apps);

// The apps whose plans a cycle's steps made stale: those that stepped and those depending on one
// that did. nullopt when all are: the cycle committed failovers or refused controls (what every
// app reads changed) or was interrupted.
std::optional<std::set<std::string>> plans_made_stale(const CycleReport& report,
                                                      const std::vector<AppDefinition>& apps);

using SettledPlans = std::map<std::string, std::shared_ptr<const AppReport>>;

// The plans that stay true at the tip a finished cycle left: those of the apps it planned or
// carried that its steps did not make stale.
SettledPlans settle_plans(const CycleReport& report, const std::vector<AppDefinition>& apps);

}  // namespace fleetwave
