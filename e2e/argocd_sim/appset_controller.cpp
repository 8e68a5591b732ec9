#include "argocd_sim/appset_controller.h"

#include <vector>

namespace fleetwave::sim {
namespace {

std::string describe(const TargetEntry& e) {
  return "cluster " + e.cluster + ", wave " + e.wave + ", revision " + e.revision.substr(0, 7);
}

std::string changes(const TargetEntry& from, const TargetEntry& to) {
  std::string out;
  auto add = [&](const char* field, const std::string& a, const std::string& b) {
    if (a == b) return;
    out += (out.empty() ? "" : ", ") + std::string(field) + " " + a + " -> " + b;
  };
  add("targetRevision", from.revision.substr(0, 7), to.revision.substr(0, 7));
  add("wave", from.wave, to.wave);
  add("server", from.server, to.server);
  add("path", from.path, to.path);
  if (from.cordons != to.cordons) out += (out.empty() ? "" : ", ") + std::string("FLEETWAVE_CORDONS changed");
  return out.empty() ? "no visible change" : out;
}

}  // namespace

AppSetController::AppSetController(std::string repo_url, testkit::FakeArgoCd& argocd, LiveClusters& live,
                                   EventLog& events, std::string hydrated_branch)
    : repo_url_(std::move(repo_url)),
      hydrated_branch_(std::move(hydrated_branch)),
      argocd_(argocd),
      live_(live),
      events_(events) {}

void AppSetController::reconcile(const FleetTargets& fleet, std::map<std::string, AppRecord>& records,
                                 std::int64_t now_ms) {
  report_errors(fleet);
  std::map<std::string, DesiredApp> desired = desired_applications(fleet.appsets);
  std::vector<std::string> gone;
  for (const auto& [name, record] : records) {
    if (desired.count(name) == 0 && fleet.errors.count(record.desired.appset) == 0) gone.push_back(name);
  }
  for (const std::string& name : gone) {
    remove(records.at(name));
    records.erase(name);
  }
  for (const auto& [name, want] : desired) {
    auto it = records.find(name);
    if (it == records.end()) {
      create(want, records, now_ms);
    } else if (!(it->second.desired == want)) {
      update(want, it->second);
    }
  }
}

void AppSetController::create(const DesiredApp& desired, std::map<std::string, AppRecord>& records,
                              std::int64_t now_ms) {
  Status<> put = argocd_.put_application(new_application(desired, repo_url_, now_ms, hydrated_branch_));
  if (!put.ok()) {
    events_.record(desired.name, "app-error", put.error().to_string());
    return;
  }
  live_.add_cluster(desired.entry.cluster);
  // Argo CD deploys only to clusters it has registered, and lists each with its connection state.
  argocd_.register_cluster(desired.entry.cluster, sim_cluster_server(desired.entry.cluster));
  records.emplace(desired.name, AppRecord{desired});
  events_.record(desired.name, "app-created", describe(desired.entry));
}

void AppSetController::update(const DesiredApp& desired, AppRecord& record) {
  const std::string detail = changes(record.desired.entry, desired.entry);
  (void)argocd_.update_application(desired.name,
                                   [&](Json& app) { apply_template(app, desired, repo_url_, hydrated_branch_); });
  record.desired = desired;
  events_.record(desired.name, "app-updated", detail);
}

void AppSetController::remove(const AppRecord& record) {
  (void)argocd_.remove_application(record.desired.name);
  std::size_t pruned = live_.remove(record.desired.entry.cluster, record.desired.appset);
  events_.record(record.desired.name, "app-deleted", "pruned " + std::to_string(pruned) + " objects");
}

void AppSetController::report_errors(const FleetTargets& fleet) {
  for (auto it = reported_errors_.begin(); it != reported_errors_.end();) {
    it = fleet.errors.count(it->first) == 0 ? reported_errors_.erase(it) : std::next(it);
  }
  for (const auto& [appset, error] : fleet.errors) {
    std::string text = error.to_string();
    if (reported_errors_[appset] == text) continue;
    reported_errors_[appset] = text;
    events_.record("", "appset-error", appset + ": " + text + " (its Applications are left as they are)");
  }
}

}  // namespace fleetwave::sim
