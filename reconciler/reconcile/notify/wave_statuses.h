// The commit statuses a release's waves show after a step, one per wave, context
// "fleetwave/<app>/<wave>", on the release's commit. Pure.
//
// Where wave states come from: the step the cycle pushed, and the state it leaves the app in
// (Step::next): the reconcile cycle's decision is the source of truth, not a re-read of the
// branch or Argo CD. With a release in flight, waves before the current one are success, the
// current one running (pending while it waits for an approval or the app is paused) and
// failure once the release is held after a failed wave (rollback with onFailure: rollback,
// hold with onFailure: pause); later waves get no status until they start. A complete step
// marks every wave success; a rollback that ends the release (inputs reverted) marks its wave
// failure. A start that replaces a release still in flight marks the old release's current
// wave canceled ("superseded").
#pragma once

#include <string>
#include <vector>

#include "adapters/hosting/commit_status.h"
#include "reconcile/app_planner.h"

namespace fleetwave {

// "fleetwave/<app>/<wave>".
std::string status_context(const std::string& app, const std::string& wave);

// "<board_url>/apps/<app>" ("" when board_url is ""); a trailing "/" of board_url is ignored.
std::string board_app_url(const std::string& board_url, const std::string& app);

// The statuses after `app`'s step (none without a step or a plan).
std::vector<CommitStatus> wave_statuses(const PlannedApp& app, const std::string& board_url);

}  // namespace fleetwave
