// Adapter-internal: builds commits from a parent and a list of file changes with treebuilders,
// directly in the object database (works on bare repositories, moves no ref). Only the trees on
// the paths of the changes are rebuilt; all other subtrees are reused by OID.
#pragma once

#include <string>

#include "adapters/git/git_repository.h"
#include "adapters/git/libgit2_handles.h"
#include "base/result.h"

namespace fleetwave::git::detail {

// The OID of the tree obtained by applying `changes` to `base` (nullptr: the empty tree).
[[nodiscard]] Result<std::string> apply_changes(git_repository* repo, const git_tree* base,
                                                const std::vector<FileChange>& changes);

// Implements GitRepository::create_commit.
[[nodiscard]] Result<std::string> write_commit(git_repository* repo, const CommitRequest& request);

}  // namespace fleetwave::git::detail
