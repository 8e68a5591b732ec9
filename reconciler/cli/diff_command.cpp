// fleetwave diff [APP] --from REV --to REV [--cluster C]: what each cluster would receive
// differently, rendered per app and cluster from Git objects at both revisions (no checkout),
// as a unified diff of the YAML streams.
#include <map>
#include <optional>
#include <set>

#include "adapters/git/text_diff.h"
#include "cli/app_lookup.h"
#include "cli/commands.h"
#include "cli/structured_output.h"
#include "cli/workspace.h"
#include "reconcile/app_render.h"

namespace fleetwave::cli {
namespace {

struct Side {
  std::string commit;
  std::map<std::string, AppDefinition> apps;  // by name
};

// One app at one side; absent when the app does not exist there.
AppRender prepare(git::GitRepository& repo, BlobCache& blobs, const Side& side, const std::string& app) {
  auto it = side.apps.find(app);
  if (it == side.apps.end()) return AppRender::absent();
  RepoSnapshot snapshot(repo, blobs, side.commit);
  return AppRender::at(snapshot, it->second.path);
}

void report(CommandContext& ctx, const std::string& app, const std::string& commit, const ErrorList& errors) {
  for (const Error& e : errors) ctx.out.error(app + " at " + commit.substr(0, 7) + ": " + e.to_string());
}

// One cluster's difference: the unified diff of what it receives.
struct ClusterDiff {
  std::string app, cluster, diff;
};

// What diffing found, over every app.
struct DiffOutcome {
  bool rendered = true;            // false when something did not render (its errors are on stderr)
  std::vector<ClusterDiff> diffs;  // the clusters whose manifests differ, by app and cluster
};

// Adds the diff of every cluster of one app that differs to `outcome`.
void diff_app(CommandContext& ctx, git::GitRepository& repo, BlobCache& blobs, const Side (&sides)[2],
              const std::string& app, const std::string& only_cluster, bool& cluster_known, DiffOutcome& outcome) {
  AppRender r[2] = {prepare(repo, blobs, sides[0], app), prepare(repo, blobs, sides[1], app)};
  std::set<std::string> clusters;
  for (int s = 0; s < 2; ++s) {
    report(ctx, app, sides[s].commit, r[s].errors());
    outcome.rendered = outcome.rendered && r[s].errors().empty();
    if (r[s].render() == nullptr) continue;
    if (only_cluster.empty()) {
      for (const std::string& c : r[s].render()->reached_clusters()) clusters.insert(c);
    } else if (r[s].render()->fleet().find_cluster(only_cluster) != nullptr) {
      clusters.insert(only_cluster);
      cluster_known = true;
    }
  }
  for (const std::string& cluster : clusters) {
    std::string text[2];
    bool rendered = true;
    for (int s = 0; s < 2; ++s) {
      auto stream = r[s].cluster_stream(cluster);
      if (stream.ok()) {
        text[s] = std::move(stream).value();
      } else {
        report(ctx, app, sides[s].commit, stream.error());
        rendered = false;
      }
    }
    if (!rendered) {
      outcome.rendered = false;
      continue;
    }
    const std::string label = app + "/" + cluster;
    const std::string diff =
        git::unified_diff(text[0], text[1], "a/" + label + " (" + sides[0].commit.substr(0, 7) + ")",
                          "b/" + label + " (" + sides[1].commit.substr(0, 7) + ")");
    if (!diff.empty()) outcome.diffs.push_back({app, cluster, diff});
  }
}

// Render errors exit 1 whatever --exit-code says; with it, so does a difference (as git diff
// --exit-code does), so scripts can gate on "nothing would change".
// A unified diff coloured as git colours one on a terminal: headers bold, hunks cyan, removed
// lines red, added lines green.
std::string coloured_diff(const std::string& diff) {
  std::string out;
  std::size_t start = 0;
  while (start < diff.size()) {
    const std::size_t end = std::min(diff.find('\n', start), diff.size());
    const std::string line = diff.substr(start, end - start);
    const char* code = line.rfind("+++", 0) == 0 || line.rfind("---", 0) == 0 ? "1"
                       : line.rfind("@@", 0) == 0                             ? "36"
                       : line.rfind("+", 0) == 0                              ? "32"
                       : line.rfind("-", 0) == 0                              ? "31"
                                                                              : nullptr;
    out += code == nullptr ? line : std::string("\033[") + code + "m" + line + "\033[0m";
    out += end < diff.size() ? "\n" : "";
    start = end + 1;
  }
  return out;
}

int diff_exit_code(const DiffOutcome& outcome, bool exit_code_flag) {
  if (!outcome.rendered) return kExitFailed;
  return exit_code_flag && !outcome.diffs.empty() ? kExitFailed : kExitOk;
}

int run_diff(CommandContext& ctx) {
  // The app is an argument, as for every other command; --app still works.
  const std::vector<std::string>& positionals = ctx.args.positionals;
  if (positionals.size() > 1) return ctx.usage("expected at most one APP argument");
  if (!positionals.empty() && ctx.args.has("app") && positionals[0] != ctx.args.get("app"))
    return ctx.usage("APP \"" + positionals[0] + "\" and --app \"" + ctx.args.get("app") + "\" differ: give one");
  if (!ctx.args.has("from") || !ctx.args.has("to")) return ctx.usage("diff needs --from REV and --to REV");
  const std::string only_app = positionals.empty() ? ctx.args.get("app") : positionals[0];
  const std::string only_cluster = ctx.args.get("cluster");
  auto format = output_format(ctx.args, {"text", "json", "yaml"});
  if (!format.ok()) return ctx.usage(format.error().message);
  auto ws = Workspace::open(ctx);
  if (!ws.ok()) return ctx.fail(ws.error());
  BlobCache blobs;
  Side sides[2];
  const char* flags[2] = {"from", "to"};
  for (int s = 0; s < 2; ++s) {
    auto commit = ws->resolve(ctx.args.get(flags[s]));
    if (!commit.ok()) return ctx.fail(commit.error());
    sides[s].commit = *commit;
    auto apps = find_apps(ws->repo(), blobs, *commit, "");
    if (!apps.ok()) return ctx.fail(apps.error());
    for (AppDefinition& a : *apps) sides[s].apps.emplace(a.name, std::move(a));
  }
  std::set<std::string> names;
  for (const Side& side : sides) {
    for (const auto& [name, app] : side.apps) {
      if (only_app.empty() || name == only_app) names.insert(name);
    }
  }
  if (!only_app.empty() && names.empty()) {
    return ctx.fail(kExitFailed, not_found("unknown app \"" + only_app + "\" at " + sides[0].commit.substr(0, 7) +
                                           " and " + sides[1].commit.substr(0, 7)));
  }
  DiffOutcome outcome;
  bool cluster_known = only_cluster.empty();
  for (const std::string& app : names)
    diff_app(ctx, ws->repo(), blobs, sides, app, only_cluster, cluster_known, outcome);
  if (!cluster_known) {
    return ctx.fail(kExitFailed, not_found("cluster " + only_cluster + " is in no app's inventory at either revision"));
  }
  if (is_structured(*format)) {
    Json changes = Json::array();
    for (const ClusterDiff& d : outcome.diffs)
      changes.push_back({{"app", d.app}, {"cluster", d.cluster}, {"diff", d.diff}});
    const Json doc = {{"from", sides[0].commit}, {"to", sides[1].commit}, {"changes", std::move(changes)}};
    ctx.out.write(write_structured(doc, *format));
  } else {
    for (const ClusterDiff& d : outcome.diffs) ctx.out.write(ctx.process.colour ? coloured_diff(d.diff) : d.diff);
  }
  return diff_exit_code(outcome, ctx.args.flag("exit-code"));
}

}  // namespace

CommandSpec diff_command() {
  return {"diff",
          "show the rendered per-cluster difference between two revisions",
          "fleetwave diff [APP] --from REV --to REV [--cluster C] [--output text|json|yaml] [flags]",
          "Renders every app (or APP) at both revisions straight from Git objects, for every cluster\n"
          "it reaches at either (or only C), and prints a unified diff of the YAML each cluster\n"
          "receives, with headers \"--- a/<app>/<cluster> (<rev7>)\" and \"+++ b/<app>/<cluster> (<rev7>)\".\n"
          "Clusters whose manifests are identical print nothing. --output json (or yaml) prints {\"from\", \"to\",\n"
          "\"changes\": [{\"app\", \"cluster\", \"diff\"}]}, the same diffs. Render errors are printed and exit 1.\n"
          "Exit 0 otherwise; with --exit-code, 1 when a cluster's manifests differ and 0 when none do.",
          flags_of({{{"from", "REV", "the old revision (commit, branch, tag, HEAD~1...)", false},
                     {"to", "REV", "the new revision", false},
                     {"cluster", "C", "only this cluster", false},
                     {"app", "APP", "only this app (the same as the APP argument)", false},
                     {"exit-code", "", "exit 1 when something differs, 0 when nothing does (like git diff)", false},
                     output_flag("text (default: unified diffs), json or yaml")},
                    repository_flags()}),
          &run_diff};
}

}  // namespace fleetwave::cli
