#include "reconcile/observer.h"

#include <algorithm>

#include "net/redaction.h"
#include "rollout/messages.h"

namespace fleetwave {
void ArgoCdObserver::observe(const std::string& app, Observations& into) {
  into = observations_from(client_.list_applications(std::string(kAppLabel) + "=" + app));
}

void FleetObserver::observe(const std::string& app, Observations& into) {
  auto mine = read_.find(app);
  if (mine == read_.end()) {
    const bool listed = std::find(apps_.begin(), apps_.end(), app) != apps_.end();
    if (!listed || read_all_) return ArgoCdObserver(client_).observe(app, into);  // again: on its own
    observe_apps(client_, apps_, read_);
    read_all_ = true;
    mine = read_.find(app);
  }
  into = std::move(mine->second);
  read_.erase(mine);
}

namespace {

// `fleetwave.io/app=<app>` for one app, `fleetwave.io/app in (<a>,<b>,...)` for more, and, when
// that list would make a long URL, every Application with the label (`fleetwave.io/app`): the
// request line must pass proxies in front of Argo CD (nginx's default limit is 8 KiB), and the
// Applications of other apps are then dropped by the caller.
std::string selector_of(const std::vector<std::string>& apps) {
  constexpr std::size_t kMaxListedBytes = 2048;
  if (apps.size() == 1) return std::string(kAppLabel) + "=" + apps[0];
  std::string list;
  for (const std::string& app : apps) list += (list.empty() ? "" : ",") + app;
  if (list.size() > kMaxListedBytes) return kAppLabel;
  return std::string(kAppLabel) + " in (" + list + ")";
}

}  // namespace

void observe_apps(ArgoCdClient& client, const std::vector<std::string>& apps,
                  std::map<std::string, Observations>& into) {
  if (apps.empty()) return;
  auto listed = client.list_applications(selector_of(apps));
  std::map<std::string, std::vector<ApplicationSummary>> by_app;
  if (listed.ok()) {
    for (ApplicationSummary& a : *listed) {
      auto label = a.labels.find(kAppLabel);
      if (label != a.labels.end()) by_app[label->second].push_back(std::move(a));
    }
  }
  for (const std::string& app : apps) {
    into[app] = listed.ok() ? observations_from(std::move(by_app[app])) : observations_from(listed.error());
  }
}

Observations observations_from(Result<std::vector<ApplicationSummary>> applications) {
  Observations out;
  if (!applications.ok()) {
    out.reachable = false;
    out.error = redact_text(applications.error().to_string());
    out.error_kind = applications.error().kind;
    return out;
  }
  out.reachable = true;
  // cluster -> every Application that claims it, for the clusters claimed more than once.
  std::map<std::string, std::vector<std::string>> claims;
  for (ApplicationSummary& app : *applications) {
    auto label = app.labels.find(kClusterLabel);
    if (label == app.labels.end() || label->second.empty()) continue;
    const std::string& cluster = label->second;
    auto [it, inserted] = out.by_cluster.try_emplace(cluster);
    if (!inserted) {
      std::vector<std::string>& names = claims[cluster];
      if (names.empty()) names.push_back(it->second.name);  // the first to claim it
      names.push_back(app.name);
    }
    if (inserted || app.name < it->second.name) it->second = std::move(app.observation);  // smallest name wins
  }
  for (auto& [cluster, names] : claims) {
    std::sort(names.begin(), names.end());
    out.duplicates.push_back("cluster " + cluster + " has " + std::to_string(names.size()) + " Argo CD Applications (" +
                             join(names) + "); using " + names.front());
  }
  return out;
}

}  // namespace fleetwave
