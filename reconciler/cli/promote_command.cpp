// fleetwave promote APP --to-wave W | --full --reason T: fast-forwards the release in flight (a
// hotfix) past the bake, analysis and approvals of the waves up to W, as one commit.
#include "cli/app_lookup.h"
#include "cli/commands.h"
#include "cli/common_options.h"
#include "cli/manual_step.h"
#include "cli/signing_options.h"
#include "rollout/manual_actions.h"

namespace fleetwave::cli {
namespace {

int run_promote(CommandContext& ctx) {
  auto app = single_app_argument(ctx);
  if (!app.ok()) return ctx.fail(app.error());
  const bool full = ctx.args.has("full");
  if (full == ctx.args.has("to-wave")) return ctx.usage("promote needs either --to-wave W or --full");
  const std::string reason = ctx.args.get("reason");
  if (reason.empty()) return ctx.usage("promote needs --reason TEXT");
  std::optional<std::string> wave;
  if (!full) wave = ctx.args.get("to-wave");
  return run_manual_step(ctx, *app, [&](const WavePlan& plan, const RolloutState& state, std::int64_t) {
    return promote_step(plan, state, wave, reason);
  });
}

}  // namespace

CommandSpec promote_command() {
  return {"promote",
          "fast-forward a release through waves, skipping bake and approvals (one commit)",
          "fleetwave promote APP (--to-wave W | --full) --reason TEXT [flags]",
          "Records in .fleetwave/APP/state.yaml, in one commit, that the release in flight skips the\n"
          "minSuccessTime, analysis and approval of every wave up to W (--full: every wave), and pins\n"
          "each of those waves whole. Health is never skipped: a Degraded cluster still fails its wave.\n"
          "With `fastForward: approval-required` in the WavePlan it takes effect once W is approved.",
          flags_of({{{"to-wave", "W", "the last wave to fast-forward", false},
                     {"full", "", "fast-forward every remaining wave", false},
                     {"reason", "TEXT", "why (recorded in the state and the commit; required)", false}},
                    repository_flags(),
                    {person_author_flag(), signing_key_flag(), dry_run_flag()}}),
          &run_promote};
}

}  // namespace fleetwave::cli
