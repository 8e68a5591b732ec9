// The fleetwave command line: picks the command, parses its flags (FLEETWAVE_<FLAG> variables
// as fallbacks), runs it and returns the process exit code (command_context.h). Output is
// plain text on `out`; errors go to `err`, one line each, with secrets scrubbed.
#pragma once

#include <ostream>

#include "cli/command_context.h"

namespace fleetwave::cli {

int run_cli(const CliServices& services, const CliProcess& process, std::ostream& out, std::ostream& err);

// "fleetwave 0.1.0 (libgit2 1.5.1 ...)".
std::string version_text();
// The version and Git commit the build was given (CMake: PROJECT_VERSION, FLEETWAVE_REVISION).
std::string build_version();
std::string build_revision();  // "unknown" when the build was not told

}  // namespace fleetwave::cli
