// Adapter-internal: fetch and push of one branch through an anonymous libgit2 remote (nothing
// is written to the repository config), with the callbacks of a RemoteSession.
#pragma once

#include <string>

#include "adapters/git/git_credentials.h"
#include "adapters/git/git_repository.h"
#include "adapters/git/libgit2_handles.h"
#include "adapters/git/repo_url.h"
#include "base/result.h"

namespace fleetwave::git::detail {

struct RemoteTarget {
  git_repository* repo;
  std::string url;  // as given to libgit2
  RepoUrl parsed;
  std::string display_url;  // redacted, for messages
  GitCredentials credentials;
  int max_credential_attempts = 3;
};

// Implements GitRepository::fetch.
[[nodiscard]] Result<std::string> fetch_branch(const RemoteTarget& target, const std::string& branch);

// Points the remote branch at `oid` ("" deletes it) through the local ref refs/heads/<branch>.
[[nodiscard]] Status<> push_branch(const RemoteTarget& target, const std::string& branch, const std::string& oid,
                                   PushMode mode);

}  // namespace fleetwave::git::detail
