// fleetwave status [APP]: per app its phase, pins, waves with their gates, each cluster's pin
// and (with --argocd-url) Argo CD's verdict, and why nothing moves. Computed by planning every
// app at the head exactly as a reconcile would, without committing anything.
#include "app/app_planner.h"
#include "app/foreign_changes.h"
#include "cli/app_lookup.h"
#include "cli/commands.h"
#include "cli/status_text.h"
#include "cli/status_view.h"
#include "cli/workspace.h"
#include "codec/json_writer.h"

namespace fleetwave::cli {
namespace {

constexpr std::size_t kHistoryWindow = 256;  // as ReconcilerOptions::history_window

int run(CommandContext& ctx) {
  if (ctx.args.positionals.size() > 1) return ctx.usage("expected at most one APP argument");
  const std::string only = ctx.args.positionals.empty() ? "" : ctx.args.positionals[0];
  const std::string output = ctx.args.get("output", "text");
  if (output != "text" && output != "json") return ctx.usage("--output must be text or json, not \"" + output + "\"");
  bool configured = false;
  auto argocd = open_argocd(ctx, /*required=*/false, &configured);
  if (!argocd.ok()) return ctx.fail(argocd.error());
  auto ws = Workspace::open(ctx);
  if (!ws.ok()) return ctx.fail(ws.error());
  auto head = ws->head();
  if (!head.ok()) return ctx.fail(head.error());
  BlobCache blobs;
  RenderCache renders;
  auto apps = find_apps(ws->repo(), blobs, *head, only);
  if (!apps.ok()) return ctx.fail(apps.error());
  auto history = History::load(ws->repo(), *head, kHistoryWindow);
  if (!history.ok()) return ctx.fail(kExitFailed, history.error());

  AppPlanner planner(ws->repo(), blobs, renders, **argocd);
  std::map<std::string, Observations> observations;
  std::vector<AppStatusInput> inputs;
  for (const AppDefinition& app : *apps) {
    if (configured && app.plan) {
      observations[app.name] = observations_from((*argocd)->list_applications("fleetwave.io/app=" + app.name));
    }
    PlannedApp p = planner.plan(app, *head, *history, ctx.services.clock.now_ms(), observations);
    AppStatusInput in;
    in.plan = p.plan;
    in.waves = p.report.waves;
    if (!in.waves && app.plan && p.report.errors.empty())
      in.waves = waves_at_head(ws->repo(), blobs, renders, app, *head, &p.report.warnings);
    in.argocd_configured = configured;
    in.observations = observations[app.name];
    in.report = std::move(p.report);
    inputs.push_back(std::move(in));
  }
  Json doc = status_document(ws->branch_label(), *head, inputs);
  if (output == "json") ctx.out.write(write_json(doc, JsonWriteOptions{false, 2}) + "\n");
  else ctx.out.write(format_status_text(doc));
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
          flags_of({{{"output", "FORMAT", "text (default) or json", false}}, repository_flags(), argocd_flags()}),
          &run};
}

}  // namespace fleetwave::cli
