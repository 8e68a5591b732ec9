// What the HTTP threads read and the loop thread writes: the last published snapshot (the
// generator's pre-serialised answers and the status documents at one branch head) and the
// health of Git, Argo CD, the loop and its pushes, from which /readyz is computed.
//
// Thread-safety: every method may be called from any thread. Snapshots are immutable once
// published; readers copy a shared_ptr under a shared lock, so a request costs a map lookup.
#pragma once

#include <atomic>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <shared_mutex>
#include <string>
#include <vector>

#include "base/json.h"
#include "reconcile/views/step_history.h"
#include "serve/serve_metrics.h"

namespace fleetwave::serve {

// One pre-serialised HTTP answer.
struct CannedAnswer {
  int status = 200;
  std::string body;
};

// A commit as the board names it: short sha, subject, author.
struct CommitSummary {
  std::string subject;
  std::string author;
  std::int64_t time_ms = 0;
};

struct Snapshot {
  std::string head;                               // the branch head everything below was read at
  std::int64_t built_at_ms = 0;                   // when the loop built it (wall clock)
  std::map<std::string, CannedAnswer> generator;  // app -> {"output":{"parameters":[...]}} or an error
  std::string status_body;                        // the status document (GET /api/v1/apps)
  std::map<std::string, std::string> app_bodies;  // app -> the document with only that app
  Json status;                                    // the status document itself (the board reads it)
  std::map<std::string, CommitSummary> commits;   // stable and in-flight releases by full sha
  // app -> its audit trail, newest first; filled once someone looks at the board (trails_loaded).
  std::map<std::string, std::vector<StepRecord>> trails;
  bool trails_loaded = false;

  // The app's entry of `status`; null when there is none.
  const Json* app(const std::string& name) const;
};

class ServeState {
 public:
  void publish(std::shared_ptr<const Snapshot> snapshot);
  std::shared_ptr<const Snapshot> snapshot() const;  // nullptr before the first cycle
  // How many snapshots were published (0 before the first).
  std::uint64_t generation() const;

  // The board was looked at: snapshots carry audit trails from then on (reading history costs a
  // walk of the branch per app, which nobody needs until a person looks).
  void board_viewed();
  bool board_wanted() const;

  void git_result(bool ok, const std::string& error);
  void argocd_result(bool ok, const std::string& error);
  void cycle_started(std::int64_t now_ms);
  void cycle_finished(bool ok, const std::string& error);
  // A cycle that gave way to a webhook's: no cycle runs, and the last one's outcome stands.
  void cycle_gave_way();
  // The watchdog's verdict on a cycle that runs too long ("" clears it).
  void set_stuck(const std::string& reason);
  // The Git server refuses fleetwave's pushes of the branch (a hook, branch protection): not
  // ready until a cycle succeeds again ("" clears it).
  void set_push_refused(const std::string& error);
  std::int64_t cycle_started_at() const;  // 0 when no cycle runs

  HealthGauges gauges() const;
  // {"ready": bool, "reason": "...", "head": "...", "git": {"up", "error"}, "argocd": {"up", "error"},
  //  "lastCycle": {"ok", "error"}}; `reason` is "" when ready.
  Json readiness() const;

 private:
  bool ready_locked() const;
  std::string reason_locked() const;

  mutable std::shared_mutex snapshot_mu_;
  std::shared_ptr<const Snapshot> snapshot_;  // guarded by snapshot_mu_

  mutable std::mutex generation_mu_;
  std::uint64_t generation_ = 0;  // guarded by generation_mu_
  std::atomic<bool> board_wanted_{false};

  mutable std::mutex mu_;
  bool first_cycle_ok_ = false;        // guarded by mu_
  bool last_cycle_ok_ = false;         // guarded by mu_
  std::string last_cycle_error_;       // guarded by mu_
  bool git_known_ = false;             // guarded by mu_
  bool git_up_ = false;                // guarded by mu_
  std::string git_error_;              // guarded by mu_
  bool argocd_known_ = false;          // guarded by mu_
  bool argocd_up_ = false;             // guarded by mu_
  std::string argocd_error_;           // guarded by mu_
  std::int64_t cycle_started_at_ = 0;  // guarded by mu_
  std::string stuck_;                  // guarded by mu_
  std::string push_refused_;           // guarded by mu_
};

}  // namespace fleetwave::serve
