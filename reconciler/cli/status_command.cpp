// fleetwave status [APP]: per app its phase, pins, waves with their gates, each cluster's pin
// and (with --argocd-url) Argo CD's verdict, and why nothing moves. Computed by planning every
// app at the head exactly as a reconcile would, without committing anything.
#include "cli/app_lookup.h"
#include "cli/commands.h"
#include "cli/workspace.h"
#include "codec/json_writer.h"
#include "reconcile/views/status_builder.h"
#include "reconcile/views/status_text.h"

namespace fleetwave::cli {
namespace {

int run(CommandContext& ctx) {
  if (ctx.args.positionals.size() > 1) return ctx.usage("expected at most one APP argument");
  const std::string only = ctx.args.positionals.empty() ? "" : ctx.args.positionals[0];
  auto format = output_format(ctx.args, {"text", "json"});
  if (!format.ok()) return ctx.usage(format.error().message);
  const std::string output = *format;
  bool configured = false;
  auto argocd = open_argocd(ctx, /*required=*/false, &configured);
  if (!argocd.ok()) return ctx.fail(argocd.error());
  // The analysis gates' adapters (metrics() is nullptr without --prometheus-url).
  auto analysis = open_analysis(ctx);
  if (!analysis.ok()) return ctx.fail(analysis.error());
  auto ws = Workspace::open(ctx);
  if (!ws.ok()) return ctx.fail(ws.error());
  auto head = ws->head();
  if (!head.ok()) return ctx.fail(head.error());
  StatusBuilder status(ws->repo(), **argocd, ctx.services.clock, analysis->metrics());
  auto apps = find_apps(ws->repo(), status.blobs(), *head, only);
  if (!apps.ok()) return ctx.fail(apps.error());
  StatusRequest request{ws->branch_label(), *head, configured, /*observe_every_app=*/true, nullptr};
  auto doc = status.status_of(request, *apps);
  if (!doc.ok()) return ctx.fail(kExitFailed, doc.error());
  if (output == "json") ctx.out.write(write_json(*doc, JsonWriteOptions{false, 2}) + "\n");
  else ctx.out.write(format_status_text(*doc));
  return kExitOk;
}

}  // namespace

CommandSpec status_command() {
  return {"status",
          "show each app's release, waves, gates, clusters and why it is blocked",
          "fleetwave status [APP] [--output text|json] [flags]",
          "Plans every app (or APP) at the branch head as a reconcile would, without committing, and\n"
          "shows its phase, stable and in-flight releases, each wave with its gates (maxConcurrency,\n"
          "maxFailures, minSuccessTime, progressDeadline, approval), each cluster's pin and, with\n"
          "--argocd-url, Argo CD's verdict on it; then the next step a reconcile would take, or why\n"
          "nothing can move. --output json prints the documented status document (sorted keys), the\n"
          "same one the API serves. Without --repo it reads the checkout's committed HEAD, not\n"
          "uncommitted edits. Exit 0 whenever the status could be computed (app errors are part of it).",
          flags_of({{output_flag("text (default) or json")}, repository_flags(), argocd_flags(), prometheus_flags()}),
          &run};
}

}  // namespace fleetwave::cli
