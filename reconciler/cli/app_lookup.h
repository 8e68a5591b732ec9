// The apps of a commit for the CLI: every app (AppDiscovery), or the one a command names.
#pragma once

#include <string>
#include <vector>

#include "cli/command_context.h"
#include "reconcile/app_discovery.h"
#include "reconcile/repo_snapshot.h"

namespace fleetwave::cli {

// Apps of `commit` sorted by name; only `name` when it is not "" (exit 1 when no app has that
// name, listing the names there are). Unreadable objects exit 1 too.
Result<std::vector<AppDefinition>, CliFailure> find_apps(git::GitRepository& repo, BlobCache& blobs,
                                                         const std::string& commit, const std::string& name);

// The single APP argument of a command, or a usage failure (exit 2).
Result<std::string, CliFailure> single_app_argument(const CommandContext& ctx);

}  // namespace fleetwave::cli
