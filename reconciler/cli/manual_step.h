// The shared half of the app-step commands (cli/app_step_commands.cpp): read the app's WavePlan and
// rollout state at the branch head, compute the step (rollout/manual_actions.h), and write
// .fleetwave/<app>/state.yaml and targets.json in one commit carrying the step's message.
//
// With --repo the commit is built on the fetched tip and pushed fast-forward through the
// StepWriter (reconcile/step_writer.h); a rejected push (someone else moved the branch) means
// fetch, compute the step again from the new head, retry, with the cycle's retry policy.
// Without --repo the commit is made in the current checkout
// with WorktreeCommitter (working tree, index and HEAD stay consistent), ready to be pushed or
// proposed as a pull request.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "adapters/git/git_repository.h"
#include "base/result.h"
#include "cli/command_context.h"
#include "reconcile/manual_change.h"
#include "rollout/rollout_engine.h"

namespace fleetwave::cli {

// Runs the whole command for `app` and prints "<short sha> <subject>". Exit 1 for a refused
// step (nothing to approve, unknown app, already paused...), 3 when Git could not be used.
int run_manual_step(CommandContext& ctx, const std::string& app, const ManualRequest& request);

class Workspace;

// A manual commit that is no single app's step (`fleetwave freeze|unfreeze`): its message, who
// acted ("" = the author) and the files it writes.
struct PreparedChange {
  CommitMessage message;
  std::string actor;
  std::vector<git::FileChange> changes;
};
// Computes the change on `head`; called again on a fresh head when the push races another writer.
using ChangePreparer = std::function<Result<PreparedChange, CliFailure>(Workspace& ws, const std::string& head)>;

// run_manual_step for any change: the same local-commit or push-with-retries paths.
int run_manual_change(CommandContext& ctx, const ChangePreparer& prepare);

}  // namespace fleetwave::cli
