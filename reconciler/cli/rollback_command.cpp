// fleetwave rollback APP --reason T: returns every cluster on the release in flight to the
// stable release and holds the release.
#include "cli/app_lookup.h"
#include "cli/commands.h"
#include "cli/common_options.h"
#include "cli/manual_step.h"
#include "cli/signing_options.h"
#include "rollout/manual_actions.h"

namespace fleetwave::cli {
namespace {

int run_rollback(CommandContext& ctx) {
  auto app = single_app_argument(ctx);
  if (!app.ok()) return ctx.fail(app.error());
  const std::string reason = ctx.args.get("reason");
  if (reason.empty()) return ctx.usage("rollback needs --reason TEXT");
  return run_manual_step(ctx, *app, [&](const WavePlan& plan, const RolloutState& state, std::int64_t now_ms) {
    return rollback_step(plan, state, reason, now_ms);
  });
}

}  // namespace

CommandSpec rollback_command() {
  return {"rollback",
          "return the release in flight to the stable release and hold it (one commit)",
          "fleetwave rollback APP --reason TEXT [flags]",
          "Pins every cluster that runs the release in flight back to the stable release (unpins them\n"
          "when there is none) and holds the release until a newer one or `fleetwave resume APP`.\n"
          "One commit; with --repo it is pushed, otherwise it is made in the current checkout.",
          flags_of({{{"reason", "TEXT", "why (recorded in the state and the commit; required)", false}},
                    repository_flags(),
                    {person_author_flag(), signing_key_flag(), dry_run_flag()}}),
          &run_rollback};
}

}  // namespace fleetwave::cli
