// Which apps of a commit are hydrated, and onto which branch: FleetSettings spec.hydration in
// policies/ (the fleet's choice) and each WavePlan's spec.hydrate (the app's). Read at the
// tracked branch's head, like every other setting of a cycle.
#pragma once

#include <string>
#include <vector>

#include "adapters/git/git_repository.h"
#include "base/result.h"
#include "model/fleet_settings.h"
#include "reconcile/app_discovery.h"
#include "reconcile/repo_snapshot.h"

namespace fleetwave {

// The FleetSettings of policies/ at `commit` (defaults when there is none) and the file that
// holds them ("" when none). Problems carry file, line, column and field.
struct LocatedFleetSettings {
  FleetSettings settings;
  std::string file;
};
Result<LocatedFleetSettings, ErrorList> read_fleet_settings(git::GitRepository& repo, BlobCache& blobs,
                                                            const std::string& commit,
                                                            const RepoLayoutNames& layout = {});

struct HydratedApp {
  std::string name;
  std::string path;
};

// The apps written to the hydrated branch: those whose WavePlan says spec.hydrate: true, or says
// nothing while the fleet's spec.hydration.enabled is true. None when no targetBranch is set, and
// none of the apps whose WavePlan is broken (their targets.json does not move either).
std::vector<HydratedApp> hydrated_apps(const HydrationSettings& settings, const std::vector<AppDefinition>& apps);

// Whether `app` is hydrated (the same rule, for one app: `fleetwave appset`).
bool app_is_hydrated(const HydrationSettings& settings, const AppDefinition& app);

}  // namespace fleetwave
