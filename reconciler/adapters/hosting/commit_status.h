// Commit statuses on the Git host: the check marks a host shows beside a commit. fleetwave
// posts one per wave of a release on the release's commit (reconcile/notify/commit_status_hook.h).
// The request shape of each host is a field of its row in the hosting table
// (hosting_providers.h); the client and its credentials are the approvals provider's
// (approvals.provider, apiUrl, repository, tokenFile, caFile):
//
//   GitHub  POST /repos/{owner}/{repo}/statuses/{sha}
//           {state: pending|success|failure|error, target_url, description, context}      -> 201
//   GitLab  POST /projects/{url-encoded path or id}/statuses/{sha}
//           {state: pending|running|success|failed|canceled, name, target_url, description}  -> 201
//
// target_url is left out when empty; descriptions are cut to 140 characters (GitHub's limit).
// GitLab's 400 "Cannot transition status ..." (the status already has that state) counts as posted.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "adapters/hosting/approval_provider.h"
#include "base/json.h"
#include "base/result.h"

namespace fleetwave {

// Pending: not started or waiting (approval, pause); Running: rolling out (GitHub has no
// "running": pending); Canceled: superseded by a newer release (GitHub: error).
enum class CommitState { Pending, Running, Success, Failure, Canceled };

const char* to_string(CommitState state);  // "pending", "running", "success", "failure", "canceled"

struct CommitStatus {
  std::string sha;      // the commit (40 hex)
  std::string context;  // "fleetwave/<app>/<wave>" (GitLab: the status name)
  CommitState state = CommitState::Pending;
  std::string description;
  std::string target_url;  // "" = none
  bool operator==(const CommitStatus&) const = default;
};

// One request to a host's API; `path` is relative to the API URL.
struct ProviderRequest {
  std::string method;
  std::string path;
  Json body;
};

// A status description as every host takes it: cut to 140 characters (GitHub's limit), never
// inside a UTF-8 sequence.
std::string commit_status_description(const std::string& text);

// What one post came to.
struct StatusPost {
  bool ok = false;
  int http_status = 0;  // 0: the host did not answer (unreachable, timeout, TLS)
  std::optional<Error> error;
};

// Immutable after creation; post() may be called from any thread.
class CommitStatusClient {
 public:
  virtual ~CommitStatusClient() = default;
  virtual std::string name() const = 0;         // "github" | "gitlab"
  virtual std::string display_url() const = 0;  // the API URL, for logs (no token)
  virtual StatusPost post(const CommitStatus& status) const = 0;
};

// The client of config.provider's row, with short timeouts (connect 2 s, read 5 s): statuses
// are posted by a background worker and must never hold it long. Errors as
// make_approval_provider's.
Result<std::unique_ptr<CommitStatusClient>> make_commit_status_client(const ApprovalProviderConfig& config);

}  // namespace fleetwave
