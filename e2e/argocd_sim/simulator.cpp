#include "argocd_sim/simulator.h"

namespace fleetwave::sim {

Simulator::Simulator(SimulatorSettings settings, git::GitRepository& repo, ManifestGenerator& generator,
                     testkit::FakeArgoCd& argocd, LiveClusters& live, EventLog& events, const Clock& clock)
    : settings_(std::move(settings)),
      repo_(repo),
      argocd_(argocd),
      events_(events),
      clock_(clock),
      appsets_(settings_.sync.repo_url, argocd, live, events, settings_.sync.hydrated_branch),
      syncer_(settings_.sync, repo, generator, argocd, live, events) {}

void Simulator::tick() {
  std::int64_t now_ms = clock_.now_ms();
  if (!settings_.sync.hydrated_branch.empty()) {  // before the targets: never a pin ahead of its manifests
    Result<std::string> hydrated = repo_.fetch(settings_.sync.hydrated_branch);
    if (hydrated.ok()) syncer_.set_hydrated_head(*hydrated);
  }
  poll_git(now_ms);
  take_sync_requests();
  for (auto& [name, record] : records_) syncer_.advance(record, clock_.now_ms());
}

void Simulator::poll_git(std::int64_t now_ms) {
  Result<std::string> head = repo_.fetch(settings_.branch);
  if (!head.ok()) return report_git_problem("fetching " + settings_.branch + ": " + head.error().to_string());
  if (head->empty()) return report_git_problem("branch " + settings_.branch + " does not exist");
  if (*head == head_) return report_git_problem("");
  Result<FleetTargets> fleet = read_fleet_targets(repo_, *head);
  if (!fleet.ok())
    return report_git_problem("reading targets at " + head->substr(0, 7) + ": " + fleet.error().to_string());
  report_git_problem("");
  events_.record("", "git-head", settings_.branch + " at " + head->substr(0, 7));
  appsets_.reconcile(*fleet, records_, now_ms);
  head_ = *head;
}

void Simulator::take_sync_requests() {
  std::vector<testkit::FakeSyncCall> calls = argocd_.sync_calls();
  for (std::size_t i = sync_calls_seen_; i < calls.size(); ++i) {
    auto it = records_.find(calls[i].name);
    if (it == records_.end()) continue;
    it->second.sync_requested = true;
    events_.record(calls[i].name, "sync-requested", calls[i].revision.empty() ? "" : "revision " + calls[i].revision);
  }
  sync_calls_seen_ = calls.size();
}

void Simulator::report_git_problem(const std::string& problem) {
  if (problem == git_problem_) return;
  if (problem.empty()) {
    events_.record("", "git-recovered", "");
  } else {
    events_.record("", "git-error", problem + "; retrying");
  }
  git_problem_ = problem;
}

}  // namespace fleetwave::sim
