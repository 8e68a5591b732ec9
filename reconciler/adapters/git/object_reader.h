// Adapter-internal: read-only queries over the objects of a libgit2 repository (no checkout,
// no working tree). Implements the read half of GitRepository for LibGit2Repository.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "adapters/git/git_repository.h"
#include "adapters/git/libgit2_handles.h"
#include "base/result.h"

namespace fleetwave::git::detail {

// A revision (full OID fast path, otherwise any revparse spec) peeled to a commit.
[[nodiscard]] Result<Handle<git_commit>> lookup_commit(git_repository* repo, const std::string& rev);

[[nodiscard]] Result<std::string> resolve_commit(git_repository* repo, const std::string& rev);
[[nodiscard]] Result<std::string> read_file(git_repository* repo, const std::string& commit, const std::string& path);
[[nodiscard]] Result<std::vector<TreeEntry>> list_tree(git_repository* repo, const std::string& commit,
                                                       const std::string& prefix, bool recursive);
[[nodiscard]] Result<std::string> read_blob(git_repository* repo, const std::string& oid);
[[nodiscard]] Result<std::string> tree_id(git_repository* repo, const std::string& commit, const std::string& path);
[[nodiscard]] Result<CommitInfo> commit_info(git_repository* repo, const std::string& commit);
[[nodiscard]] Result<std::optional<CommitSignature>> commit_signature(git_repository* repo, const std::string& commit);
[[nodiscard]] Result<std::vector<std::string>> first_parent_log(git_repository* repo, const std::string& from,
                                                                const std::string& stop_at, size_t max_count);
[[nodiscard]] Result<std::vector<std::string>> changed_paths_between(git_repository* repo, const std::string& from,
                                                                     const std::string& to);
[[nodiscard]] Result<std::vector<std::string>> changed_paths(git_repository* repo, const std::string& commit);

}  // namespace fleetwave::git::detail
