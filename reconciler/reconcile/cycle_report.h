// What one reconcile cycle did: per app its report, the commits and approval branches pushed,
// and cycle-level problems. Read by the hooks, the finisher (cycle_summary.h) and the views.
#pragma once

#include <string>
#include <vector>

#include "reconcile/app_planner.h"

namespace fleetwave {

struct CycleReport {
  std::string head;                            // the branch head the final attempt planned from
  std::vector<AppReport> apps;                 // by app name
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
