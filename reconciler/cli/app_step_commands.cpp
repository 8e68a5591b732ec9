// fleetwave approve | pause | resume | rollback | promote | hold | release-hold: the commands a
// person runs to write one step of one app (reconcile/manual_change.h, which the board's buttons
// share) as one commit. One row each: its help and its own flags. Reading the arguments, the checks and the commit are
// shared (manual_step.h), so adding such a command is one row and one line in commands.cpp.
#include <array>

#include "cli/app_lookup.h"
#include "cli/commands.h"
#include "cli/common_options.h"
#include "cli/manual_step.h"
#include "cli/signing_options.h"

namespace fleetwave::cli {
namespace {

struct AppStepCommand {
  std::string_view name;
  std::string_view summary;
  std::string_view usage;
  std::string_view description;
  std::vector<FlagSpec> own_flags;  // besides --reason
  // A usage mistake only this command can make, checked before --reason; "" when fine.
  std::string (*misuse)(const ParsedArgs&) = nullptr;
};

// Built once at start-up; spec_of<N>() reads row N.
const std::array<AppStepCommand, 7> kAppStepCommands = {{
    {"approve",
     "approve a wave of the release in flight (one commit)",
     "fleetwave approve APP [--wave W] [flags]",
     "Records the approval of wave W (default: the wave waiting for approval; later waves may be\n"
     "approved in advance) in .fleetwave/APP/state.yaml, in one commit with Fleetwave-* trailers.\n"
     "With --repo the commit is pushed to the branch; otherwise it is made in the current checkout,\n"
     "ready to push or to propose as a pull request. Prints \"<short sha> <subject>\".",
     {{"wave", "W", "the wave to approve (default: the one waiting for approval)", false}}},
    {"pause",
     "stop automation for an app until resume (one commit)",
     "fleetwave pause APP --reason TEXT [flags]",
     "Marks the app paused in .fleetwave/APP/state.yaml, in one commit: the reconciler takes no\n"
     "step for it until `fleetwave resume APP`. Pins stay where they are.\n"
     "With --repo the commit is pushed; otherwise it is made in the current checkout.",
     {}},
    {"resume",
     "end a pause, or restart a held release (one commit)",
     "fleetwave resume APP [flags]",
     "Ends a pause of the app; or restarts a held release: from the first wave when it was rolled\n"
     "back, from where it stopped when it was held in place. One commit; with --repo it is pushed,\n"
     "otherwise it is made in the current checkout.",
     {}},
    {"rollback",
     "return the release in flight to the stable release and hold it (one commit)",
     "fleetwave rollback APP --reason TEXT [flags]",
     "Pins every cluster that runs the release in flight back to the stable release (unpins them\n"
     "when there is none) and holds the release until a newer one or `fleetwave resume APP`.\n"
     "One commit; with --repo it is pushed, otherwise it is made in the current checkout.",
     {}},
    {"promote",
     "fast-forward a release through waves, skipping bake and approvals (one commit)",
     "fleetwave promote APP (--to-wave W | --full) --reason TEXT [flags]",
     "Records in .fleetwave/APP/state.yaml, in one commit, that the release in flight skips the\n"
     "minSuccessTime, analysis and approval of every wave up to W (--full: every wave), and pins\n"
     "each of those waves whole. Health is never skipped: a Degraded cluster still fails its wave.\n"
     "With `fastForward: approval-required` in the WavePlan it takes effect once W is approved.",
     {{"to-wave", "W", "the last wave to fast-forward", false},
      {"full", "", "fast-forward every remaining wave", false}},
     [](const ParsedArgs& args) {
       return args.has("full") == args.has("to-wave") ? std::string("promote needs either --to-wave W or --full")
                                                      : std::string();
     }},
    {"hold",
     "keep clusters of an app out of rollouts (one commit)",
     "fleetwave hold APP CLUSTER... --reason TEXT [flags]",
     "Records a hold of each CLUSTER in .fleetwave/APP/state.yaml, in one commit: held clusters\n"
     "keep their pin, are never pinned to a release and count against no wave's gates, so the\n"
     "rest of the rollout proceeds. Refused for a cluster without an Application of APP and when\n"
     "it would hold every cluster of a wave. `fleetwave release-hold` ends it.",
     {}},
    {"release-hold",
     "end holds of clusters; they catch up (one commit)",
     "fleetwave release-hold APP CLUSTER... [flags]",
     "Removes the holds of each CLUSTER, in one commit. The reconciler then pins each released\n"
     "cluster where the rest of its wave is: the release in flight when its wave was already\n"
     "reached, else the stable release (an `advance` step \"catch up ... (hold released)\").",
     {}},
}};

// What the command takes (APP CLUSTER... or APP; --reason) is the action's (reconcile/manual_change.h).
const ManualAction& action_of(const AppStepCommand& row) { return *find_manual_action(row.name); }

int run_app_step(CommandContext& ctx, const AppStepCommand& row) {
  const ManualAction& action = action_of(row);
  ManualRequest request{std::string(row.name), std::nullopt, {}, ctx.args.get("reason")};
  for (const char* wave_flag : {"wave", "to-wave"}) {  // approve's wave; promote's last wave (--full: none)
    if (ctx.args.has(wave_flag)) request.wave = ctx.args.get(wave_flag);
  }
  const std::vector<std::string>& positionals = ctx.args.positionals;
  if (action.takes_clusters && positionals.size() < 2) return ctx.usage("expected APP and at least one CLUSTER");
  auto app = action.takes_clusters ? Result<std::string, CliFailure>(positionals[0]) : single_app_argument(ctx);
  if (!app.ok()) return ctx.fail(app.error());
  if (action.takes_clusters) request.clusters.assign(positionals.begin() + 1, positionals.end());
  if (row.misuse != nullptr) {
    if (std::string why = row.misuse(ctx.args); !why.empty()) return ctx.usage(why);
  }
  if (action.needs_reason && request.reason.empty()) return ctx.usage(std::string(row.name) + " needs --reason TEXT");
  return run_manual_step(ctx, *app, request);
}

template <std::size_t Index>
int run_row(CommandContext& ctx) {
  return run_app_step(ctx, kAppStepCommands[Index]);
}

template <std::size_t Index>
CommandSpec spec_of() {
  const AppStepCommand& row = kAppStepCommands[Index];
  std::vector<FlagSpec> own = row.own_flags;
  if (action_of(row).needs_reason)
    own.push_back({"reason", "TEXT", "why (recorded in the state and the commit; required)", false});
  return {row.name, row.summary, row.usage, row.description, manual_step_flags(own), &run_row<Index>};
}

}  // namespace

CommandSpec approve_command() { return spec_of<0>(); }
CommandSpec pause_command() { return spec_of<1>(); }
CommandSpec resume_command() { return spec_of<2>(); }
CommandSpec rollback_command() { return spec_of<3>(); }
CommandSpec promote_command() { return spec_of<4>(); }
CommandSpec hold_command() { return spec_of<5>(); }
CommandSpec release_hold_command() { return spec_of<6>(); }

}  // namespace fleetwave::cli
