// Writes a commit's whole tree into a directory, as argocd-cmp-server untars the repo-server's
// tarball (docs/architecture.md, "Argo CD contracts") without preserveFileMode: regular files 0644,
// files Git marks executable 0755, symlinks as symlinks (never followed), submodules as empty
// directories. No .git directory is written: a plugin must not rely on one.
#pragma once

#include <cstddef>
#include <filesystem>
#include <string>

#include "adapters/git/git_repository.h"
#include "base/result.h"

namespace fleetwave::sim {

// Returns the number of entries written. NotFound when the commit is unknown; InvalidInput for
// a path that would escape `dir`; Internal for filesystem failures.
[[nodiscard]] Result<std::size_t> extract_tree(git::GitRepository& repo, const std::string& commit,
                                               const std::filesystem::path& dir);

}  // namespace fleetwave::sim
