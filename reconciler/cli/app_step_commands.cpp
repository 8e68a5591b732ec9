// fleetwave approve | pause | resume | rollback | promote | hold | release-hold: the commands a
// person runs to write one step of one app (rollout/manual_actions.h) as one commit. One row
// each: what the command takes (APP, or APP CLUSTER...), whether it needs --reason, its own
// flags and the step it makes. Reading the arguments, the checks and the commit are shared
// (manual_step.h), so adding such a command is one row and one line in commands.cpp.
#include <array>

#include "cli/app_lookup.h"
#include "cli/commands.h"
#include "cli/common_options.h"
#include "cli/manual_step.h"
#include "cli/signing_options.h"
#include "rollout/manual_actions.h"

namespace fleetwave::cli {
namespace {

// What a step is made from besides the plan, the state and the time.
struct StepRequest {
  std::vector<std::string> clusters;  // commands that take APP CLUSTER...
  std::string reason;
  const ParsedArgs& args;
};

using MakeStep = Result<Step> (*)(const StepRequest&, const WavePlan&, const RolloutState&, std::int64_t now_ms);

struct AppStepCommand {
  std::string_view name;
  std::string_view summary;
  std::string_view usage;
  std::string_view description;
  bool takes_clusters = false;  // APP CLUSTER... rather than APP
  bool needs_reason = false;
  std::vector<FlagSpec> own_flags;  // besides --reason
  MakeStep make = nullptr;
  // A usage mistake only this command can make, checked before --reason; "" when fine.
  std::string (*misuse)(const ParsedArgs&) = nullptr;
};

std::optional<std::string> optional_flag(const ParsedArgs& args, const std::string& name) {
  return args.has(name) ? std::optional<std::string>(args.get(name)) : std::nullopt;
}

// Built once at start-up; spec_of<N>() reads row N.
const std::array<AppStepCommand, 7> kAppStepCommands = {{
    {"approve",
     "approve a wave of the release in flight (one commit)",
     "fleetwave approve APP [--wave W] [flags]",
     "Records the approval of wave W (default: the wave waiting for approval; later waves may be\n"
     "approved in advance) in .fleetwave/APP/state.yaml, in one commit with Fleetwave-* trailers.\n"
     "With --repo the commit is pushed to the branch; otherwise it is made in the current checkout,\n"
     "ready to push or to propose as a pull request. Prints \"<short sha> <subject>\".",
     false,
     false,
     {{"wave", "W", "the wave to approve (default: the one waiting for approval)", false}},
     [](const StepRequest& r, const WavePlan& plan, const RolloutState& state, std::int64_t) {
       return approve_step(plan, state, optional_flag(r.args, "wave"));
     }},
    {"pause",
     "stop automation for an app until resume (one commit)",
     "fleetwave pause APP --reason TEXT [flags]",
     "Marks the app paused in .fleetwave/APP/state.yaml, in one commit: the reconciler takes no\n"
     "step for it until `fleetwave resume APP`. Pins stay where they are.\n"
     "With --repo the commit is pushed; otherwise it is made in the current checkout.",
     false,
     true,
     {},
     [](const StepRequest& r, const WavePlan& plan, const RolloutState& state, std::int64_t) {
       return pause_step(plan, state, r.reason);
     }},
    {"resume",
     "end a pause, or restart a held release (one commit)",
     "fleetwave resume APP [flags]",
     "Ends a pause of the app; or restarts a held release: from the first wave when it was rolled\n"
     "back, from where it stopped when it was held in place. One commit; with --repo it is pushed,\n"
     "otherwise it is made in the current checkout.",
     false,
     false,
     {},
     [](const StepRequest&, const WavePlan& plan, const RolloutState& state, std::int64_t now_ms) {
       return resume_step(plan, state, now_ms);
     }},
    {"rollback",
     "return the release in flight to the stable release and hold it (one commit)",
     "fleetwave rollback APP --reason TEXT [flags]",
     "Pins every cluster that runs the release in flight back to the stable release (unpins them\n"
     "when there is none) and holds the release until a newer one or `fleetwave resume APP`.\n"
     "One commit; with --repo it is pushed, otherwise it is made in the current checkout.",
     false,
     true,
     {},
     [](const StepRequest& r, const WavePlan& plan, const RolloutState& state, std::int64_t now_ms) {
       return rollback_step(plan, state, r.reason, now_ms);
     }},
    {"promote",
     "fast-forward a release through waves, skipping bake and approvals (one commit)",
     "fleetwave promote APP (--to-wave W | --full) --reason TEXT [flags]",
     "Records in .fleetwave/APP/state.yaml, in one commit, that the release in flight skips the\n"
     "minSuccessTime, analysis and approval of every wave up to W (--full: every wave), and pins\n"
     "each of those waves whole. Health is never skipped: a Degraded cluster still fails its wave.\n"
     "With `fastForward: approval-required` in the WavePlan it takes effect once W is approved.",
     false,
     true,
     {{"to-wave", "W", "the last wave to fast-forward", false},
      {"full", "", "fast-forward every remaining wave", false}},
     [](const StepRequest& r, const WavePlan& plan, const RolloutState& state, std::int64_t) {
       return promote_step(plan, state, optional_flag(r.args, "to-wave"), r.reason);
     },
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
     true,
     true,
     {},
     [](const StepRequest& r, const WavePlan& plan, const RolloutState& state, std::int64_t now_ms) {
       return hold_clusters_step(plan, state, r.clusters, r.reason, now_ms);
     }},
    {"release-hold",
     "end holds of clusters; they catch up (one commit)",
     "fleetwave release-hold APP CLUSTER... [flags]",
     "Removes the holds of each CLUSTER, in one commit. The reconciler then pins each released\n"
     "cluster where the rest of its wave is: the release in flight when its wave was already\n"
     "reached, else the stable release (an `advance` step \"catch up ... (hold released)\").",
     true,
     false,
     {},
     [](const StepRequest& r, const WavePlan& plan, const RolloutState& state, std::int64_t) {
       return release_hold_step(plan, state, r.clusters);
     }},
}};

int run_app_step(CommandContext& ctx, const AppStepCommand& row) {
  StepRequest request{{}, ctx.args.get("reason"), ctx.args};
  const std::vector<std::string>& positionals = ctx.args.positionals;
  if (row.takes_clusters && positionals.size() < 2) return ctx.usage("expected APP and at least one CLUSTER");
  auto app = row.takes_clusters ? Result<std::string, CliFailure>(positionals[0]) : single_app_argument(ctx);
  if (!app.ok()) return ctx.fail(app.error());
  if (row.takes_clusters) request.clusters.assign(positionals.begin() + 1, positionals.end());
  if (row.misuse != nullptr) {
    if (std::string why = row.misuse(ctx.args); !why.empty()) return ctx.usage(why);
  }
  if (row.needs_reason && request.reason.empty()) return ctx.usage(std::string(row.name) + " needs --reason TEXT");
  return run_manual_step(ctx, *app, [&](const WavePlan& plan, const RolloutState& state, std::int64_t now_ms) {
    return row.make(request, plan, state, now_ms);
  });
}

template <std::size_t Index>
int run_row(CommandContext& ctx) {
  return run_app_step(ctx, kAppStepCommands[Index]);
}

template <std::size_t Index>
CommandSpec spec_of() {
  const AppStepCommand& row = kAppStepCommands[Index];
  std::vector<FlagSpec> own = row.own_flags;
  if (row.needs_reason)
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
