// fleetwave hold APP CLUSTER... --reason T / release-hold APP CLUSTER...: keep clusters of an app
// out of rollouts (a broken or busy cluster) while the rest proceeds, and let them catch up.
#include "cli/commands.h"
#include "cli/common_options.h"
#include "cli/manual_step.h"
#include "cli/signing_options.h"
#include "rollout/manual_actions.h"

namespace fleetwave::cli {
namespace {

// APP CLUSTER...: the app and the clusters, or a usage failure.
bool app_and_clusters(CommandContext& ctx, std::string& app, std::vector<std::string>& clusters) {
  const std::vector<std::string>& p = ctx.args.positionals;
  if (p.size() < 2) return false;
  app = p[0];
  clusters.assign(p.begin() + 1, p.end());
  return true;
}

int run_hold(CommandContext& ctx) {
  std::string app;
  std::vector<std::string> clusters;
  if (!app_and_clusters(ctx, app, clusters)) return ctx.usage("expected APP and at least one CLUSTER");
  const std::string reason = ctx.args.get("reason");
  if (reason.empty()) return ctx.usage("hold needs --reason TEXT");
  return run_manual_step(ctx, app, [&](const WavePlan& plan, const RolloutState& state, std::int64_t now_ms) {
    return hold_clusters_step(plan, state, clusters, reason, now_ms);
  });
}

int run_release(CommandContext& ctx) {
  std::string app;
  std::vector<std::string> clusters;
  if (!app_and_clusters(ctx, app, clusters)) return ctx.usage("expected APP and at least one CLUSTER");
  return run_manual_step(ctx, app, [&](const WavePlan& plan, const RolloutState& state, std::int64_t) {
    return release_hold_step(plan, state, clusters);
  });
}

}  // namespace

CommandSpec hold_command() {
  return {"hold",
          "keep clusters of an app out of rollouts (one commit)",
          "fleetwave hold APP CLUSTER... --reason TEXT [flags]",
          "Records a hold of each CLUSTER in .fleetwave/APP/state.yaml, in one commit: held clusters\n"
          "keep their pin, are never pinned to a release and count against no wave's gates, so the\n"
          "rest of the rollout proceeds. Refused for a cluster without an Application of APP and when\n"
          "it would hold every cluster of a wave. `fleetwave release-hold` ends it.",
          flags_of({{{"reason", "TEXT", "why (recorded in the state and the commit; required)", false}},
                    repository_flags(),
                    {person_author_flag(), signing_key_flag(), dry_run_flag()}}),
          &run_hold};
}

CommandSpec release_hold_command() {
  return {"release-hold",
          "end holds of clusters; they catch up (one commit)",
          "fleetwave release-hold APP CLUSTER... [flags]",
          "Removes the holds of each CLUSTER, in one commit. The reconciler then pins each released\n"
          "cluster where the rest of its wave is: the release in flight when its wave was already\n"
          "reached, else the stable release (an `advance` step \"catch up ... (hold released)\").",
          flags_of({repository_flags(), {person_author_flag(), signing_key_flag(), dry_run_flag()}}),
          &run_release};
}

}  // namespace fleetwave::cli
