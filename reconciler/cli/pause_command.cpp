// fleetwave pause APP --reason T: stops automation for the app until `fleetwave resume`.
#include "cli/app_lookup.h"
#include "cli/commands.h"
#include "cli/common_options.h"
#include "cli/manual_step.h"
#include "cli/signing_options.h"
#include "rollout/manual_actions.h"

namespace fleetwave::cli {
namespace {

int run_pause(CommandContext& ctx) {
  auto app = single_app_argument(ctx);
  if (!app.ok()) return ctx.fail(app.error());
  const std::string reason = ctx.args.get("reason");
  if (reason.empty()) return ctx.usage("pause needs --reason TEXT");
  return run_manual_step(ctx, *app, [&](const WavePlan& plan, const RolloutState& state, std::int64_t) {
    return pause_step(plan, state, reason);
  });
}

}  // namespace

CommandSpec pause_command() {
  return {"pause",
          "stop automation for an app until resume (one commit)",
          "fleetwave pause APP --reason TEXT [flags]",
          "Marks the app paused in .fleetwave/APP/state.yaml, in one commit: the reconciler takes no\n"
          "step for it until `fleetwave resume APP`. Pins stay where they are.\n"
          "With --repo the commit is pushed; otherwise it is made in the current checkout.",
          flags_of({{{"reason", "TEXT", "why (recorded in the state and the commit; required)", false}},
                    repository_flags(),
                    {person_author_flag(), signing_key_flag(), dry_run_flag()}}),
          &run_pause};
}

}  // namespace fleetwave::cli
