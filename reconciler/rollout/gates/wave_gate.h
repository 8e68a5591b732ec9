// Wave gates: small named units the engine asks before a wave moves, each
// (GateContext) -> pass | wait(reason) | fail(evidence) | hold(evidence). The engine keeps the transitions
// (start, pin a batch, advance, complete, roll back, hold); the gates decide whether they may
// happen. builtin_wave_gates() (gates.cpp) is the one table, in evaluation order.
//
// Where a gate is asked (GatePoint):
//   Enter     before a wave starts (and again each cycle while a release waits at it)
//   Progress  each cycle while the wave rolls out, before its next batch is pinned
//   Leave     once every cluster of the wave is pinned, before the next wave starts
//
// Adding a gate: one file in this folder (its check function and its test) and one row in
// gates.cpp; docs/architecture.md walks through an example. A gate is pure: everything it may
// read is in the context (the plan, the state, observations, the clock's now).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rollout/observation.h"
#include "rollout/rollout_engine.h"

namespace fleetwave {

enum class GatePoint { Enter, Progress, Leave };

struct GateVerdict {
  // Hold: the release stops in place (pins kept) until a person resumes or rolls it back.
  enum class Kind { Pass, Wait, Fail, Hold };
  Kind kind = Kind::Pass;
  // Wait: why nothing moves (the status line). Fail: the evidence (commit message, state).
  // Pass: an optional note for the step that follows (approval: "approved").
  std::string reason;
  // Wait at Enter only: when set, the wait is recorded in Git as a "wait-<gate>" step whose body
  // says this, so a person can act on it (approval: how to approve). Empty: just wait.
  std::string request;
  // Wait at Enter only: a person's approval of the wave ends the wait (fleetwave approve, an
  // approval branch or request): the recorded wait asks for one.
  bool wants_approval = false;
  std::string_view gate;  // set by the engine: the gate that decided

  static GateVerdict pass(std::string note = {}) { return {Kind::Pass, std::move(note), {}, false, {}}; }
  static GateVerdict wait(std::string reason, std::string request = {}) {
    return {Kind::Wait, std::move(reason), std::move(request), false, {}};
  }
  static GateVerdict wait_for_approval(std::string reason, std::string request) {
    return {Kind::Wait, std::move(reason), std::move(request), true, {}};
  }
  static GateVerdict fail(std::string evidence) { return {Kind::Fail, std::move(evidence), {}, false, {}}; }
  static GateVerdict hold(std::string evidence) { return {Kind::Hold, std::move(evidence), {}, false, {}}; }
  bool passed() const { return kind == Kind::Pass; }
};

// One pinned cluster of the current wave, as Argo CD reports it.
struct ClusterProgress {
  std::string cluster;
  ClusterJudgement judgement;
  std::int64_t pinned_at_ms = 0;
};

// The current wave of the release, judged (wave_progress.cpp).
struct WaveProgress {
  std::vector<ClusterProgress> pinned;  // the wave's clusters pinned to the release, by name
  std::size_t total = 0;                // clusters in the wave
  std::vector<std::string> failures;    // "<cluster>: <why>": failed, or not healthy by progressDeadline
  struct Waiting {
    std::string cluster, detail;
  };
  std::vector<Waiting> waiting;            // still on the way
  std::optional<std::int64_t> done_since;  // the latest time a healthy cluster finished its sync
  bool bake_unknown = false;               // a healthy cluster without a finish time (bake from now)
};

struct GateContext {
  const EngineInput& in;
  const Wave& wave;
  std::size_t index = 0;  // of `wave` in the plan
  std::string label;      // "2/3 europe", for messages
  const ReleaseState& release;
  const WaveProgress* progress = nullptr;  // at Progress and Leave
};

struct WaveGate {
  std::string_view name;  // also the "wait-<name>" action of a recorded wait
  GatePoint point;
  GateVerdict (*check)(const GateContext& ctx);
};

// Every gate, in the order the engine asks them at each point.
const std::vector<WaveGate>& builtin_wave_gates();

// The gates at `point`, in order: the first that does not pass decides; when all pass, the
// first non-empty note is kept.
GateVerdict check_gates(GatePoint point, const GateContext& ctx);

// Judges the wave's pinned clusters (progress_deadline_gate.cpp says when one counts as failed).
WaveProgress wave_progress(const EngineInput& in, const ReleaseState& release);

// A pinned cluster past the wave's progressDeadline without being healthy: the failure line.
std::optional<std::string> past_progress_deadline(const Wave& wave, const ClusterProgress& cluster,
                                                  std::int64_t now_ms);

}  // namespace fleetwave
