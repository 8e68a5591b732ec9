#include "argocd_sim/fleet_reader.h"

namespace fleetwave::sim {

Result<FleetTargets> read_fleet_targets(git::GitRepository& repo, const std::string& commit) {
  FleetTargets fleet;
  Result<std::vector<git::TreeEntry>> dirs = repo.list_tree(commit, ".fleetwave", false);
  if (!dirs.ok()) {
    if (dirs.error().kind == ErrorKind::NotFound) return fleet;  // no app has been rolled out yet
    return dirs.error();
  }
  for (const git::TreeEntry& dir : *dirs) {
    if (dir.type != git::EntryType::Tree) continue;
    const std::string appset = dir.path.substr(dir.path.rfind('/') + 1);
    const std::string file = dir.path + "/targets.json";
    Result<std::string> text = repo.read_file(commit, file);
    if (!text.ok()) {
      if (text.error().kind == ErrorKind::NotFound) {
        fleet.appsets[appset];
        continue;
      }
      if (text.error().kind == ErrorKind::InvalidInput) {  // targets.json is a directory
        fleet.errors.emplace(appset, text.error());
        continue;
      }
      return text.error();
    }
    Result<std::vector<TargetEntry>> entries = parse_targets(*text, file);
    if (entries.ok()) {
      fleet.appsets[appset] = std::move(entries).value();
    } else {
      fleet.errors.emplace(appset, entries.error());
    }
  }
  return fleet;
}

}  // namespace fleetwave::sim
