// What one reconcile cycle did: per app its report, the commits and approval branches pushed,
// and cycle-level problems. Read by the hooks, the finisher (cycle_summary.h) and the views.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "reconcile/app_planner.h"

namespace fleetwave {

struct CycleReport {
  std::string head;             // the branch head the final attempt planned from
  std::vector<AppReport> apps;  // by app name: the apps this cycle planned
  // A cycle of changed apps (cycle_scope.h): the other apps' plans from the cycle that last
  // planned them, still true at this head. Never stepped, never logged again.
  std::vector<std::shared_ptr<const AppReport>> carried;
  // A cycle of every app abandoned before it wrote anything, so that a waiting webhook's cycle
  // runs first; nothing of it is published.
  bool interrupted = false;
  std::vector<std::string> commits;            // pushed step commits, oldest first
  std::vector<std::string> approval_branches;  // pushed this cycle
  std::vector<std::string> failovers;          // "eu-2: <evidence>" per automatic cordon committed
  int attempts = 0;                            // push attempts (1 without conflicts)
  int conflicts = 0;
  ErrorList errors;  // cycle-level problems (the app-level ones are in apps)
  // Unfreezes that did not count (approvals.allowedSigners; freeze_trust.h): the cycle then
  // writes only their reject and plans the apps next time.
  std::vector<std::string> ignored;
  // Hydrated mode: the hydrated branch ("" when off) and the commits pushed to it, oldest first.
  std::string hydrated_branch;
  std::vector<std::string> hydrated_commits;
};

}  // namespace fleetwave
