// Reads every .fleetwave/<app>/targets.json at a commit: the input of the simulated
// ApplicationSets (one per app directory, each a git files generator over its targets.json).
#pragma once

#include <map>
#include <string>
#include <vector>

#include "adapters/git/git_repository.h"
#include "argocd_sim/target_entries.h"
#include "base/result.h"

namespace fleetwave::sim {

struct FleetTargets {
  // appset (app directory) -> entries; an app directory without targets.json has none.
  std::map<std::string, std::vector<TargetEntry>> appsets;
  // appset -> why its targets.json was rejected; its Applications must be left as they are,
  // as the ApplicationSet controller does when a generator fails.
  std::map<std::string, Error> errors;
};

// Errors only for Git failures (the commit is unreadable); bad files go to FleetTargets::errors.
[[nodiscard]] Result<FleetTargets> read_fleet_targets(git::GitRepository& repo, const std::string& commit);

}  // namespace fleetwave::sim
