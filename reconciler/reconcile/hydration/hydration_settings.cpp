#include "reconcile/hydration/hydration_settings.h"

#include "codec/yaml_codec.h"

namespace fleetwave {
namespace {

bool hydration_settings_file(const git::TreeEntry& e) {
  const std::string& p = e.path;
  const bool yaml = p.ends_with(".yaml") || p.ends_with(".yml") || p.ends_with(".json");
  return e.type == git::EntryType::Blob && yaml && p.find("/.") == std::string::npos;
}

}  // namespace

Result<LocatedFleetSettings, ErrorList> read_fleet_settings(git::GitRepository& repo, BlobCache& blobs,
                                                            const std::string& commit, const RepoLayoutNames& layout) {
  LocatedFleetSettings out;
  auto entries = repo.list_tree(commit, layout.policies, true);
  if (!entries.ok() && entries.error().kind == ErrorKind::NotFound) return out;
  if (!entries.ok()) return ErrorList{entries.error()};
  for (const git::TreeEntry& e : *entries) {
    if (!hydration_settings_file(e)) continue;
    auto content = blobs.read(repo, e.oid);
    if (!content.ok()) return ErrorList{content.error()};
    if (content->find(kFleetSettingsKind) == std::string::npos) continue;  // most policy files
    auto docs = parse_yaml_stream(*content, e.path);
    if (!docs.ok()) return ErrorList{docs.error()};
    for (std::size_t i = 0; i < docs->size(); ++i) {
      const Json& doc = (*docs)[i].value;
      if (string_at(doc, {"kind"}) != kFleetSettingsKind || string_at(doc, {"apiVersion"}) != "fleetwave.io/v1alpha1")
        continue;
      if (!out.file.empty()) {  // the render reports it at its line; nothing is hydrated meanwhile
        return ErrorList{locate_in_file(invalid_input("a second FleetSettings (the first is in " + out.file +
                                                          "); a fleet has one FleetSettings: merge them",
                                                      "kind"),
                                        e.path, *content, i, (*docs)[i].line)};
      }
      Problems problems;
      out.settings = parse_fleet_settings(doc, problems);
      out.file = e.path;
      ErrorList errors;
      for (Error& p : problems.take())
        errors.push_back(locate_in_file(std::move(p), e.path, *content, i, (*docs)[i].line));
      if (!errors.empty()) return errors;
    }
  }
  return out;
}

bool app_is_hydrated(const HydrationSettings& settings, const AppDefinition& app) {
  if (!settings.on() || !app.plan) return false;
  return app.plan->hydrate.value_or(settings.enabled);
}

std::vector<HydratedApp> hydrated_apps(const HydrationSettings& settings, const std::vector<AppDefinition>& apps) {
  std::vector<HydratedApp> out;
  for (const AppDefinition& app : apps) {
    if (app_is_hydrated(settings, app)) out.push_back({app.name, app.path});
  }
  return out;
}

}  // namespace fleetwave
