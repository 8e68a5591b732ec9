// fleetwave resume APP: ends a pause, or restarts a held (rolled back) release.
#include "cli/app_lookup.h"
#include "cli/commands.h"
#include "cli/common_options.h"
#include "cli/manual_step.h"
#include "cli/signing_options.h"
#include "rollout/manual_actions.h"

namespace fleetwave::cli {
namespace {

int run_resume(CommandContext& ctx) {
  auto app = single_app_argument(ctx);
  if (!app.ok()) return ctx.fail(app.error());
  return run_manual_step(ctx, *app, [](const WavePlan& plan, const RolloutState& state, std::int64_t now_ms) {
    return resume_step(plan, state, now_ms);
  });
}

}  // namespace

CommandSpec resume_command() {
  return {"resume",
          "end a pause, or restart a held release (one commit)",
          "fleetwave resume APP [flags]",
          "Ends a pause of the app; or restarts a held release: from the first wave when it was rolled\n"
          "back, from where it stopped when it was held in place. One commit; with --repo it is pushed,\n"
          "otherwise it is made in the current checkout.",
          flags_of({repository_flags(), {person_author_flag(), signing_key_flag(), dry_run_flag()}}),
          &run_resume};
}

}  // namespace fleetwave::cli
