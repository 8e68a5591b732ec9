// Command-line flags of the fleetwave CLI: `--name value`, `--name=value`, boolean `--name`,
// a one-letter short form where a flag has one (`-o json`, `-ojson`), positionals, `--` to end flags, and
// `--help`/`-h`. A flag marked `env` may also come from FLEETWAVE_<NAME> (upper case, dashes as underscores); a flag on
// the command line wins. Pure: the environment comes in as a map.
//
// Why not CLI11 (Debian's libcli11-dev 2.1): every value here keeps where it came from (the flag,
// FLEETWAVE_<NAME>, or a key of serve's YAML config file) so each error names that source
// (flag_label), and the same FlagSpec tables drive `--help`, the config-file keys and the
// environment. CLI11 reads its config from TOML/INI only, tracks no per-value source, and would
// still need this table on top; the parser is ~170 lines and fully tested. Revisit with shell
// completion and suggestions (CLI11's are per option, not from the repository's app names).
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "base/result.h"

namespace fleetwave::cli {

struct FlagSpec {
  std::string_view name;        // without the dashes: "repo"
  std::string_view value_name;  // "URL"; "" for a boolean flag
  std::string_view help;
  bool env = false;     // may come from FLEETWAVE_<NAME>
  char short_name = 0;  // 'o' for -o; 0: none
  // Its key in serve's config file ("git.passwordFile"), "" for none: a setting is this one row
  // (flag, FLEETWAVE_<NAME> and file key); the file's keys are read from these tables.
  std::string_view config_key = {};
};

enum class FlagSource { CommandLine, Environment, ConfigFile };

class ParsedArgs {
 public:
  bool help = false;
  std::vector<std::string> positionals;

  bool has(std::string_view name) const { return values_.count(std::string(name)) != 0; }
  // The value, or `fallback` when the flag was not given.
  std::string get(std::string_view name, const std::string& fallback = "") const;
  // A boolean flag: given on the command line, or its variable set to 1/true/yes.
  bool flag(std::string_view name) const { return get(name) == "true"; }
  FlagSource source(std::string_view name) const;

  // `origin` names a config-file value in messages ("config.yaml: interval").
  void set(const std::string& name, std::string value, FlagSource source, std::string origin = "");
  const std::string& origin(std::string_view name) const;

 private:
  std::map<std::string, std::pair<std::string, FlagSource>> values_;
  std::map<std::string, std::string> origins_;  // flag -> "FILE: key", for ConfigFile values
};

// FLEETWAVE_<NAME> for a flag name ("git-token-file" -> "FLEETWAVE_GIT_TOKEN_FILE").
std::string env_name(std::string_view flag);

// How an error message names where a flag's value came from: "--author" when it was given on
// the command line, "FLEETWAVE_AUTHOR" when it came from the environment, "config.yaml: author"
// when it came from the config file.
std::string flag_label(const ParsedArgs& args, std::string_view flag);

// Usage errors are InvalidInput; their messages name the flag. A flag given twice, an unknown
// flag, a missing value and a bad boolean value (in a variable) are errors. `command` labels
// messages ("fleetwave status").
Result<ParsedArgs> parse_flags(const std::vector<std::string>& args, const std::vector<FlagSpec>& specs,
                               const std::map<std::string, std::string>& env, const std::string& command);

// The "Flags:" part of a command's help, one flag a line, aligned, in the order of `specs`.
std::string format_flags(const std::vector<FlagSpec>& specs);

}  // namespace fleetwave::cli
