#include "reconcile/app_discovery.h"

#include <algorithm>

#include "base/nearest_name.h"
#include "codec/yaml_codec.h"
#include "reconcile/analysis_templates.h"
#include "rollout/messages.h"

namespace fleetwave {
namespace {

bool candidate_path(const std::string& path, const RepoLayoutNames& layout) {
  auto ends = [&](const char* ext) {
    std::size_t n = std::char_traits<char>::length(ext);
    return path.size() >= n && path.compare(path.size() - n, n, ext) == 0;
  };
  if (!(ends(".yaml") || ends(".yml") || ends(".json"))) return false;
  for (const std::string& dir : {layout.clusters, layout.policies}) {
    if (path.compare(0, dir.size() + 1, dir + "/") == 0) return false;
  }
  std::size_t start = 0;
  while (start < path.size()) {  // no dot-directories (.fleetwave, .github) or dotfiles
    if (path[start] == '.') return false;
    std::size_t slash = path.find('/', start);
    if (slash == std::string::npos) break;
    start = slash + 1;
  }
  return true;
}

// A YAML or JSON file under the policies directory (analysis templates live there too).
bool policy_path(const std::string& path, const RepoLayoutNames& layout) {
  const bool yaml = path.ends_with(".yaml") || path.ends_with(".yml") || path.ends_with(".json");
  return yaml && path.compare(0, layout.policies.size() + 1, layout.policies + "/") == 0;
}

std::string dir_of(const std::string& path) {
  std::size_t slash = path.rfind('/');
  return slash == std::string::npos ? std::string() : path.substr(0, slash);
}

constexpr std::string_view kPlanKind = "WavePlan";
constexpr std::string_view kPlanApiVersion = "fleetwave.io/v1alpha1";

// A document meant as a WavePlan whose kind or apiVersion is mistyped ("WavePaln",
// "fleetwave.io/v1alpha"): the field and the fix, or nullopt for any other document. Without
// this the app would silently vanish from plan, status and the board.
std::optional<Error> near_miss(const Json& doc) {
  const std::string kind = string_at(doc, {"kind"});
  const std::string api = string_at(doc, {"apiVersion"});
  const bool our_group = api.rfind("fleetwave.io/", 0) == 0;
  if (kind != kPlanKind && (our_group || api.empty()) && !nearest_name(kind, {kPlanKind}).empty()) {
    return invalid_input("kind \"" + kind + "\" is not a fleetwave kind; did you mean " + std::string(kPlanKind) +
                             "? (this WavePlan is ignored until it is fixed)",
                         "kind");
  }
  if (kind == kPlanKind && api != kPlanApiVersion &&
      (our_group || api.empty() || !nearest_name(api, {kPlanApiVersion}).empty())) {
    return invalid_input("apiVersion \"" + api + "\" is not one fleetwave reads; did you mean " +
                             std::string(kPlanApiVersion) + "? (this WavePlan is ignored until it is fixed)",
                         "apiVersion");
  }
  return std::nullopt;
}

// An app that exists only as a mistyped WavePlan: named by metadata.name (or the file), with
// the error, and no plan.
AppDefinition mistyped_plan(const std::string& path, const std::string& content, std::size_t index, int doc_line,
                            const Json& doc, Error error) {
  AppDefinition app;
  app.path = dir_of(path);
  app.plan_file = path;
  const std::string name = string_at(doc, {"metadata", "name"});
  app.name = name.empty() ? path : name;
  app.errors.push_back(locate_in_file(std::move(error), path, content, index, doc_line));
  return app;
}

void read_plans(const std::string& path, const std::string& content, std::vector<AppDefinition>& out) {
  auto docs = parse_yaml_stream(content, path);
  if (!docs.ok()) return;  // the renderer reports broken YAML of the app; discovery only looks
  for (std::size_t i = 0; i < docs->size(); ++i) {
    const Json& doc = (*docs)[i].value;
    if (auto mistyped = near_miss(doc)) {
      out.push_back(mistyped_plan(path, content, i, (*docs)[i].line, doc, std::move(*mistyped)));
      continue;
    }
    if (string_at(doc, {"kind"}) != kPlanKind || string_at(doc, {"apiVersion"}) != kPlanApiVersion) continue;
    AppDefinition app;
    app.path = dir_of(path);
    app.plan_file = path;
    app.plan_content = content;
    app.plan_doc = i;
    app.plan_line = (*docs)[i].line;
    Problems problems;
    WavePlan plan = parse_wave_plan(doc, problems);
    app.name = plan.name.empty() ? path : plan.name;
    for (Error e : problems.take())
      app.errors.push_back(locate_in_file(std::move(e), path, content, i, (*docs)[i].line));
    if (app.errors.empty()) {
      for (std::size_t d = 0; d < plan.depends_on.size(); ++d) {
        SourcePos pos{path, (*docs)[i].line, 0, static_cast<int>(i), {}};
        if (auto where = locate_yaml_field(content, i, FieldPath().key("spec").key("dependsOn").index(d))) {
          pos.line = where->line;
          pos.column = where->column;
        }
        app.depends_on_at.push_back(std::move(pos));
      }
      app.plan = std::move(plan);
    }
    out.push_back(std::move(app));
  }
}

Error dependency_error(const AppDefinition& app, std::size_t index, std::string message) {
  Error e = invalid_input(std::move(message), "spec.dependsOn[" + std::to_string(index) + "]");
  e.pos = app.depends_on_at[index];
  return e;
}

const AppDefinition* find_app(const std::vector<AppDefinition>& apps, const std::string& name) {
  auto it = std::lower_bound(apps.begin(), apps.end(), name,
                             [](const AppDefinition& a, const std::string& n) { return a.name < n; });
  return it != apps.end() && it->name == name ? &*it : nullptr;
}

// Depth-first search for cycles; `path` holds the apps on the current chain.
void find_cycles(const std::vector<AppDefinition>& apps, std::size_t at, std::vector<int>& color,
                 std::vector<std::size_t>& path, std::vector<std::vector<std::size_t>>& cycles) {
  color[at] = 1;
  path.push_back(at);
  for (const std::string& dep : apps[at].plan->depends_on) {
    const AppDefinition* d = find_app(apps, dep);
    if (d == nullptr || !d->plan) continue;
    std::size_t next = static_cast<std::size_t>(d - apps.data());
    if (color[next] == 1) {
      auto from = std::find(path.begin(), path.end(), next);
      cycles.emplace_back(from, path.end());
    } else if (color[next] == 0) {
      find_cycles(apps, next, color, path, cycles);
    }
  }
  path.pop_back();
  color[at] = 2;
}

}  // namespace

void check_dependencies(std::vector<AppDefinition>& apps) {
  std::vector<std::string> names;
  for (const AppDefinition& a : apps) names.push_back(a.name);
  std::vector<std::vector<std::size_t>> cycles;
  std::vector<int> color(apps.size(), 0);  // 0 unvisited, 1 on the current chain, 2 done
  std::vector<std::size_t> path;
  for (std::size_t i = 0; i < apps.size(); ++i) {
    if (apps[i].plan && color[i] == 0) find_cycles(apps, i, color, path, cycles);
  }
  std::vector<ErrorList> found(apps.size());
  for (std::size_t i = 0; i < apps.size(); ++i) {
    if (!apps[i].plan) continue;
    const std::vector<std::string>& deps = apps[i].plan->depends_on;
    for (std::size_t d = 0; d < deps.size(); ++d) {
      if (find_app(apps, deps[d]) != nullptr) continue;
      found[i].push_back(dependency_error(
          apps[i], d,
          "depends on app \"" + deps[d] + "\", which no WavePlan names; the apps are: " + join(names, ", ")));
    }
  }
  for (const std::vector<std::size_t>& cycle : cycles) {
    std::string chain;
    for (std::size_t i : cycle) chain += apps[i].name + " -> ";
    chain += apps[cycle.front()].name;
    for (std::size_t k = 0; k < cycle.size(); ++k) {
      const AppDefinition& a = apps[cycle[k]];
      const std::string& next = apps[cycle[(k + 1) % cycle.size()]].name;
      const std::vector<std::string>& deps = a.plan->depends_on;
      std::size_t d = static_cast<std::size_t>(std::find(deps.begin(), deps.end(), next) - deps.begin());
      found[cycle[k]].push_back(
          dependency_error(a, d, "dependency cycle " + chain + ": remove one of these dependsOn entries"));
    }
  }
  for (std::size_t i = 0; i < apps.size(); ++i) {
    if (found[i].empty()) continue;
    for (Error& e : found[i]) apps[i].errors.push_back(std::move(e));
    apps[i].plan.reset();
  }
}

Result<std::vector<AppDefinition>> AppDiscovery::discover(git::GitRepository& repo, BlobCache& cache,
                                                          const std::string& commit) {
  constexpr unsigned kMayHoldPlan = 1, kMayHoldTemplate = 2;
  FW_TRY(entries, repo.list_tree(commit, "", true));
  std::vector<AppDefinition> apps;
  std::vector<TemplateSource> templates;
  for (const git::TreeEntry& e : entries) {
    if (e.type != git::EntryType::Blob || e.mode == git::kModeSymlink) continue;
    const bool in_app = candidate_path(e.path, layout_);
    if (!in_app && !(policy_path(e.path, layout_))) continue;
    auto known = may_hold_.find(e.oid);
    if (known != may_hold_.end() && known->second == 0) continue;
    FW_TRY(content, cache.read(repo, e.oid));
    // A WavePlan, or a document of ours whose kind may be a mistyped WavePlan (near_miss).
    const unsigned may =
        (content.find("WavePlan") != std::string::npos || content.find("fleetwave.io/") != std::string::npos
             ? kMayHoldPlan
             : 0) |
        (content.find("AnalysisTemplate") != std::string::npos ? kMayHoldTemplate : 0);
    may_hold_[e.oid] = may;
    if (in_app && (may & kMayHoldPlan) != 0) read_plans(e.path, content, apps);
    if ((may & kMayHoldTemplate) != 0) read_analysis_templates(e.path, content, templates);
  }
  for (AppDefinition& app : apps) resolve_analysis_templates(app, templates, layout_.policies);
  std::sort(apps.begin(), apps.end(), [](const AppDefinition& a, const AppDefinition& b) {
    return std::tie(a.name, a.path) < std::tie(b.name, b.path);
  });
  for (std::size_t i = 0; i + 1 < apps.size(); ++i) {
    if (apps[i].name != apps[i + 1].name) continue;
    for (AppDefinition* a : {&apps[i], &apps[i + 1]}) {
      const AppDefinition& other = a == &apps[i] ? apps[i + 1] : apps[i];
      Error e = invalid_input("app name \"" + a->name + "\" is also used by the WavePlan in " + other.plan_file +
                                  "; app names must be unique",
                              "metadata.name");
      e.pos.file = a->plan_file;
      a->errors.push_back(e);
      a->plan.reset();
    }
  }
  check_dependencies(apps);
  return apps;
}

}  // namespace fleetwave
