#include "reconcile/cycle_scope.h"

#include "rollout/rollout_state.h"

namespace fleetwave {
namespace {

bool starts_with_dir(const std::string& path, const std::string& dir) {
  return !dir.empty() && path.size() > dir.size() && path.compare(0, dir.size(), dir) == 0 && path[dir.size()] == '/';
}

// .fleetwave/<app>: where the app's state and targets are committed.
std::string state_dir(const std::string& app) {
  const std::string state = state_path(app);
  return state.substr(0, state.rfind('/'));
}

// The apps whose own files hold `path`; empty when none does. Nested app directories both own it.
std::vector<std::string> owners_of(const std::string& path, const std::vector<AppDefinition>& apps) {
  std::vector<std::string> owners;
  for (const AppDefinition& app : apps) {
    if (starts_with_dir(path, app.path) || starts_with_dir(path, state_dir(app.name))) owners.push_back(app.name);
  }
  return owners;
}

// Whether the app's spec.dependsOn names one of `others`.
bool depends_on_any(const AppDefinition& app, const std::set<std::string>& others) {
  if (!app.plan) return false;
  for (const std::string& dependency : app.plan->depends_on) {
    if (others.count(dependency)) return true;
  }
  return false;
}

}  // namespace

std::optional<std::set<std::string>> apps_changed_by(const std::vector<std::string>& changed,
                                                     const std::vector<AppDefinition>& apps) {
  std::set<std::string> out;
  for (const std::string& path : changed) {
    const std::vector<std::string> owners = owners_of(path, apps);
    if (owners.empty()) return std::nullopt;
    out.insert(owners.begin(), owners.end());
  }
  // A dependent's plan reads the state of what it depends on; one level is enough, since the
  // dependent's own state does not change until it is planned.
  const std::set<std::string> owning = out;
  for (const AppDefinition& app : apps) {
    if (depends_on_any(app, owning)) out.insert(app.name);
  }
  return out;
}

std::optional<std::set<std::string>> plans_made_stale(const CycleReport& report,
                                                      const std::vector<AppDefinition>& apps) {
  if (report.interrupted || !report.failovers.empty() || !report.ignored.empty()) return std::nullopt;
  std::set<std::string> stepped;
  for (const AppReport& app : report.apps) {
    if (!app.action.empty()) stepped.insert(app.app);
  }
  std::set<std::string> stale = stepped;
  for (const AppDefinition& app : apps) {
    if (depends_on_any(app, stepped)) stale.insert(app.name);
  }
  return stale;
}

SettledPlans settle_plans(const CycleReport& report, const std::vector<AppDefinition>& apps) {
  SettledPlans out;
  const std::optional<std::set<std::string>> stale = plans_made_stale(report, apps);
  if (!stale) return out;
  for (const auto& carried : report.carried) {
    if (!stale->count(carried->app)) out.emplace(carried->app, carried);
  }
  for (const AppReport& app : report.apps) {
    if (!stale->count(app.app)) out[app.app] = std::make_shared<const AppReport>(app);
  }
  return out;
}

}  // namespace fleetwave
