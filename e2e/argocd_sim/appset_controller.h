// The ApplicationSet controller's part: Applications follow the git files generator's output
// (every .fleetwave/<app>/targets.json at the branch head). New entries create Applications,
// changed entries update their labels and spec, vanished entries delete them and prune their
// objects from the simulated cluster (the resources finalizer). An ApplicationSet whose file is
// invalid keeps its Applications untouched, as a failing generator does.
//
// Thread-safety: used by the loop thread only.
#pragma once

#include <cstdint>
#include <map>
#include <string>

#include "argocd_sim/app_record.h"
#include "argocd_sim/event_log.h"
#include "argocd_sim/fleet_reader.h"
#include "argocd_sim/live_clusters.h"
#include "testkit/fakes/fake_argocd.h"

namespace fleetwave::sim {

class AppSetController {
 public:
  // `hydrated_branch` set: the Applications' source is the directory <app>/<cluster> there.
  AppSetController(std::string repo_url, testkit::FakeArgoCd& argocd, LiveClusters& live, EventLog& events,
                   std::string hydrated_branch = "");

  void reconcile(const FleetTargets& fleet, std::map<std::string, AppRecord>& records, std::int64_t now_ms);

 private:
  void create(const DesiredApp& desired, std::map<std::string, AppRecord>& records, std::int64_t now_ms);
  void update(const DesiredApp& desired, AppRecord& record);
  void remove(const AppRecord& record);
  void report_errors(const FleetTargets& fleet);

  const std::string repo_url_;
  const std::string hydrated_branch_;
  testkit::FakeArgoCd& argocd_;
  LiveClusters& live_;
  EventLog& events_;
  std::map<std::string, std::string> reported_errors_;  // appset -> last logged error
};

}  // namespace fleetwave::sim
