// fleetwave-render completion bash|zsh|fish, and the `fleetwave-render __complete WORD...` the
// scripts ask (base/shell_completion.h): the summary subcommand, flags, output formats.
#pragma once

#include <optional>

#include "cmp/render_command.h"

namespace fleetwave {

// Handles `completion SHELL` and `__complete WORD...`; nullopt for any other command line.
std::optional<CommandResult> run_completion_command(const ProcessContext& context);

}  // namespace fleetwave
