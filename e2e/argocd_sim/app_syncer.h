// The application controller's part for one Application: automated sync when its pin differs
// from what it last synced (or when a sync was requested), with the status transitions of
// app_status.h, the live objects of live_clusters.h and the health of health_model.h.
//
// Thread-safety: used by the loop thread only (FakeArgoCd, LiveClusters and EventLog are
// thread-safe themselves).
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "adapters/git/git_repository.h"
#include "argocd_sim/app_record.h"
#include "argocd_sim/event_log.h"
#include "argocd_sim/live_clusters.h"
#include "argocd_sim/manifest_generator.h"
#include "testkit/fakes/fake_argocd.h"

namespace fleetwave::sim {

struct SyncSettings {
  std::string repo_url;             // spec.source.repoURL (no credentials)
  std::string path_env;             // PATH for the plugin
  std::int64_t sync_ms = 500;       // how long an operation stays Running
  std::int64_t progress_ms = 2000;  // Progressing after a sync that changed objects
  std::int64_t retry_ms = 2000;     // back-off after a failure of the simulator's own
  // fleetwave's hydrated mode: Applications sync <app>/<cluster>/manifest.yaml of this branch
  // (a directory source) whenever that directory changes; "" = the plugin at the pin.
  std::string hydrated_branch;
};

class AppSyncer {
 public:
  AppSyncer(SyncSettings settings, git::GitRepository& repo, ManifestGenerator& generator, testkit::FakeArgoCd& argocd,
            LiveClusters& live, EventLog& events);

  // Moves one Application on at `now_ms`: ends a sync whose time is up, starts one when the pin
  // changed or a sync was requested, and publishes a health change.
  void advance(AppRecord& record, std::int64_t now_ms);
  // Hydrated mode: the hydrated branch's tip, as the loop fetched it this tick.
  void set_hydrated_head(std::string head) { hydrated_head_ = std::move(head); }

 private:
  bool wants_sync(const AppRecord& record, std::int64_t now_ms) const;
  void start(AppRecord& record, std::int64_t now_ms);
  void start_hydrated(AppRecord& record, std::int64_t now_ms);
  bool hydrated_changed(const AppRecord& record) const;
  void finish(AppRecord& record, std::int64_t now_ms);
  void publish_health(AppRecord& record, std::int64_t now_ms);
  // Defers the record's sync after a failure of the simulator's own; logs each new problem once.
  void defer(AppRecord& record, std::int64_t now_ms, const std::string& problem);
  void edit(const std::string& name, const std::function<void(Json&)>& change);

  const SyncSettings settings_;
  git::GitRepository& repo_;
  ManifestGenerator& generator_;
  testkit::FakeArgoCd& argocd_;
  LiveClusters& live_;
  EventLog& events_;
  std::string hydrated_head_;
};

}  // namespace fleetwave::sim
