// Rules for repository-relative paths written by the adapter: slash-separated, non-empty
// components, no ".", "..", ".git" (any case) components, no NUL, no leading or trailing slash.
#pragma once

#include <string>
#include <vector>

#include "adapters/git/git_repository.h"
#include "base/result.h"

namespace fleetwave::git {

[[nodiscard]] Status<> validate_repo_path(const std::string& path);

// Validates every change path and rejects duplicates and a path that is also a directory of
// another change ("a" and "a/b" in one request). InvalidInput names the offending path.
[[nodiscard]] Status<> validate_changes(const std::vector<FileChange>& changes);

// "" (the root) or a valid path; trailing slashes are tolerated and stripped.
[[nodiscard]] Result<std::string> normalize_prefix(const std::string& prefix);

}  // namespace fleetwave::git
