// Adapter-internal: builds commits from a parent and a list of file changes with treebuilders,
// directly in the object database (works on bare repositories, moves no ref). Only the trees on
// the paths of the changes are rebuilt; all other subtrees are reused by OID.
#pragma once

#include <string>

#include "adapters/git/commit_signer.h"
#include "adapters/git/git_repository.h"
#include "adapters/git/libgit2_handles.h"
#include "base/result.h"

namespace fleetwave::git::detail {

// The OID of the tree obtained by applying `changes` to `base` (nullptr: the empty tree).
[[nodiscard]] Result<std::string> apply_changes(git_repository* repo, const git_tree* base,
                                                const std::vector<FileChange>& changes);

// Writes a commit object on `parent` (nullptr: a root commit) and moves no ref. With a `signer`
// the commit carries its signature in the gpgsig header, as `git commit -S` writes it.
[[nodiscard]] Result<std::string> commit_object(git_repository* repo, const git_signature* author,
                                                const git_signature* committer, const std::string& message,
                                                const git_tree* tree, const git_commit* parent,
                                                const CommitSigner* signer);

// Implements GitRepository::create_commit; signed when `signer` is set.
[[nodiscard]] Result<std::string> write_commit(git_repository* repo, const CommitRequest& request,
                                               const CommitSigner* signer);

}  // namespace fleetwave::git::detail
