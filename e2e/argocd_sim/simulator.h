// The simulated Argo CD: one tick polls the branch head (ApplicationSets follow targets.json),
// takes the sync requests the API received, and moves every Application on (sync, health).
//
// Thread-safety: tick() runs on one thread (the loop); the collaborators it shares with the
// HTTP threads (FakeArgoCd, LiveClusters, EventLog) are thread-safe.
#pragma once

#include <cstddef>
#include <map>
#include <string>

#include "argocd_sim/app_record.h"
#include "argocd_sim/app_syncer.h"
#include "argocd_sim/appset_controller.h"
#include "base/clock.h"

namespace fleetwave::sim {

struct SimulatorSettings {
  std::string branch = "main";
  SyncSettings sync;
};

class Simulator {
 public:
  Simulator(SimulatorSettings settings, git::GitRepository& repo, ManifestGenerator& generator,
            testkit::FakeArgoCd& argocd, LiveClusters& live, EventLog& events, const Clock& clock);

  void tick();

  // The head whose targets the Applications follow ("" before the first successful read).
  const std::string& head() const { return head_; }
  const std::map<std::string, AppRecord>& records() const { return records_; }

 private:
  void poll_git(std::int64_t now_ms);
  void take_sync_requests();
  void report_git_problem(const std::string& problem);

  const SimulatorSettings settings_;
  git::GitRepository& repo_;
  testkit::FakeArgoCd& argocd_;
  EventLog& events_;
  const Clock& clock_;
  AppSetController appsets_;
  AppSyncer syncer_;
  std::map<std::string, AppRecord> records_;
  std::string head_;
  std::string git_problem_;  // the last Git failure logged ("" when Git works)
  std::size_t sync_calls_seen_ = 0;
};

}  // namespace fleetwave::sim
