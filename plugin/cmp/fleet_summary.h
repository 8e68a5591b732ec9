// `fleetwave-render summary`: renders every app for every cluster of a repository and prints
// what each cluster receives (the README's first command runs it on the example fleet).
#pragma once

#include "cmp/render_command.h"

namespace fleetwave {

// Args after "summary": --repo-root DIR [--apps-dir DIR] [--clusters-dir DIR]
// [-o|--output text|json] [-h|--help]. JSON: {"fleet", "apps": [...], "clusters": [{"name",
// "provider", "region", "apps": [{"app", "objects": [{"apiVersion", "kind", "namespace", "name",
// "replicas" (workloads), "images": [...]}]}]}]}, keys sorted, one line.
CommandResult run_summary_command(const ProcessContext& context);

}  // namespace fleetwave
