// Commit statuses per wave (wave_statuses.h) as a CycleHook: after a push, the statuses the
// pushed steps imply are posted on the delivery worker's thread (adapters/notify/
// delivery_worker.h: bounded queue, retries of 5xx, 408, 429 and unreachable hosts), so posting
// never blocks or fails the cycle; a host refusing one is reported (log, metric), never fatal.
//
// Only changes are posted: the hook remembers, per commit and context, the state and
// description this process last handed over, and forgets one that did not land so the next
// step of the app posts it again. Only the replica that pushed a step posts its statuses (the
// others never see it in after_push), so racing replicas do not post twice.
//
// Thread-safety: after_push runs on the loop thread; the worker's completions reach the
// remembered map from its thread, so it is behind a private mutex.
#pragma once

#include <cstddef>
#include <map>
#include <mutex>
#include <string>
#include <vector>

#include "adapters/hosting/commit_status.h"
#include "adapters/notify/delivery_worker.h"
#include "reconcile/cycle_hook.h"

namespace fleetwave {

class CommitStatusHook final : public CycleHook {
 public:
  // `client` and `worker` outlive the hook. `board_url`: board.url ("" = no target_url).
  CommitStatusHook(const CommitStatusClient& client, DeliveryWorker& worker, std::string board_url,
                   std::size_t remembered = 10'000);

  void before_commit(HookContext&, std::vector<PlannedApp>&) override {}
  void after_push(HookContext& ctx, const std::vector<PlannedApp>& planned, CycleReport& report) override;

  // Queues `status` unless it is what this process last queued for its commit and context;
  // false when it was left out.
  bool post(const CommitStatus& status);

 private:
  void forget(const std::string& key, const CommitStatus& status);

  const CommitStatusClient& client_;
  DeliveryWorker& worker_;
  const std::string board_url_;
  const std::size_t remembered_;

  std::mutex mu_;
  std::map<std::string, CommitStatus> posted_;  // "sha context" -> last queued; guarded by mu_
};

// How the worker treats one post: done on 2xx; retried when the host did not answer or
// answered 408, 429 or 5xx (a Transient error); given up otherwise (401, 403, 404, 422).
AttemptOutcome status_outcome(const StatusPost& post);

}  // namespace fleetwave
