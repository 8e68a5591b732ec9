// fleetwave validate [PATH]: what the reconciler and the renderer would refuse or warn about, for
// a whole repository at its committed HEAD, offline (no Argo CD, nothing written); for pull-request
// CI. The checks are the ones reconcile and plan make, gathered in one report.
#include <algorithm>
#include <set>

#include "base/nearest_name.h"
#include "cli/app_lookup.h"
#include "cli/commands.h"
#include "cli/structured_output.h"
#include "cli/workspace.h"
#include "reconcile/app_planner.h"
#include "reconcile/app_render.h"
#include "reconcile/repo_snapshot.h"
#include "reconcile/views/plan_view.h"
#include "rollout/messages.h"

namespace fleetwave::cli {
namespace {

struct Finding {
  std::string app;      // "" for a file of the whole fleet
  std::string message;  // "file:line:column: field: problem" where the place is known
};

struct Findings {
  std::vector<Finding> errors;
  std::vector<Finding> warnings;
  std::set<std::string> clusters;  // every cluster some app's render knows
};

std::string did_you_mean(const std::string& name, const std::set<std::string>& known) {
  std::vector<std::string_view> candidates(known.begin(), known.end());
  const std::string near = nearest_name(name, candidates);
  return near.empty() ? "" : " (did you mean " + near + "?)";
}

// Propagation policies that claim no resource template: their selectors match nothing (or a
// policy of higher priority claims every match), so they propagate nothing.
void check_policies(const std::string& app, const FleetRender& render, Findings& out) {
  for (const PropagationPolicy& policy : render.fleet().propagation_policies) {
    const bool claims = std::any_of(render.bindings().begin(), render.bindings().end(),
                                    [&](const Binding& b) { return b.policy == &policy; });
    if (claims) continue;
    const std::string name = policy.namespace_.empty() ? "ClusterPropagationPolicy " + policy.name
                                                       : "PropagationPolicy " + policy.namespace_ + "/" + policy.name;
    out.warnings.push_back({app, name + " claims no resource template: its resourceSelectors match nothing (or a "
                                        "policy of higher priority claims every match); fix its resourceSelectors"});
  }
}

// An app's WavePlan, its render and its waves, as `plan` checks them.
void check_app(RepoSnapshot& snapshot, const AppDefinition& app, const std::string& revision, Findings& out) {
  for (const Error& e : app.errors) out.errors.push_back({app.name, e.to_string()});
  for (const Error& w : app.warnings) out.warnings.push_back({app.name, w.to_string()});
  if (!app.plan) return;
  const AppRender render = AppRender::at(snapshot, app.path);
  for (const Error& e : render.errors()) out.errors.push_back({app.name, e.to_string()});
  if (render.render() == nullptr) return;
  check_policies(app.name, *render.render(), out);
  const AppPlanView view = plan_view(app.name, app.path, revision, *app.plan, *render.render());
  if (!view.unassigned.empty()) {
    out.errors.push_back({app.name, app.plan_file +
                                        ": clusters the app reaches are in no wave: " + join(view.unassigned, ", ") +
                                        "; add them to a wave's clusters selector, or end the plan with a catch-all "
                                        "wave"});
  }
  for (const std::string& e : view.errors) out.errors.push_back({app.name, app.plan_file + ": " + e});
  for (const std::string& w : view.warnings) out.warnings.push_back({app.name, w});
  for (const WaveView& wave : view.waves) {
    for (const ClusterPlan& c : wave.clusters) out.clusters.insert(c.name);
  }
  out.clusters.insert(view.unassigned.begin(), view.unassigned.end());
  out.clusters.insert(view.unreached.begin(), view.unreached.end());
}

// The app's state in Git: readable, and holding no cluster the inventory does not have.
void check_state(RepoSnapshot& snapshot, const AppDefinition& app, Findings& out) {
  auto state = load_state(snapshot, app.name, app.path);
  if (!state.ok()) {
    out.errors.push_back({app.name, state.error().to_string()});
    return;
  }
  if (out.clusters.empty()) return;  // no render to compare with: reported above
  for (const auto& [cluster, hold] : state->holds) {
    if (out.clusters.count(cluster)) continue;
    out.warnings.push_back({app.name, state_path(app.name) + ": holds: cluster \"" + cluster +
                                          "\" is not in the inventory" + did_you_mean(cluster, out.clusters) +
                                          "; run `fleetwave release-hold " + app.name + " " + cluster + "`"});
  }
}

// The fleet's files: freezes and cordons readable, cordons of known clusters; and no state of an
// app that no WavePlan names any more (a deleted or mistyped WavePlan).
void check_fleet(git::GitRepository& repo, RepoSnapshot& snapshot, const std::string& revision,
                 const std::vector<AppDefinition>& apps, Findings& out) {
  if (auto freezes = load_freezes(snapshot); !freezes.ok()) out.errors.push_back({"", freezes.error().to_string()});
  auto cordons = load_cordons(snapshot);
  if (!cordons.ok()) out.errors.push_back({"", cordons.error().to_string()});
  for (const Cordon& c : cordons.ok() ? *cordons : std::vector<Cordon>{}) {
    if (out.clusters.empty() || out.clusters.count(c.cluster)) continue;
    out.warnings.push_back({"", ".fleetwave/cordons.yaml: cluster \"" + c.cluster + "\" is not in the inventory" +
                                    did_you_mean(c.cluster, out.clusters) + "; run `fleetwave uncordon " + c.cluster +
                                    "`"});
  }
  auto entries = repo.list_tree(revision, ".fleetwave", false);
  if (!entries.ok()) return;  // no state yet
  std::set<std::string> names;
  for (const AppDefinition& a : apps) names.insert(a.name);
  for (const git::TreeEntry& e : *entries) {
    const std::string app = e.path.substr(e.path.rfind('/') + 1);
    if (e.type != git::EntryType::Tree || names.count(app)) continue;
    out.warnings.push_back({app, ".fleetwave/" + app + "/ holds rollout state, but no WavePlan names app \"" + app +
                                     "\"" + did_you_mean(app, names) +
                                     "; was its WavePlan deleted or renamed, or is its kind or apiVersion mistyped?"});
  }
}

// RolloutWindows in policies/: they parse (file:line:column; the parser also refuses schedules
// that never fire, such as "0 0 30 2 *") and name apps that exist.
void check_windows(RepoSnapshot& snapshot, const std::vector<AppDefinition>& apps, Findings& out) {
  auto windows = snapshot.rollout_windows();
  if (!windows.ok()) {
    for (const Error& e : windows.error()) out.errors.push_back({"", e.to_string()});
    return;
  }
  std::set<std::string> names;
  for (const AppDefinition& a : apps) names.insert(a.name);
  for (const RolloutWindow& w : *windows) {
    const std::string what = "RolloutWindows " + w.name() + " (" + w.describe() + ")";
    const bool applies = w.applications.empty() ||
                         std::any_of(names.begin(), names.end(), [&](const std::string& n) { return w.lists_app(n); });
    if (!applies && !names.empty()) {
      out.warnings.push_back({"", what + ": applications " + join(w.applications, ", ") + " match no app" +
                                      did_you_mean(w.applications.front(), names) + "; fix the globs"});
    }
  }
}

Json findings_json(const std::vector<Finding>& findings) {
  Json out = Json::array();
  for (const Finding& f : findings) out.push_back({{"app", f.app}, {"message", f.message}});
  return out;
}

std::string findings_text(const Findings& f, std::size_t apps, const std::string& revision) {
  std::string out;
  for (const Finding& e : f.errors) out += "error: " + (e.app.empty() ? "" : e.app + ": ") + e.message + "\n";
  for (const Finding& w : f.warnings) out += "warning: " + (w.app.empty() ? "" : w.app + ": ") + w.message + "\n";
  return out + std::to_string(f.errors.size()) + " error(s), " + std::to_string(f.warnings.size()) + " warning(s) in " +
         std::to_string(apps) + " app(s) at " + revision.substr(0, 7) + "\n";
}

int validate_in(CommandContext& ctx, const std::string& format) {
  auto ws = Workspace::open(ctx);
  if (!ws.ok()) return ctx.fail(ws.error());
  auto head = ws->head();
  if (!head.ok()) return ctx.fail(head.error());
  BlobCache blobs;
  auto apps = find_apps(ws->repo(), blobs, *head, "");
  if (!apps.ok()) return ctx.fail(apps.error());
  Findings found;
  RepoSnapshot snapshot(ws->repo(), blobs, *head);
  if (apps->empty()) found.warnings.push_back({"", "no WavePlan in the repository: no app is rolled out"});
  for (const AppDefinition& app : *apps) check_app(snapshot, app, *head, found);
  for (const AppDefinition& app : *apps) check_state(snapshot, app, found);
  check_fleet(ws->repo(), snapshot, *head, *apps, found);
  check_windows(snapshot, *apps, found);
  if (is_structured(format)) {
    Json doc = {{"revision", *head},
                {"apps", apps->size()},
                {"errors", findings_json(found.errors)},
                {"warnings", findings_json(found.warnings)}};
    ctx.out.write(write_structured(doc, format));
  } else {
    ctx.out.write(findings_text(found, apps->size(), *head));
  }
  const bool failed = !found.errors.empty() || (ctx.args.flag("strict") && !found.warnings.empty());
  return failed ? kExitFailed : kExitOk;
}

int run_validate(CommandContext& ctx) {
  if (ctx.args.positionals.size() > 1) return ctx.usage("expected at most one PATH argument");
  auto format = output_format(ctx.args, {"text", "json", "yaml"});
  if (!format.ok()) return ctx.usage(format.error().message);
  if (ctx.args.positionals.empty()) return validate_in(ctx, *format);
  // PATH: a checkout elsewhere, read as if fleetwave ran there.
  CliProcess there = ctx.process;
  there.cwd = absolute_path(ctx.args.positionals[0], ctx.process.cwd);
  CommandContext sub{ctx.services, there, ctx.args, ctx.out, ctx.command, ctx.secrets};
  return validate_in(sub, *format);
}

}  // namespace

CommandSpec validate_command() {
  return {"validate",
          "check a repository for every mistake reconcile and plan would refuse or warn about",
          "fleetwave validate [PATH] [--strict] [--output text|json|yaml] [flags]",
          "Reads the repository at PATH (default: the current directory; or --repo URL) at its\n"
          "committed HEAD, offline, and reports what the reconciler and the renderer would refuse or\n"
          "warn about: WavePlans that do not parse (file:line:column and the fix), a mistyped kind or\n"
          "apiVersion, waves that take no cluster or name clusters the inventory lacks, reached\n"
          "clusters no wave takes, templates and policies that do not render, propagation policies\n"
          "that claim no template, holds and cordons of unknown clusters, unreadable freezes or\n"
          "cordons, RolloutWindows that do not parse, never open or name no app, and rollout state of\n"
          "an app no WavePlan names. Exit 1 when there is an error (and\n"
          "with --strict, a warning too); 0 otherwise.\n"
          "For pull-request CI: fleetwave validate . --strict",
          flags_of({{{"strict", "", "exit 1 on warnings too", false}, output_flag("text (default), json or yaml")},
                    repository_flags()}),
          &run_validate};
}

}  // namespace fleetwave::cli
