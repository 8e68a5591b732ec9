// What the reconcile cycle lets other parts add to it, without knowing them: the cycle owns this
// interface, approvals (reconcile/approvals/approval_hook.h) implement it. Hooks run in the order
// given in ReconcilerOptions::hooks.
#pragma once

#include <vector>

#include "adapters/git/git_repository.h"

namespace fleetwave {

struct PlannedApp;
struct CycleReport;
class StepWriter;

// What a hook may use to write: the cycle's step writer and author.
struct HookContext {
  StepWriter& writer;
  const git::Signature& author;
  const std::string& branch;  // the tracked branch
};

class CycleHook {
 public:
  virtual ~CycleHook() = default;

  // Once at the start of every cycle, before its first push attempt (per-cycle caches start
  // afresh here; they may live across the push attempts of one cycle).
  virtual void cycle_started() {}

  // Once per push attempt, after every app was planned and before the steps are committed. May
  // give an app a step (e.g. an approval a reviewer gave).
  virtual void before_commit(HookContext& ctx, std::vector<PlannedApp>& planned) = 0;

  // Once the steps are on the tracked branch: report.commits holds one commit per step, in the
  // order of `planned`. Problems go to the report; they never undo the push.
  virtual void after_push(HookContext& ctx, const std::vector<PlannedApp>& planned, CycleReport& report) = 0;
};

}  // namespace fleetwave
