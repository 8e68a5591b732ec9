// The board's actions: approve, pause, resume, rollback, promote, hold and release-hold, taken
// from an app's page by a person board.actorsFile lists (board_actors.h), each one commit
// authored by them and made exactly as the CLI makes it (reconcile/manual_change.h).
//
//   GET  /signin                               asks for an actor's basic credentials, then back to /
//   GET  /api/v1/apps/<app>/actions            what this viewer may do to the app now, and the
//                                              CSRF token their requests must carry
//   POST /api/v1/apps/<app>/actions/<action>   {"reason", "wave", "clusters", "dryRun"}: with dryRun
//                                              the commit that would be written (message and diff),
//                                              else the commit written and pushed
//
// A POST needs an actor's credentials (401), the action's right (403), the X-Fleetwave-CSRF
// header of that actor (403) and, when the browser names one, a same-origin request (403). Pages
// stay shared by every viewer: only these answers are per person.
//
// Thread-safety: called from the HTTP threads; `take_step` serialises with the reconcile cycle.
#pragma once

#include <functional>
#include <string>

#include "adapters/git/git_repository.h"
#include "base/json.h"
#include "reconcile/manual_change.h"
#include "serve/board_actors.h"
#include "serve/json_log.h"
#include "serve/serve_api.h"
#include "serve/serve_state.h"
#include "serve/trigger_queue.h"

namespace fleetwave::serve {

// Reconciler::take_manual_step, run where the cycle cannot run at the same time.
using TakeStep = std::function<Result<ManualOutcome>(const std::string& app, const ManualRequest& request,
                                                     const git::Signature& person, bool dry_run)>;

class BoardActions {
 public:
  BoardActions(BoardActors actors, TakeStep take_step, ServeState& state, TriggerQueue& triggers, JsonLog& log)
      : actors_(std::move(actors)), take_step_(std::move(take_step)), state_(state), triggers_(triggers), log_(log) {}

  const BoardActors& actors() const { return actors_; }
  ApiResponse sign_in(const ApiRequest& request) const;
  ApiResponse offered(const std::string& app, const ApiRequest& request) const;
  ApiResponse act(const std::string& app, const std::string& action, const ApiRequest& request) const;

 private:
  BoardActors actors_;
  TakeStep take_step_;
  ServeState& state_;
  TriggerQueue& triggers_;
  JsonLog& log_;
};

// The actions `actor` may take on `app` (its entry of the status document) as it stands: each
// {"action", "needsReason", "takesClusters", "wave"?}. The commit is what decides: an offered
// action may still be refused when the app moved meanwhile.
Json offered_actions(const Json& app, const BoardActor& actor);

// Why a POST from a browser is not the board's own (a cross-site form or fetch), or "".
std::string cross_site_reason(const ApiRequest& request);

}  // namespace fleetwave::serve
