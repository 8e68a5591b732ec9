// Builds the snapshot the HTTP threads serve after each successful cycle, on the loop thread:
// per app the plugin generator's answer, pre-serialised from .fleetwave/<app>/targets.json at
// the head (re-read only when the file's blob changed), and the status documents from the
// StatusBuilder the CLI's `fleetwave status` uses too (reconcile/views/status_builder.h). An answer is never an empty
// parameter list: an empty list makes Argo CD delete the generated Applications, so an app without targets answers 404
// with an explanation.
//
// Not thread-safe (the loop thread owns it).
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <string>

#include "adapters/git/git_repository.h"
#include "base/json.h"
#include "reconcile/reconciler.h"
#include "reconcile/views/status_builder.h"
#include "serve/serve_metrics.h"
#include "serve/serve_state.h"

namespace fleetwave::serve {

// {"output":{"parameters":[...]}} for a targets.json text, or the error answer (503 when it
// does not parse, 404 when it lists no cluster).
CannedAnswer generator_answer(const std::string& app, const std::string& targets_json, const std::string& head);

// {"message": "..."}: the error body shape Argo CD's plugin client reads.
std::string error_body(const std::string& message);

// For an app of the status document: when its current wave's progressDeadline passes for the
// last cluster pinned to the release (unix seconds), 0 when no deadline applies.
double wave_deadline_seconds(const Json& app);

// The status document's text (status_body) and each app's (app_bodies: the document with that
// app alone), byte for byte as `fleetwave status --output json` prints them; each app written once.
void write_status_bodies(const Json& doc, Snapshot& snapshot);

// What a snapshot carries beyond the API's documents.
struct SnapshotExtras {
  bool trails = false;      // each app's audit trail (the board is being looked at)
  std::int64_t now_ms = 0;  // wall clock, for the board's "time left"
  // Asked between the parts of a build: true abandons it (the result is null), so that a
  // waiting webhook's cycle runs first and publishes instead. Null: never.
  std::function<bool()> give_way;
};

class SnapshotBuilder {
 public:
  // `approval_rules`: whose approval counts, shown for the apps waiting for one.
  SnapshotBuilder(git::GitRepository& repo, StatusBuilder& status, std::string branch,
                  ApprovalRules approval_rules = {})
      : repo_(repo), status_(status), branch_(std::move(branch)), approval_rules_(std::move(approval_rules)) {}

  // `apps` gains each app's phase and current wave for the metrics. Null when it gave way.
  Result<std::shared_ptr<Snapshot>> build(const std::string& head, const CycleReport& cycle,
                                          std::map<std::string, AppGauge>& apps, const SnapshotExtras& extras = {});

  // The steps (Fleetwave-App, Fleetwave-Action) of the first-parent commits after `from` up to
  // `to`, oldest first: what landed in Git, whoever made it (a person's CLI rollback too).
  // Nothing when `from` is not within kStepScan commits of `to` (the branch was rewritten).
  Result<std::vector<std::pair<std::string, std::string>>> steps_between(const std::string& from,
                                                                         const std::string& to);
  static constexpr std::size_t kStepScan = 1000;

  // Audit trails hold at most this many steps per app, found in at most this many commits.
  static constexpr std::size_t kTrailSteps = 30;
  static constexpr std::size_t kTrailScan = 500;

 private:
  Status<> add_generator_answers(const std::string& head, Snapshot& snapshot);
  void add_commit_summaries(Snapshot& snapshot);
  void add_trails(const std::string& head, Snapshot& snapshot);

  git::GitRepository& repo_;
  StatusBuilder& status_;
  std::string branch_;
  ApprovalRules approval_rules_;
  std::map<std::string, std::pair<std::string, CannedAnswer>> answers_;  // app -> (blob id, answer)
  std::map<std::string, CommitSummary> commits_;                         // commits never change
  std::string trails_head_;                                              // trails_ were read there
  std::map<std::string, std::vector<StepRecord>> trails_;
};

}  // namespace fleetwave::serve
