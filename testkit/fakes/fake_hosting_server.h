// Test support: an in-process fake of the slice of GitHub's REST v3 or GitLab's REST v4 API that
// adapters/hosting/ speaks, on 127.0.0.1 (cpp-httplib, a kernel-chosen port). It follows the
// documented request and response shapes:
//
// GitHub (api_url() = http://127.0.0.1:PORT/api/v3, like GitHub Enterprise Server)
//   GET   /repos/{o}/{r}/pulls?head={o}:{branch}&state=open|closed|all   pulls, newest first
//   POST  /repos/{o}/{r}/pulls {title, head, base, body}   201; 422 "Validation Failed" when a
//                                                          field is missing or the head already
//                                                          has an open pull request
//   GET   /repos/{o}/{r}/pulls/{n}                         pull with merged, merged_at
//   GET   /repos/{o}/{r}/pulls/{n}/reviews                 reviews, chronological
//   POST  /repos/{o}/{r}/issues/{n}/comments {body}        201
//   PATCH /repos/{o}/{r}/pulls/{n} {state}                 200
//   Auth "Authorization: Bearer <token>", else 401 {"message": "Bad credentials"}.
//
// GitLab (api_url() = http://127.0.0.1:PORT/api/v4); the project is its URL-encoded path
// (acme%2Ffleet), anything else is 404 {"message": "404 Project Not Found"}
//   GET  /projects/{id}/merge_requests?source_branch=..&state=opened|closed|merged  newest first
//   POST /projects/{id}/merge_requests {source_branch, target_branch, title, description}
//        201; 400 {"error": "title is missing"}; 409 {"message": ["Another open merge request
//        already exists for this source branch: !N"]}
//   GET  /projects/{id}/merge_requests/{iid}               state opened|closed|merged
//   GET  /projects/{id}/merge_requests/{iid}/approvals     {approved, approvals_required,
//                                                          approvals_left, approved_by[].user}
//   POST /projects/{id}/merge_requests/{iid}/notes {body}  201
//   PUT  /projects/{id}/merge_requests/{iid} {state_event: close|reopen}  200
//   Auth "PRIVATE-TOKEN: <token>", else 401 {"message": "401 Unauthorized"}.
//
// Commit statuses (both hosts record them in the order posted; statuses()):
//   GitHub POST /repos/{o}/{r}/statuses/{sha} {state, target_url, description, context}  201;
//          422 "Validation Failed" for a state other than pending|success|failure|error
//   GitLab POST /projects/{id}/statuses/{sha} {state, name, target_url, description}     201;
//          400 for a state other than pending|running|success|failed|canceled, and, as GitLab
//          does, 400 "Cannot transition status via :<event> from :<state>" when the status of
//          that name on that commit already has that state
//
// Thread-safety: public methods may be called from any thread while the server answers; the
// state lives behind a private mutex.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "base/json.h"
#include "base/result.h"
#include "testkit/fakes/httplib_forward.h"

namespace fleetwave::testkit {

enum class FakeProviderKind { GitHub, GitLab };

struct FakeGitProviderOptions {
  FakeProviderKind kind = FakeProviderKind::GitHub;
  std::string token = "fake-provider-token-0123456789";
  std::string repository = "acme/fleet";    // owner/name or group/name
  std::string bot_login = "fleetwave-bot";  // author of requests and comments
  int gitlab_approvals_required = 0;        // GitLab: approved is true once approvals_left is 0
};

struct FakeReview {
  std::string login;
  std::string state;  // APPROVED | CHANGES_REQUESTED | COMMENTED | DISMISSED
};

struct FakeRequest {
  std::int64_t number = 0;  // GitHub number, GitLab iid
  std::string head, base, title, body;
  std::string state = "open";         // open | closed | merged (GitLab's "opened" is "open" here)
  std::vector<FakeReview> reviews;    // GitHub reviews, or GitLab approvals (state APPROVED)
  std::vector<std::string> comments;  // comment / note bodies, in order
};

struct FakeCommitStatus {
  std::string sha;
  std::string context;  // GitHub context, GitLab name
  std::string state;    // as sent
  std::string description;
  std::string target_url;     // "" when not sent
  std::string authorization;  // the Authorization (GitHub) or PRIVATE-TOKEN (GitLab) header sent
};

// A canned answer for every authorized request.
struct FakeProviderResponse {
  int status = 500;
  std::string body;
  std::map<std::string, std::string> headers;
};

class FakeGitProvider {
 public:
  [[nodiscard]] static Result<std::unique_ptr<FakeGitProvider>> start(FakeGitProviderOptions options = {});
  ~FakeGitProvider();
  FakeGitProvider(const FakeGitProvider&) = delete;
  FakeGitProvider& operator=(const FakeGitProvider&) = delete;

  std::string api_url() const;  // http://127.0.0.1:PORT/api/v3 (GitHub) or /api/v4 (GitLab)
  const FakeGitProviderOptions& options() const { return options_; }

  // What reviewers do in the web UI. NotFound for an unknown request.
  [[nodiscard]] Status<> review(std::int64_t number, const std::string& login, const std::string& state);
  [[nodiscard]] Status<> set_state(std::int64_t number, const std::string& state);  // open | closed | merged
  // Adds a request as if someone opened it by hand; returns its number.
  std::int64_t add_request(FakeRequest request);

  std::vector<FakeRequest> requests() const;  // by number
  std::optional<FakeRequest> request(std::int64_t number) const;
  std::vector<std::string> request_log() const;    // "METHOD target" as received, authorized or not
  std::vector<FakeCommitStatus> statuses() const;  // accepted ones, in the order posted

  void set_unavailable(bool unavailable);  // 503 for everything while set
  void set_response_override(std::optional<FakeProviderResponse> response);

 private:
  explicit FakeGitProvider(FakeGitProviderOptions options);
  [[nodiscard]] Status<> listen();
  void handle(const httplib::Request& req, httplib::Response& res);
  void github(const std::string& method, const std::string& path, const httplib::Request& req, httplib::Response& res);
  void gitlab(const std::string& method, const std::string& path, const httplib::Request& req, httplib::Response& res);
  Json github_pull(const FakeRequest& r, bool single) const;
  Json gitlab_merge_request(const FakeRequest& r) const;
  Json gitlab_approvals(const FakeRequest& r) const;
  FakeRequest* find(std::int64_t number);  // requires mu_
  // POST .../statuses/{sha}, both hosts; requires mu_.
  void post_status(const std::string& sha, const httplib::Request& req, httplib::Response& res);

  const FakeGitProviderOptions options_;
  std::unique_ptr<httplib::Server> server_;
  std::thread thread_;
  int port_ = 0;

  mutable std::mutex mu_;
  std::vector<FakeRequest> requests_;             // guarded by mu_
  std::vector<std::string> log_;                  // guarded by mu_
  bool unavailable_ = false;                      // guarded by mu_
  std::optional<FakeProviderResponse> override_;  // guarded by mu_
  std::vector<FakeCommitStatus> statuses_;        // guarded by mu_
};

}  // namespace fleetwave::testkit
