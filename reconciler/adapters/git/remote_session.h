// Adapter-internal: the state behind libgit2's remote callbacks for one fetch or push:
// credentials (at most `max_attempts` offers, then give up), SSH host-key verification against
// known_hosts, push statuses reported by the server, and server progress text ("remote: ...").
//
// libgit2's own error after a callback gives up is stale or misleading (git_error_last() is not
// set for GIT_EUSER), so the session records its own failure and error_for() prefers it.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "adapters/git/git_credentials.h"
#include "adapters/git/repo_url.h"
#include "base/error.h"

struct git_remote_callbacks;

namespace fleetwave::git::detail {

class RemoteSession {
 public:
  RemoteSession(const GitCredentials& credentials, const RepoUrl& url, int max_attempts);

  // Fills callbacks and payload; the session must outlive the libgit2 call.
  void install(git_remote_callbacks* callbacks);

  // The Error for a failed libgit2 remote call (rc < 0): "<operation>: <why>", where operation
  // names the action and the redacted URL ("fetch main from https://host/r").
  Error error_for(int rc, const std::string& operation) const;

  // Refs the server refused to update, with its reason (e.g. "pre-receive hook declined").
  const std::vector<std::pair<std::string, std::string>>& rejected() const { return rejected_; }
  // Server messages, redacted and trimmed; "" when none.
  std::string remote_messages() const;
  int credential_attempts() const { return attempts_; }

 private:
  friend struct RemoteCallbacks;  // the libgit2 callback trampolines (remote_session.cpp)

  const GitCredentials& credentials_;
  const RepoUrl& url_;
  int max_attempts_;
  int attempts_ = 0;
  ErrorKind failure_kind_ = ErrorKind::Internal;
  std::string failure_;  // our own error state; empty when no callback failed
  std::vector<std::pair<std::string, std::string>> rejected_;
  std::string messages_;
};

}  // namespace fleetwave::git::detail
