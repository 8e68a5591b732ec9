// fleetwave plan [APP] [--revision REV]: which clusters get what replicas in which wave,
// rendered from Git objects at a revision (default: the branch head).
#include "cli/app_lookup.h"
#include "cli/commands.h"
#include "cli/structured_output.h"
#include "cli/workspace.h"
#include "reconcile/app_render.h"
#include "reconcile/repo_snapshot.h"
#include "reconcile/views/plan_view.h"

namespace fleetwave::cli {
namespace {

int run_plan(CommandContext& ctx) {
  if (ctx.args.positionals.size() > 1) return ctx.usage("expected at most one APP argument");
  const std::string only = ctx.args.positionals.empty() ? "" : ctx.args.positionals[0];
  auto format = output_format(ctx.args, {"text", "json", "yaml"});
  if (!format.ok()) return ctx.usage(format.error().message);
  const bool json = is_structured(*format);
  auto ws = Workspace::open(ctx);
  if (!ws.ok()) return ctx.fail(ws.error());
  auto revision = ctx.args.has("revision") ? ws->resolve(ctx.args.get("revision")) : ws->head();
  if (!revision.ok()) return ctx.fail(revision.error());
  BlobCache blobs;
  auto apps = find_apps(ws->repo(), blobs, *revision, only);
  if (!apps.ok()) return ctx.fail(apps.error());
  Json doc = {{"revision", *revision}, {"apps", Json::array()}};
  if (apps->empty() && !json) {
    ctx.out.line("no apps at " + revision->substr(0, 7) + " (no WavePlan found)");
    return kExitOk;
  }
  bool failed = false;
  RepoSnapshot snapshot(ws->repo(), blobs, *revision);
  for (std::size_t i = 0; i < apps->size(); ++i) {
    const AppDefinition& app = (*apps)[i];
    ErrorList errors = app.errors;
    if (app.plan) {
      const AppRender render = AppRender::at(snapshot, app.path);
      if (render.render() != nullptr) {
        AppPlanView view = plan_view(app.name, app.path, *revision, *app.plan, *render.render());
        if (json) {
          doc["apps"].push_back(plan_json(view));
        } else {
          if (i > 0) ctx.out.write("\n");
          ctx.out.write(format_plan_text(view));
        }
        if (!view.unassigned.empty()) {
          // The exit status says something is wrong; stderr says what (stdout is the plan).
          std::string names;
          for (const std::string& c : view.unassigned) names += (names.empty() ? "" : ", ") + c;
          ctx.out.error(app.name + ": " + app.plan_file + ": clusters the app reaches are in no wave: " + names +
                        "; add them to a wave's clusters selector, or end the plan with a catch-all wave");
          failed = true;
        }
        for (const std::string& e : view.errors) ctx.out.error(app.name + ": " + app.plan_file + ": " + e);
        failed = failed || !view.errors.empty();
      } else {
        errors.insert(errors.end(), render.errors().begin(), render.errors().end());
      }
    }
    for (const Error& e : errors) ctx.out.error(app.name + ": " + e.to_string());
    failed = failed || !errors.empty();
  }
  if (json) ctx.out.write(write_structured(doc, *format));
  return failed ? kExitFailed : kExitOk;
}

}  // namespace

CommandSpec plan_command() {
  return {"plan",
          "show which clusters get what replicas in which wave",
          "fleetwave plan [APP] [--revision REV] [--output text|json|yaml] [flags]",
          "Renders every app (or APP) from Git objects at REV (default: the branch head) and prints\n"
          "its waves in WavePlan order; in each wave the clusters it reaches, the number of objects\n"
          "each receives and every workload's replica share there (\"2 of 6\" when the policy divides\n"
          "replicas); then the reached clusters no wave selects and the inventory clusters it does not\n"
          "reach. --output json (or yaml) prints {\"revision\", \"apps\": [...]} with the same facts per app (errors\n"
          "still go to stderr). Exit 1 when an app does not render or leaves a reached cluster out of\n"
          "every wave.",
          flags_of({{{"revision", "REV", "commit, branch or tag to plan (default: the branch head)", false},
                     output_flag("text (default), json or yaml")},
                    repository_flags()}),
          &run_plan};
}

}  // namespace fleetwave::cli
