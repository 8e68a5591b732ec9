// serve's YAML config file, read into the same ParsedArgs as flags and FLEETWAVE_<FLAG>
// variables, under one precedence rule: file < environment < command line. The file's keys are
// the config_key of the command's flag table, so a setting is one row of that table.
#pragma once

#include <string>
#include <vector>

#include "base/result.h"
#include "cli/flag_parser.h"
#include "serve/serve_config.h"

namespace fleetwave::cli {

// The config-file keys of `flags` (those with a config_key), in the table's order.
std::vector<serve::ConfigKey> config_keys_of(const std::vector<FlagSpec>& flags);

// `args` with the values of --config FILE (when given) added for every flag the command line and
// the environment left unset; each remembers its "FILE: key" for messages (flag_label).
Result<ParsedArgs> with_config_file(const ParsedArgs& args, const std::string& cwd, const std::vector<FlagSpec>& flags);

}  // namespace fleetwave::cli
