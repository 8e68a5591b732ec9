// The port to a Git hosting provider's review API (GitHub pull requests, GitLab merge
// requests), used to turn an approval branch (fleetwave/approve/<app>/<release7>/<wave>) into
// a request a person can review. Provider errors are values; the Git-based flow never depends
// on them (merging the branch approves the wave with or without a provider).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "base/result.h"

namespace fleetwave {

struct ApprovalProviderConfig {
  std::string provider;    // a name in the hosting table (hosting_providers.h): "github", "gitlab"
  std::string api_url;     // e.g. https://api.github.com, https://ghe.example.com/api/v3,
                           // https://gitlab.example.com/api/v4 (a trailing "/" is ignored)
  std::string repository;  // "owner/name" (GitHub) or the project path "group/sub/name" (GitLab)
  std::string token;       // the secret itself (read from its file by the caller); never logged
  std::string ca_file;     // PEM bundle to trust for https (empty: the system's)
};

enum class RequestState { Open, Merged, Closed };  // Closed = closed without merging

const char* to_string(RequestState state);

// What to open: a request to merge `head_branch` into `base_branch`.
struct ReviewRequestSpec {
  std::string head_branch;
  std::string base_branch;
  std::string title;
  std::string body;  // Markdown
};

// A pull request (GitHub: number, html_url) or merge request (GitLab: iid, web_url).
struct ReviewRequest {
  std::int64_t number = 0;
  std::string url;  // for people: the web page
  std::string head_branch;
  RequestState state = RequestState::Open;
};

struct ReviewState {
  RequestState state = RequestState::Open;
  std::vector<std::string> approvers;  // logins whose latest review approves, sorted
  bool approved() const { return !approvers.empty(); }
};

// Not thread-safe: one provider per reconcile loop.
class ApprovalProvider {
 public:
  virtual ~ApprovalProvider() = default;

  virtual std::string name() const = 0;  // its name in the hosting table

  // The request whose head is `head_branch`, if any: an open one when there is one, otherwise
  // the newest one in any state (so a request a person closed is not reopened behind their back).
  virtual Result<std::optional<ReviewRequest>> find(const std::string& head_branch) = 0;

  // find(), or else open a new request from `spec` (idempotent across cycles and reconcilers).
  virtual Result<ReviewRequest> find_or_open(const ReviewRequestSpec& spec) = 0;

  // Whether the request is open, merged or closed, and who approved it.
  virtual Result<ReviewState> review_state(const ReviewRequest& request) = 0;

  // Posts a comment (Markdown) on the request's conversation.
  virtual Status<> comment(const ReviewRequest& request, const std::string& body) = 0;

  // Closes the request without merging it.
  virtual Status<> close(const ReviewRequest& request) = 0;
};

// The client of the provider the hosting table (hosting_providers.h) names; an unknown name, an
// empty api_url/token, a repository the provider's rule refuses or an unreadable ca_file is an
// InvalidInput error.
Result<std::unique_ptr<ApprovalProvider>> make_approval_provider(const ApprovalProviderConfig& config);

}  // namespace fleetwave
