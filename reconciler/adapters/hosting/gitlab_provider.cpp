// ApprovalProvider over GitLab's REST API v4 (https://gitlab.com/api/v4 or a self-hosted
// https://HOST/api/v4); the project is named by its URL-encoded path (group%2Fsub%2Fname):
//
//   find          GET  /projects/{id}/merge_requests?source_branch={branch}&state=opened
//                 then, when none is open, the same without state (merged / closed ones)
//   open          POST /projects/{id}/merge_requests {source_branch, target_branch, title,
//                      description, remove_source_branch}                          -> 201
//   review_state  GET  /projects/{id}/merge_requests/{iid}            (state)
//                 GET  /projects/{id}/merge_requests/{iid}/approvals  (approved_by[].user.username)
//   comment       POST /projects/{id}/merge_requests/{iid}/notes {body}              -> 201
//   close         PUT  /projects/{id}/merge_requests/{iid} {state_event: "close"}
//
// Only a person in approved_by approves: `approved: true` alone also means "no approval
// rule requires anyone", which must not advance a gated wave.
//
// GitLab's row of the hosting table (hosting_providers.cpp): its review client (review_api.h) for a
// project path. Webhooks: the secret itself in X-Gitlab-Token, compared in constant time.

#include <algorithm>
#include <cctype>
#include <map>

#include "adapters/hosting/hosting_providers.h"
#include "adapters/hosting/review_api.h"
#include "net/percent_encode.h"

namespace fleetwave {
namespace {

RequestState gitlab_state_of(const std::string& state) {
  if (state == "merged") return RequestState::Merged;
  if (state == "closed") return RequestState::Closed;
  return RequestState::Open;  // "opened", or "locked" (being merged)
}

void read_merge_request(const Json& mr, ReviewRequest& out) {
  out.head_branch = string_at(mr, {"source_branch"});
  out.state = gitlab_state_of(string_at(mr, {"state"}));
}

// The approvers from an approvals object: the usernames in approved_by, sorted. Only a person
// there approves: `approved: true` alone also means "no approval rule requires anyone".
std::optional<std::vector<std::string>> gitlab_approvers(const Json& approvals) {
  if (!approvals.is_object()) return std::nullopt;
  std::vector<std::string> out;
  const Json* by = find_member(approvals, "approved_by");
  if (by != nullptr && by->is_array()) {
    for (const Json& entry : *by) {
      std::string name = string_at(entry, {"user", "username"});
      if (!name.empty()) out.push_back(name);
    }
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

Json merge_request_body(const ReviewRequestSpec& spec) {
  return Json{{"source_branch", spec.head_branch},
              {"target_branch", spec.base_branch},
              {"title", spec.title},
              {"description", spec.body},
              {"remove_source_branch", true}};
}

std::unique_ptr<ApprovalProvider> make_gitlab_provider(ProviderHttp http, const std::string& project_path) {
  const std::string requests = "/projects/" + percent_encode(project_path) + "/merge_requests";
  ReviewApi api{{"gitlab", "merge request", "!"},
                {"iid", "web_url", &read_merge_request},
                requests,
                {"/approvals", "read approvals of", "an approvals object", &gitlab_approvers},
                requests + "/",
                "/notes",
                "PUT",
                Json{{"state_event", "close"}}};
  api.find_queries = [requests](const std::string& head_branch) {
    // An open request first; when none is open, the merged and closed ones (newest first).
    const std::string query = requests + "?source_branch=" + percent_encode(head_branch);
    return std::vector<std::string>{query + "&state=opened", query};
  };
  api.open_body = &merge_request_body;
  return make_review_provider(std::move(http), std::move(api));
}

WebhookProof verify_gitlab_webhook(const std::map<std::string, std::string>& headers, std::string_view,
                                   const std::string& secret) {
  WebhookProof proof;
  auto token = headers.find("x-gitlab-token");
  if (token == headers.end() || token->second.empty()) {
    proof.missing = "X-Gitlab-Token";
    return proof;
  }
  proof.authentic = constant_time_equal(token->second, secret);
  if (!proof.authentic) proof.mismatch = "X-Gitlab-Token does not match";
  return proof;
}

// A project path "group/sub/name", or a numeric project id.
bool valid_gitlab_project(std::string_view project) {
  const bool numeric = !project.empty() && std::all_of(project.begin(), project.end(),
                                                       [](unsigned char c) { return std::isdigit(c) != 0; });
  return numeric || valid_repository_path(project, 2, 1 << 16);
}

// POST /projects/{id}/statuses/{sha}.
ProviderRequest gitlab_status_request(const std::string& project, const CommitStatus& status) {
  const char* state = status.state == CommitState::Success    ? "success"
                      : status.state == CommitState::Failure  ? "failed"
                      : status.state == CommitState::Canceled ? "canceled"
                      : status.state == CommitState::Running  ? "running"
                                                              : "pending";
  Json body = {
      {"state", state}, {"name", status.context}, {"description", commit_status_description(status.description)}};
  if (!status.target_url.empty()) body["target_url"] = status.target_url;
  return {"POST", "/projects/" + percent_encode(project) + "/statuses/" + percent_encode(status.sha), std::move(body)};
}

}  // namespace

HostingProvider gitlab_hosting() {
  return {"gitlab",
          "GitLab",
          "https://gitlab.com/api/v4",
          "GROUP/NAME or a numeric project id",
          &valid_gitlab_project,
          [](const std::string& token) -> std::vector<std::pair<std::string, std::string>> {
            return {{"PRIVATE-TOKEN", token}, {"Accept", "application/json"}};
          },
          &make_gitlab_provider,
          "X-Gitlab-Event",
          "",
          &verify_gitlab_webhook,
          [](std::string_view api_url) { return site_of_api_url(api_url, "/api/v4"); },
          "/-/commit/",
          "/-/tree/",
          &gitlab_status_request};
}

}  // namespace fleetwave
