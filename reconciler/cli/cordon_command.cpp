// fleetwave cordon CLUSTER --reason T [--taint key=value:Effect] and fleetwave uncordon
// CLUSTER...: take clusters out of service through Git. One commit each to the cordon overlay
// .fleetwave/cordons.yaml, authored by the person; every app rolls it out as a release.
#include "cli/commands.h"
#include "cli/common_options.h"
#include "cli/manual_step.h"
#include "cli/signing_options.h"
#include "cli/workspace.h"
#include "reconcile/app_planner.h"
#include "rollout/cordon_changes.h"

namespace fleetwave::cli {
namespace {

using CordonEdit =
    std::function<Result<CordonChange>(const std::vector<Cordon>& current, const std::vector<std::string>& inventory)>;

int run_cordon_edit(CommandContext& ctx, const CordonEdit& edit) {
  return run_manual_change(ctx, [&](Workspace& ws, const std::string& head) -> Result<PreparedChange, CliFailure> {
    BlobCache blobs;
    RepoSnapshot snapshot(ws.repo(), blobs, head);
    auto current = load_cordons(snapshot);
    if (!current.ok()) return CliFailure{kExitFailed, current.error()};
    auto inventory = snapshot.inventory();
    if (!inventory.ok()) return CliFailure{kExitFailed, inventory.error().front()};
    std::vector<std::string> names;
    for (const Cluster& c : *inventory) names.push_back(c.name);
    auto change = edit(*current, names);
    if (!change.ok()) return CliFailure{kExitFailed, change.error()};
    return PreparedChange{change->message, "", {{kCordonsPath, serialize_cordons(change->next), std::nullopt}}};
  });
}

int run_cordon(CommandContext& ctx) {
  if (ctx.args.positionals.size() != 1) return ctx.usage("expected one CLUSTER");
  const std::string reason = ctx.args.get("reason");
  if (reason.empty()) return ctx.usage("cordon needs --reason TEXT");
  const std::string taint_flag = ctx.args.get("taint");
  auto taint = parse_taint(taint_flag.empty() ? kDefaultCordonTaint : taint_flag);
  if (!taint.ok()) return ctx.usage(taint.error().message);
  auto author = author_of(ctx, Acting::Person);
  if (!author.ok()) return ctx.fail(author.error());
  Cordon cordon;
  cordon.cluster = ctx.args.positionals.front();
  cordon.taint = *taint;
  cordon.reason = reason;
  cordon.by = author->name + " <" + author->email + ">";
  cordon.since_ms = ctx.services.clock.now_ms();
  return run_cordon_edit(ctx, [&](const std::vector<Cordon>& current, const std::vector<std::string>& inventory) {
    return cordon_change(current, inventory, cordon, reason);
  });
}

int run_uncordon(CommandContext& ctx) {
  if (ctx.args.positionals.empty()) return ctx.usage("expected at least one CLUSTER");
  return run_cordon_edit(ctx, [&](const std::vector<Cordon>& current, const std::vector<std::string>&) {
    return uncordon_change(current, ctx.args.positionals);
  });
}

}  // namespace

CommandSpec cordon_command() {
  return {"cordon",
          "take a cluster out of service: its replicas move to the others (one commit)",
          "fleetwave cordon CLUSTER --reason TEXT [--taint key=value:Effect] [flags]",
          "Adds a Karmada taint for CLUSTER (default cluster.karmada.io/not-ready:NoExecute) to the\n"
          "cordon overlay .fleetwave/cordons.yaml, in one commit authored by you. The renderer applies\n"
          "it to the inventory, so Karmada placement drops the cluster for every policy that does not\n"
          "tolerate the taint and Divided replicas move to the other clusters. The overlay is an input\n"
          "of every app: each rolls the change out as a release (spec.failover.expedite skips the bake\n"
          "times). `fleetwave uncordon` or a revert of the commit undoes it.",
          manual_step_flags({{"reason", "TEXT", "why (recorded in the overlay and the commit; required)", false},
                             {"taint", "KEY[=VALUE]:EFFECT", "the taint (NoSchedule or NoExecute)", false}}),
          &run_cordon};
}

CommandSpec uncordon_command() {
  return {"uncordon",
          "put cordoned clusters back into service (one commit)",
          "fleetwave uncordon CLUSTER... [flags]",
          "Removes the cordons of each CLUSTER from .fleetwave/cordons.yaml, in one commit authored by\n"
          "you; every app rolls the change out as a release. fleetwave never uncordons a cluster by\n"
          "itself, also not one its automatic failover cordoned.",
          manual_step_flags(),
          &run_uncordon};
}

}  // namespace fleetwave::cli
