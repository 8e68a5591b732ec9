// In hydrated mode Argo CD syncs the hydrated branch, so an Application reports a hydrated
// commit as its revision, never the pin. The wave engine matches on the pin (the stale-status
// race, rollout/observation.h), so a hydrated revision is read back to the pin it holds: the
// drySha of <app>/<cluster>/hydrator.metadata in that commit (hydrated_layout.h). A revision
// that is already a pin, or that holds no such file (plugin mode, or a commit not fetched yet),
// is left as it is: the cluster stays pending rather than counting on a guess.
//
// Argo CD syncs a directory only when it is OutOfSync, so a pin whose manifests are unchanged is
// compared (Synced) but never applied again: its applied revision is then counted as the pin
// when the commit last applied holds the very same manifest.yaml blob (the cluster runs the
// pin's exact bytes).
#pragma once

#include <map>
#include <string>

#include "adapters/git/git_repository.h"
#include "rollout/observation.h"
#include "rollout/rollout_state.h"

namespace fleetwave {

// Rewrites the revisions of `observations` (sync, operation, sync result) that name a hydrated
// commit of `app` into the pin that commit holds for the cluster. Returns how many it rewrote.
std::size_t read_hydrated_revisions(git::GitRepository& repo, const std::string& app,
                                    const std::map<std::string, Pin>& pins, Observations& observations);

}  // namespace fleetwave
