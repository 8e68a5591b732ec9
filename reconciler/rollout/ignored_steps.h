// What the engine does about changes of an app's rollout state that approvals.allowedSigners did
// not let count (not signed by an allowed key nor by the reconciler, and more than a pause; found
// by reconcile/step_trust.h). Never a silent advance, never a silent undo: one commit says what
// was ignored and why, and writes back the state before the oldest ignored change (state.yaml and
// targets.json), so what Argo CD deploys is again what counts.
//
//   reject  the ignored changes are the app's newest: the step can be taken again, signed
//   pause   changes that counted were made on top of them: they are written back too, and the
//           app pauses until a person looks and runs a signed `fleetwave resume`
// Pure.
#pragma once

#include <string>
#include <vector>

#include "rollout/rollout_state.h"
#include "rollout/wave_plan.h"

namespace fleetwave {

struct Step;

struct IgnoredSteps {
  std::vector<std::string> lines;  // newest first: "approve in 1a2b3c4 by Eve <eve@x>: not signed by ..."
  std::string oldest;              // the oldest ignored change's commit
  std::string oldest_parent;       // its first parent: the state that counts is read there
  std::string oldest_action;       // what its diff does ("approve", "resume", "pin change", ...)
  bool later_steps = false;        // changes that counted were made on top of them
};

// The reject or pause step for `ignored`; `state` is the state before the oldest ignored change.
Step ignored_steps_step(const WavePlan& plan, const RolloutState& state, const IgnoredSteps& ignored);

}  // namespace fleetwave
