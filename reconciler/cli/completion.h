// Shell completion for fleetwave: what may come next on a command line. The shells' scripts
// (`fleetwave completion bash|zsh|fish`) ask the binary (`fleetwave __complete WORD...`, the
// words after "fleetwave" up to the cursor, the last one partial) and offer each line it prints.
// Commands and flags come from the command table; what a positional argument is comes from
// the command's usage line (APP, CLUSTER..., PATH), so there is nothing else to keep in step;
// app, cluster and wave names come from the repository of the current directory.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "cli/commands.h"

namespace fleetwave::cli {

// The repository's names, asked for only when needed (reading them costs a Git read).
struct CompletionNames {
  std::function<std::vector<std::string>()> apps;
  std::function<std::vector<std::string>()> clusters;
  std::function<std::vector<std::string>(const std::string& app)> waves;
};

// The candidates for the last of `words` (may be ""), those starting with it, sorted.
std::vector<std::string> complete_words(const std::vector<CommandSpec>& commands, const std::vector<std::string>& words,
                                        const CompletionNames& names);

}  // namespace fleetwave::cli
