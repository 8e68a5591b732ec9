// fleetwave approve APP [--wave W]: approves a wave of the release in flight (by default the
// one waiting for approval), as one commit.
#include "cli/app_lookup.h"
#include "cli/commands.h"
#include "cli/common_options.h"
#include "cli/manual_step.h"
#include "cli/signing_options.h"
#include "rollout/manual_actions.h"

namespace fleetwave::cli {
namespace {

int run_approve(CommandContext& ctx) {
  auto app = single_app_argument(ctx);
  if (!app.ok()) return ctx.fail(app.error());
  std::optional<std::string> wave;
  if (ctx.args.has("wave")) wave = ctx.args.get("wave");
  return run_manual_step(ctx, *app, [&](const WavePlan& plan, const RolloutState& state, std::int64_t) {
    return approve_step(plan, state, wave);
  });
}

}  // namespace

CommandSpec approve_command() {
  return {"approve",
          "approve a wave of the release in flight (one commit)",
          "fleetwave approve APP [--wave W] [flags]",
          "Records the approval of wave W (default: the wave waiting for approval; later waves may be\n"
          "approved in advance) in .fleetwave/APP/state.yaml, in one commit with Fleetwave-* trailers.\n"
          "With --repo the commit is pushed to the branch; otherwise it is made in the current checkout,\n"
          "ready to push or to propose as a pull request. Prints \"<short sha> <subject>\".",
          flags_of({{{"wave", "W", "the wave to approve (default: the one waiting for approval)", false}},
                    repository_flags(),
                    {person_author_flag(), signing_key_flag(), dry_run_flag()}}),
          &run_approve};
}

}  // namespace fleetwave::cli
