// What the engine does about people's steps that approvals.allowedSigners did not let count (an
// approve, resume, promote or release-hold, or an approval merge, not signed by an allowed key;
// found by reconcile/step_trust.h). Never a silent advance, never a silent undo: one commit says
// what was ignored and why.
//
//   reject  the ignored steps are the app's newest changes: the state before the oldest of them
//           is written back (the engine's input state is that state), so the branch head shows
//           again what counts and the step can be taken again, signed
//   pause   other changes were made on top of them: fleetwave cannot tell what to keep, so it
//           keeps the head's state and pauses until a signed `fleetwave resume`
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
  std::string oldest;              // the oldest ignored step's commit
  std::string oldest_action;       // its action ("approve"; "approval merge" for a merge)
  bool later_steps = false;        // other changes of the app were made on top of them
};

// The reject or pause step for `ignored`; `state` is the state before the oldest ignored step
// (reject) or the head's (pause).
Step ignored_steps_step(const WavePlan& plan, const RolloutState& state, const IgnoredSteps& ignored);

}  // namespace fleetwave
