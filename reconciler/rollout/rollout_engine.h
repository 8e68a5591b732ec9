// The wave engine: a pure function from (plan, state, waves, observations, now) to the next
// rollout step, i.e. the next state, pins and commit message. At most one step per call; the
// reconciler commits it and Argo CD needs time to act on it before the next call.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "rollout/analysis/measurement_verdict.h"
#include "rollout/commit_message.h"
#include "rollout/deletion_guard.h"
#include "rollout/freezes.h"
#include "rollout/ignored_steps.h"
#include "rollout/observation.h"
#include "rollout/rollout_state.h"
#include "rollout/wave_assignment.h"
#include "rollout/wave_plan.h"
#include "rollout/windows/rollout_windows.h"

namespace fleetwave {

// A commit that changed .fleetwave/<app>/ without being fleetwave's (e.g. `git revert`).
struct ForeignChange {
  std::string commit;
  std::string subject;
};

// Where an app named in spec.dependsOn stands, read at the branch head (dependencies gate).
struct DependencyStatus {
  std::string app;
  bool stable = false;                       // no release in flight and none pending
  std::string release;                       // the release in flight, if any
  std::vector<std::string> completed_waves;  // waves that release has completed
  std::string detail;                        // why it is not stable, in words
};

// One analysis check of the release's current wave, as measured this cycle (reconcile's analyze
// step): per cluster, or once for the wave (cluster "").
struct AnalysisStatus {
  std::string check;
  std::string cluster;
  std::string condition;  // the successCondition (and failureCondition), for evidence
  CheckVerdict verdict;   // Running with nothing taken while no measurement is due
  std::string error;      // why nothing could be measured now (provider down or unset): the wave waits
};

// "error-rate on eu-1 (result < 0.05): <verdict summary or error>", for status and evidence.
std::string describe(const AnalysisStatus& status);
// The check ended Failed or Error (measured, not a provider outage).
bool analysis_failed(const AnalysisStatus& status);

struct EngineInput {
  const WavePlan* plan = nullptr;
  RolloutState state;                           // as read at the branch head (a fresh one for a new app)
  std::string head_revision;                    // the branch head: the candidate release if inputs changed
  std::string head_inputs;                      // input digest at the head
  WaveAssignment waves;                         // clusters reached at the stable or the candidate revision
  std::vector<std::string> candidate_clusters;  // reached at the head, sorted
  std::map<std::string, std::string> servers;   // cluster -> Argo CD destination
  Observations observations;
  std::optional<ForeignChange> foreign_change;
  // Changes not signed by an allowed key (reject or pause first; `state` is then the state
  // before them: rollout/ignored_steps.h).
  std::optional<IgnoredSteps> ignored;
  std::vector<DependencyStatus> dependencies;  // one per spec.dependsOn entry, in its order
  std::vector<Freeze> freezes;                 // .fleetwave/freezes.yaml at the head (freeze gate)
  std::vector<AnalysisStatus> analysis;        // the current wave's checks (analysis gate)
  std::vector<RolloutWindow> windows;          // RolloutWindows of policies/ at the head (window gate)
  std::vector<Cluster> inventory;              // the Cluster objects, for windows' cluster selectors
  // The app's namespace (the one its templates name; "" when they name several or none), for
  // the namespaces of RolloutWindows.
  std::string app_namespace;
  // Clusters the candidate deletes objects from, compared with the stable release, by name
  // (deletion-guard gate; empty for a first release).
  std::vector<ClusterDeletions> deletions;
  // Clusters cordoned at the head (.fleetwave/cordons.yaml), sorted: pinned with their wave, never
  // waited for (often down while cordoned); their health counts neither for nor against a wave.
  std::vector<std::string> cordoned;
  // The cordon overlay at the head as a document (model/cordons.h cordons_document; an empty
  // list without the file): a new release keeps it for the clusters its rollback returns.
  Json head_cordons;
  // Clusters the head's inventory adds to the release in flight's when that is the head's only
  // change (sorted): the release continues at the head instead of restarting.
  std::vector<std::string> joined;
  std::int64_t now_ms = 0;
};

struct Step {
  std::string action;  // one of kActions
  RolloutState next;
  CommitMessage message;
  std::optional<std::string> approval_wave;  // wait-approval: ask for approval of this wave
  // Who took the step, for the Fleetwave-Actor trailer; "" means the commit's author.
  std::string actor;
};

struct Decision {
  std::optional<Step> step;
  std::string blocked;     // without a step: why nothing moves ("" when up to date)
  std::string blocked_by;  // the gate that waits ("bake", "approval", ...); "" when not a gate
};

Decision decide(const EngineInput& in);

// Whether wave `index` of the release is promoted past its bake, analysis and approval
// (`fleetwave promote`; with fastForward: approval-required, once the target wave is approved).
bool fast_forwarded(const WavePlan& plan, const ReleaseState& release, std::size_t index);

// The branch whose merge approves `wave` of a release: fleetwave/approve/<app>/<release7>/<wave>.
std::string approval_branch_name(const std::string& app, const std::string& revision, const std::string& wave);

// The input digest of an app at a commit: the tree ids of its directory, clusters/ and policies/,
// and the blob id of the cordon overlay .fleetwave/cordons.yaml when there is one.
std::string input_digest(const std::string& app_tree, const std::string& clusters_tree,
                         const std::string& policies_tree, const std::string& cordons_blob = "");
// Which inputs differ between two digests ("app directory", "clusters/", ...), for messages.
std::vector<std::string> changed_inputs(const std::string& from, const std::string& to);
// True when only clusters/ differs (clusters joining or leaving the inventory, or edits).
bool only_inventory_changed(const std::string& from, const std::string& to);
// True when only the cordon overlay differs (a failover or its end: spec.failover.expedite).
bool only_cordons_changed(const std::string& from, const std::string& to);
// True when both digests name the same cordon overlay (or neither has one).
bool cordons_equal(const std::string& from, const std::string& to);

}  // namespace fleetwave
