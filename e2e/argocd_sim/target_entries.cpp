#include "argocd_sim/target_entries.h"

#include <set>

#include "codec/json_reader.h"

namespace fleetwave::sim {
namespace {

Result<std::string> string_field(const Json& entry, const char* key, const std::string& where) {
  const Json* value = find_member(entry, key);
  if (value == nullptr) return invalid_input(where + "." + key + ": missing");
  if (!value->is_string()) return invalid_input(where + "." + key + ": expected a string");
  return value->get<std::string>();
}

Result<TargetEntry> parse_entry(const Json& item, const std::string& where) {
  if (!item.is_object()) return invalid_input(where + ": expected an object");
  TargetEntry e;
  FW_TRY(cluster, string_field(item, "cluster", where));
  FW_TRY(server, string_field(item, "server", where));
  FW_TRY(wave, string_field(item, "wave", where));
  FW_TRY(revision, string_field(item, "revision", where));
  FW_TRY(path, string_field(item, "path", where));
  if (cluster.empty()) return invalid_input(where + ".cluster: must not be empty");
  e.cluster = std::move(cluster);
  e.server = std::move(server);
  e.wave = std::move(wave);
  e.revision = std::move(revision);
  e.path = std::move(path);
  e.app = string_at(item, {"app"});
  e.cordons = string_at(item, {"cordons"});
  return e;
}

}  // namespace

Result<std::vector<TargetEntry>> parse_targets(std::string_view text, const std::string& file) {
  Result<Json> parsed = parse_json(text, file, 16);
  if (!parsed.ok()) return invalid_input(parsed.error().to_string());
  if (!parsed->is_array()) return invalid_input(file + ": expected a JSON array of targets");
  std::vector<TargetEntry> entries;
  std::set<std::string> clusters;
  for (std::size_t i = 0; i < parsed->size(); ++i) {
    const std::string where = file + ": [" + std::to_string(i) + "]";
    FW_TRY(entry, parse_entry((*parsed)[i], where));
    if (!clusters.insert(entry.cluster).second) {
      return invalid_input(where + ".cluster: \"" + entry.cluster + "\" is listed twice");
    }
    entries.push_back(std::move(entry));
  }
  return entries;
}

}  // namespace fleetwave::sim
