// `fleetwave-render summary`: renders every app for every cluster of a repository and prints
// what each cluster receives (the README's first command runs it on the example fleet).
#pragma once

#include "cmp/render_command.h"

namespace fleetwave {

// Args after "summary": --repo-root DIR [--apps-dir DIR] [--clusters-dir DIR].
CommandResult run_summary_command(const ProcessContext& context);

}  // namespace fleetwave
