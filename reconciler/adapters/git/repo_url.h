// Repository URLs: parsing (URL and scp-like forms), normalization into one spelling per
// repository, and the cache directory name derived from it. Pure string functions.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "base/result.h"

namespace fleetwave::git {

struct RepoUrl {
  std::string scheme;  // lowercase: http, https, ssh, git, file
  std::string user;    // empty when absent
  std::optional<std::string> password;
  std::string host;  // as written; IPv6 without brackets; empty for file
  int port = 0;      // 0 when absent
  std::string path;  // for scp-like relative paths ("host:repo") this is "~/repo"
  bool scp_like = false;
};

// Accepts scheme://[user[:password]@]host[:port]/path, [user@]host:path (scp-like, ssh) and
// absolute local paths (file). InvalidInput for anything else, including relative local paths.
// The error message never contains the password.
[[nodiscard]] Result<RepoUrl> parse_repo_url(std::string_view url);

// The port libgit2 will connect to: the explicit one, or the scheme's default (22, 80, 443,
// 9418; 0 for file).
int effective_port(const RepoUrl& url);

// One spelling per repository, for cache keys and lock keys: scheme and host lowercased,
// credentials, default ports, query and fragment dropped, "git+ssh" and scp-like forms turned
// into ssh://, duplicate and trailing slashes removed, and for network schemes a trailing
// ".git" removed. Examples:
//   git@GitHub.com:org/repo.git        -> ssh://github.com/~/org/repo
//   https://tok@github.com:443/org/repo/ -> https://github.com/org/repo
[[nodiscard]] Result<std::string> normalize_repo_url(std::string_view url);

// Directory name for the bare clone of `url` below a cache root: a readable slug of the last
// path component plus the first 16 hex digits of SHA-1(normalized URL), e.g. "repo-3f2a...".
[[nodiscard]] Result<std::string> cache_dir_name(std::string_view url);

}  // namespace fleetwave::git
