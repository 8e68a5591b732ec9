#include "reconcile/app_discovery.h"

#include <algorithm>

#include "codec/yaml_codec.h"

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

std::string dir_of(const std::string& path) {
  std::size_t slash = path.rfind('/');
  return slash == std::string::npos ? std::string() : path.substr(0, slash);
}

void read_plans(const std::string& path, const std::string& content, std::vector<AppDefinition>& out) {
  auto docs = parse_yaml_stream(content, path);
  if (!docs.ok()) return;  // the renderer reports broken YAML of the app; discovery only looks
  for (std::size_t i = 0; i < docs->size(); ++i) {
    const Json& doc = (*docs)[i].value;
    if (string_at(doc, {"kind"}) != "WavePlan" || string_at(doc, {"apiVersion"}) != "fleetwave.io/v1alpha1") continue;
    AppDefinition app;
    app.path = dir_of(path);
    app.plan_file = path;
    Problems problems;
    WavePlan plan = parse_wave_plan(doc, problems);
    app.name = plan.name.empty() ? path : plan.name;
    for (Error e : problems.take()) {
      e.pos.file = path;
      e.pos.line = (*docs)[i].line;
      if (auto where = locate_yaml_field(content, i, FieldPath::parse(e.field))) {
        e.pos.line = where->line;
        e.pos.column = where->column;
      }
      app.errors.push_back(std::move(e));
    }
    if (app.errors.empty()) app.plan = std::move(plan);
    out.push_back(std::move(app));
  }
}

}  // namespace

Result<std::vector<AppDefinition>> AppDiscovery::discover(git::GitRepository& repo, BlobCache& cache,
                                                          const std::string& commit) {
  FW_TRY(entries, repo.list_tree(commit, "", true));
  std::vector<AppDefinition> apps;
  for (const git::TreeEntry& e : entries) {
    if (e.type != git::EntryType::Blob || e.mode == git::kModeSymlink || !candidate_path(e.path, layout_)) continue;
    auto known = may_hold_plan_.find(e.oid);
    if (known != may_hold_plan_.end() && !known->second) continue;
    FW_TRY(content, cache.read(repo, e.oid));
    bool may = content.find("WavePlan") != std::string::npos;
    may_hold_plan_[e.oid] = may;
    if (may) read_plans(e.path, content, apps);
  }
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
  return apps;
}

}  // namespace fleetwave
