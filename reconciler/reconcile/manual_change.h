// A person's step of one app, whichever door it comes through: the CLI's approve, pause,
// resume, rollback, promote, hold and release-hold, and the board's buttons in `fleetwave
// serve`. One table of the actions and what each takes; the step is computed on the branch head
// from the app's WavePlan and state exactly as the engine's own steps are (rollout/manual_actions.h).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "adapters/git/git_repository.h"
#include "reconcile/repo_snapshot.h"
#include "rollout/rollout_engine.h"

namespace fleetwave {

// What a person's step wrote, or with a dry run would write.
struct ManualOutcome {
  std::string head;                   // the branch tip it was computed on
  std::string commit;                 // "" on a dry run
  std::string subject;                // its commit subject
  std::string message;                // the whole commit message, trailers included
  std::string diff;                   // of every file it writes, against `head`
  std::vector<std::string> unpinned;  // clusters whose Application Argo CD deletes
};

// What a person asks of an app.
struct ManualRequest {
  std::string action;                 // a ManualAction's name
  std::optional<std::string> wave;    // approve: the wave (default: the one waiting); promote: the last wave
  std::vector<std::string> clusters;  // hold, release-hold
  std::string reason;
};

struct ManualAction {
  std::string_view name;
  bool needs_reason = false;
  bool takes_clusters = false;
  bool needs_wave = false;  // promote: a wave, or every wave when none is named
};

// approve, pause, resume, rollback, promote, hold, release-hold: in this order.
std::span<const ManualAction> manual_actions();
const ManualAction* find_manual_action(std::string_view name);

// The step `request` makes; a refusal (nothing to approve, already paused, a missing reason...)
// is an InvalidInput or Conflict error saying why.
Result<Step> make_manual_step(const ManualRequest& request, const WavePlan& plan, const RolloutState& state,
                              std::int64_t now_ms);

// The step of `app` at `head` by a maker, with the files it writes. NotFound for an unknown app
// (naming the apps there are), InvalidInput for a broken WavePlan or a refused step.
using ManualStepMaker = std::function<Result<Step>(const WavePlan&, const RolloutState&)>;
struct PreparedStep {
  Step step;
  std::vector<git::FileChange> changes;
};
Result<PreparedStep> prepare_manual_step(git::GitRepository& repo, BlobCache& blobs, const std::string& head,
                                         const std::string& app, const ManualStepMaker& make);

// The clusters a change of targets.json unpins: Argo CD deletes their Applications.
std::vector<std::string> clusters_unpinned(git::GitRepository& repo, const std::string& head,
                                           const std::vector<git::FileChange>& changes);

// `git diff`-style text of every file of `changes` against `head`.
std::string changes_diff(git::GitRepository& repo, const std::string& head,
                         const std::vector<git::FileChange>& changes);

}  // namespace fleetwave
