// fleetwave appset APP: prints the app's ApplicationSet (appset_builder.h) as YAML or JSON.
#include "cli/app_lookup.h"
#include "cli/commands.h"
#include "cli/workspace.h"
#include "codec/json_writer.h"
#include "codec/yaml_writer.h"
#include "net/redaction.h"
#include "reconcile/hydration/hydration_settings.h"
#include "reconcile/repo_snapshot.h"
#include "reconcile/views/appset_builder.h"

namespace fleetwave::cli {
namespace {

// The source the Applications read: the fleet's choice for the app (FleetSettings
// spec.hydration, the WavePlan's spec.hydrate), unless --plugin, --hydrated-branch or
// --sync-source says.
Status<CliFailure> choose_appset_source(CommandContext& ctx, git::GitRepository* repo, BlobCache& blobs,
                                        const std::string& head, const AppDefinition* app, AppSetOptions& options) {
  const int chosen = static_cast<int>(ctx.args.has("plugin")) + static_cast<int>(ctx.args.has("hydrated-branch")) +
                     static_cast<int>(ctx.args.has("sync-source"));
  if (chosen > 1)
    return CliFailure{
        kExitUsage, invalid_input("--plugin, --hydrated-branch and --sync-source ask for different sources: pass one")};
  if (ctx.args.has("plugin")) return Ok{};
  options.hydrated_branch = ctx.args.get("hydrated-branch");
  options.sync_branch = ctx.args.get("sync-source");
  if (chosen == 1 || repo == nullptr || app == nullptr) return Ok{};
  auto located = read_fleet_settings(*repo, blobs, head);
  if (!located.ok()) return CliFailure{kExitFailed, located.error().front()};
  const HydrationSettings& hydration = located->settings.hydration;
  if (!app_is_hydrated(hydration, *app)) return Ok{};
  (hydration.hydrated_by == HydratedBy::ArgoCd ? options.sync_branch : options.hydrated_branch) =
      hydration.target_branch;
  return Ok{};
}

int run_appset(CommandContext& ctx) {
  auto app = single_app_argument(ctx);
  if (!app.ok()) return ctx.fail(app.error());
  auto format = output_format(ctx.args, {"yaml", "json"});
  if (!format.ok()) return ctx.usage(format.error().message);
  AppSetOptions options;
  options.app = *app;
  options.namespace_ = ctx.args.get("namespace", "argocd");
  options.project = ctx.args.get("project", "default");
  options.dest_namespace = ctx.args.get("dest-namespace");
  options.repo_url = redact_url(ctx.args.get("repo-url", ctx.args.get("repo")));

  // The app must exist at the branch head, when the repository can be read (a checkout, or
  // --repo); without either, --repo-url alone is enough to print the ApplicationSet.
  const bool offline = !ctx.args.has("repo") && ctx.args.has("repo-url");
  auto ws = Workspace::open(ctx);
  if (!ws.ok() && !(offline && ws.error().exit_code == kExitUsage)) return ctx.fail(ws.error());
  std::string branch = ctx.args.get("branch", ctx.args.has("repo") ? "main" : "");
  BlobCache blobs;
  if (ws.ok()) {
    if (ws->local_repo() != nullptr) {
      if (branch.empty()) {
        auto current = ws->local_repo()->head_branch();
        if (current.ok()) branch = *current;
      }
      if (options.repo_url.empty()) {
        auto origin = ws->local_repo()->remote_url("origin");
        if (origin.ok() && *origin) options.repo_url = redact_url(**origin);
      }
    }
    auto head = ws->head();
    if (!head.ok()) return ctx.fail(head.error());
    auto apps = find_apps(ws->repo(), blobs, *head, *app);
    if (!apps.ok()) return ctx.fail(apps.error());
    auto chosen = choose_appset_source(ctx, &ws->repo(), blobs, *head, &apps->front(), options);
    if (!chosen.ok()) return ctx.fail(chosen.error());
  } else if (auto chosen = choose_appset_source(ctx, nullptr, blobs, "", nullptr, options); !chosen.ok()) {
    return ctx.fail(chosen.error());
  }
  if (options.repo_url.empty()) return ctx.usage("no repository URL: pass --repo-url URL (or --repo URL)");
  options.revision = branch.empty() ? "main" : branch;
  const Json appset = applicationset(options);
  ctx.out.write(*format == "json" ? write_json(appset, JsonWriteOptions{false, 2}) + "\n" : write_yaml(appset));
  return kExitOk;
}

}  // namespace

CommandSpec appset_command() {
  return {"appset",
          "print the Argo CD ApplicationSet of an app",
          "fleetwave appset APP [--repo-url URL] [--namespace argocd] [--project default] [--dest-namespace NS]\n"
          "                     [--plugin | --hydrated-branch BRANCH | --sync-source BRANCH] [--output yaml|json]\n"
          "                     [flags]",
          "Prints the ApplicationSet that gives APP one Argo CD Application per pinned cluster: a git\n"
          "files generator over .fleetwave/APP/targets.json on the branch, targetRevision = the pin,\n"
          "labels fleetwave.io/app, fleetwave.io/cluster and fleetwave.io/wave, the fleetwave plugin\n"
          "with env FLEETWAVE_CLUSTER, automated sync with prune and selfHeal, and a templatePatch that\n"
          "sets destination.server for API URLs and destination.name for Argo CD cluster names.\n"
          "repoURL defaults to --repo (credentials redacted), else the checkout's origin remote.\n"
          "In hydrated mode (FleetSettings spec.hydration, docs/formats.md) each Application instead reads\n"
          "the plain directory APP/CLUSTER on the hydrated branch, with no plugin. When Argo CD's Source\n"
          "Hydrator writes that branch (spec.hydration.hydrator: argocd), each Application is a\n"
          "sourceHydrator one: drySource = the plugin at the pin, syncSource = APP/CLUSTER on the branch.\n"
          "--plugin, --hydrated-branch and --sync-source print one shape whatever the fleet says (moving\n"
          "between modes).",
          flags_of({{{"repo-url", "URL", "repository URL Argo CD reads (default: --repo, or the origin remote)", false},
                     {"namespace", "NS", "namespace of the ApplicationSet (default argocd)", false},
                     {"project", "NAME", "Argo CD project of the Applications (default default)", false},
                     {"dest-namespace", "NS", "destination namespace of the Applications (default: none)", false},
                     {"plugin", "", "Applications rendered by the fleetwave plugin, whatever the fleet says", false},
                     {"hydrated-branch", "BRANCH",
                      "Applications reading APP/CLUSTER on this hydrated branch (default: the fleet's "
                      "spec.hydration)",
                      false},
                     {"sync-source", "BRANCH",
                      "Applications hydrated by Argo CD's Source Hydrator into APP/CLUSTER on this branch (default: "
                      "the fleet's spec.hydration with hydrator: argocd)",
                      false},
                     output_flag("yaml (default) or json, as kubectl apply -f reads either")},
                    repository_flags()}),
          &run_appset};
}

}  // namespace fleetwave::cli
