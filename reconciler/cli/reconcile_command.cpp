// fleetwave reconcile --once: one reconcile cycle (at most one step, i.e. one commit, per app)
// against a remote repository and Argo CD, reported one line per app.
#include "cli/commands.h"
#include "cli/config/reconciler_setup.h"
#include "cli/reconcile_report.h"
#include "cli/signing_options.h"
#include "reconcile/approvals/approval_hook.h"
#include "reconcile/reconciler.h"

namespace fleetwave::cli {
namespace {

int run_reconcile(CommandContext& ctx) {
  if (!ctx.args.positionals.empty()) return ctx.usage("unexpected argument \"" + ctx.args.positionals[0] + "\"");
  if (!ctx.args.flag("once")) return ctx.usage("reconcile runs one cycle and needs --once");
  if (!ctx.args.has("repo")) return ctx.usage("reconcile needs --repo URL");
  auto setup = open_reconciler(ctx);
  if (!setup.ok()) return ctx.fail(setup.error());
  Workspace& ws = (*setup)->ws();
  ApprovalHook approvals(ws.repo(), ws.branch(), /*provider=*/nullptr);  // approval branches
  ReconcilerOptions options = (*setup)->options;
  options.hooks = {&approvals};
  const CycleServices services{ctx.services.clock, ctx.services.sleeper, ctx.services.random};
  Reconciler reconciler(ws.repo(), *(*setup)->argocd, services, options);
  const std::int64_t start = ctx.services.clock.monotonic_ms();
  auto report = reconciler.run_once();
  if (!report.ok()) {
    Error e = ws.with_access_hint(report.error());
    e.message = "reconcile cycle failed: " + e.message;
    return ctx.fail(kExitUnavailable, e);
  }
  CycleReportPrinter printer(ctx.out, ws.branch());
  finish_cycle(report, ctx.services.clock.monotonic_ms() - start, printer);
  return printer.exit_code();
}

}  // namespace

CommandSpec reconcile_command() {
  return {"reconcile",
          "run one reconcile cycle: advance every app by at most one step and push",
          "fleetwave reconcile --once --repo URL --argocd-url URL --argocd-token-file FILE [flags]",
          "Fetches the branch, decides the next step of every app from its WavePlan, rollout state and\n"
          "Argo CD's observations, commits each step (one commit per app) and pushes with compare-and-swap\n"
          "(a rejected push means: fetch, decide again, retry). Prints one line per app:\n"
          "  <app>: <action> — <commit subject>   a step was committed\n"
          "  <app>: waiting — <why>               nothing can move yet\n"
          "  <app>: up to date\n"
          "  <app>: error — <problem>             one line per problem; other apps still progress\n"
          "  <app>: ignored <action> in <commit> by <author>: <why>   (--allowed-signers) a person's step that\n"
          "                                       does not count; the app's step then rejects it\n"
          "then \"pushed N commits to <branch> (K conflicts)\".\n"
          "Exit 0 when every app was reconciled, 1 when an app had errors, 3 when the cycle could not\n"
          "run (fetch, push or credentials), Argo CD could not be reached (apps that need its\n"
          "observations wait) or refused the token or certificate (3 wins over 1).",
          flags_of({{{"once", "", "run one cycle and exit (required)", false}},
                    repository_flags(RepoFallback::None),
                    argocd_flags(),
                    prometheus_flags(),
                    {author_flag(), signing_key_flag(), allowed_signers_flag()}}),
          &run_reconcile};
}

}  // namespace fleetwave::cli
