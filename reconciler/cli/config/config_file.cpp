#include "cli/config/config_file.h"

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "cli/common_options.h"

namespace fleetwave::cli {

std::vector<serve::ConfigKey> config_keys_of(const std::vector<FlagSpec>& flags) {
  std::vector<serve::ConfigKey> keys;
  for (const FlagSpec& f : flags) {
    if (f.config_key.empty()) continue;
    const bool boolean = f.value_name.empty() || f.value_name == "on|off";  // true/false in YAML
    keys.push_back({std::string(f.config_key), std::string(f.name), boolean});
  }
  return keys;
}

Result<ParsedArgs> with_config_file(const ParsedArgs& args, const std::string& cwd,
                                    const std::vector<FlagSpec>& flags) {
  ParsedArgs merged = args;
  if (!args.has("config")) return merged;
  const std::string path = absolute_path(args.get("config"), cwd);
  std::ifstream in(path, std::ios::binary);
  if (!in || std::filesystem::is_directory(path))
    return invalid_input(flag_label(args, "config") + " " + args.get("config") + ": cannot read the file: " +
                         why_unreadable(path) + "; check the path and that fleetwave's user may read it");
  std::ostringstream text;
  text << in.rdbuf();
  const std::string dir = path.substr(0, path.rfind('/'));
  const std::vector<serve::ConfigKey> keys = config_keys_of(flags);
  FW_TRY(values, serve::config_file_flags(text.str(), args.get("config"), dir, keys));
  std::map<std::string, std::string> key_of;  // flag -> its config key, for messages
  for (const serve::ConfigKey& k : keys) key_of.emplace(k.flag, k.key);
  for (const auto& [flag, value] : values) {
    if (!merged.has(flag)) merged.set(flag, value, FlagSource::ConfigFile, args.get("config") + ": " + key_of[flag]);
  }
  return merged;
}

}  // namespace fleetwave::cli
