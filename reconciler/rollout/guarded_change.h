// What a commit changed of what approvals.allowedSigners guards, judged from its diff alone and
// never from its message: an app's rollout state (.fleetwave/<app>/: approvals, pauses,
// promotions, holds, pins) and the fleet's controls (.fleetwave/freezes.yaml,
// .fleetwave/cordons.yaml). A change that only stops things (a pause, a new freeze) counts
// unsigned; every other change counts only when an allowed key or the reconciler's own key signed
// its commit (reconcile/step_trust.h). Pure.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "model/cordons.h"
#include "rollout/freezes.h"
#include "rollout/rollout_state.h"

namespace fleetwave {

struct GuardedChange {
  std::string what;        // a word for people: "approve", "resume", "unfreeze", "cordon", ...
  bool stop_only = false;  // a pause or a new freeze: counts unsigned
};

// The app's directory as a commit holds it. `state` is nullopt when state.yaml is missing or
// does not parse; `targets` is targets.json's text ("" when missing); `others` stands for every
// other file of the directory (their blob ids, joined).
struct AppFiles {
  std::optional<RolloutState> state;
  std::string targets;
  std::string others;
};

// nullopt when nothing of the app's directory changed.
std::optional<GuardedChange> classify_app_change(const AppFiles& before, const AppFiles& after);

std::optional<GuardedChange> classify_freeze_change(const std::vector<Freeze>& before,
                                                    const std::vector<Freeze>& after);
std::optional<GuardedChange> classify_cordon_change(const std::vector<Cordon>& before,
                                                    const std::vector<Cordon>& after);

// The fleet's controls with the changes of the ignored commits undone on top of `head`'s: the
// freezes they lifted are back, the cordons they added are gone and the ones they removed are
// back (a cluster cordoned again meanwhile keeps its newer cordon). `ignored` holds each ignored
// commit's (before, after), newest first.
template <typename T>
struct ControlDiff {
  std::vector<T> before;
  std::vector<T> after;
};
std::vector<Freeze> undo_freeze_changes(std::vector<Freeze> head, const std::vector<ControlDiff<Freeze>>& ignored);
std::vector<Cordon> undo_cordon_changes(std::vector<Cordon> head, const std::vector<ControlDiff<Cordon>>& ignored);

}  // namespace fleetwave
