#include "adapters/hosting/gitlab_provider.h"

#include <algorithm>
#include <cctype>
#include <map>

#include "adapters/hosting/hosting_providers.h"
#include "net/percent_encode.h"

namespace fleetwave {
namespace {

Error gitlab_bad_shape(const ProviderHttp& http, const std::string& what, const std::string& why) {
  return transient("gitlab API at " + http.display_url() + ": " + what + ": unexpected response: " + why);
}

RequestState gitlab_state_of(const std::string& state) {
  if (state == "merged") return RequestState::Merged;
  if (state == "closed") return RequestState::Closed;
  return RequestState::Open;  // "opened", or "locked" (being merged)
}

Result<ReviewRequest> parse_merge_request(const ProviderHttp& http, const Json& mr, const std::string& what) {
  const Json* iid = find_member(mr, "iid");
  if (iid == nullptr || !iid->is_number_integer()) return gitlab_bad_shape(http, what, "no merge request iid");
  ReviewRequest out;
  out.number = iid->get<std::int64_t>();
  out.url = string_at(mr, {"web_url"});
  out.head_branch = string_at(mr, {"source_branch"});
  out.state = gitlab_state_of(string_at(mr, {"state"}));
  return out;
}

class GitLabProvider final : public ApprovalProvider {
 public:
  GitLabProvider(ProviderHttp http, const std::string& project_path)
      : http_(std::move(http)), base_("/projects/" + percent_encode(project_path)) {}

  std::string name() const override { return "gitlab"; }

  Result<std::optional<ReviewRequest>> find(const std::string& head_branch) override {
    const std::string query = base_ + "/merge_requests?source_branch=" + percent_encode(head_branch);
    FW_TRY(open, list(query + "&state=opened", head_branch));
    if (open) return open;
    return list(query, head_branch);  // GitLab lists the newest first
  }

  Result<ReviewRequest> find_or_open(const ReviewRequestSpec& spec) override {
    FW_TRY(existing, find(spec.head_branch));
    if (existing) return *existing;
    Json body = {{"source_branch", spec.head_branch},
                 {"target_branch", spec.base_branch},
                 {"title", spec.title},
                 {"description", spec.body},
                 {"remove_source_branch", true}};
    const std::string what = "open a merge request for " + spec.head_branch;
    FW_TRY(created, http_.call("POST", base_ + "/merge_requests", body, what));
    return parse_merge_request(http_, created, what);
  }

  Result<ReviewState> review_state(const ReviewRequest& request) override {
    const std::string mr = base_ + "/merge_requests/" + std::to_string(request.number);
    const std::string what = "read merge request !" + std::to_string(request.number);
    FW_TRY(json, http_.call("GET", mr, std::nullopt, what));
    FW_TRY(current, parse_merge_request(http_, json, what));
    ReviewState out;
    out.state = current.state;
    FW_TRY(approvals, http_.call("GET", mr + "/approvals", std::nullopt,
                                 "read approvals of merge request !" + std::to_string(request.number)));
    if (!approvals.is_object()) return gitlab_bad_shape(http_, what, "expected an approvals object");
    out.approvers = gitlab_approvers(approvals);
    return out;
  }

  Status<> comment(const ReviewRequest& request, const std::string& body) override {
    FW_CHECK(http_.call("POST", base_ + "/merge_requests/" + std::to_string(request.number) + "/notes",
                        Json{{"body", body}}, "comment on merge request !" + std::to_string(request.number)));
    return ok_status();
  }

  Status<> close(const ReviewRequest& request) override {
    FW_CHECK(http_.call("PUT", base_ + "/merge_requests/" + std::to_string(request.number),
                        Json{{"state_event", "close"}}, "close merge request !" + std::to_string(request.number)));
    return ok_status();
  }

 private:
  // The first open request of the list, else the first one (newest first); nullopt when empty.
  Result<std::optional<ReviewRequest>> list(const std::string& path, const std::string& head_branch) {
    const std::string what = "list merge requests of " + head_branch;
    FW_TRY(json, http_.call("GET", path, std::nullopt, what));
    if (!json.is_array()) return gitlab_bad_shape(http_, what, "expected an array");
    std::optional<ReviewRequest> newest;
    for (const Json& mr : json) {
      FW_TRY(request, parse_merge_request(http_, mr, what));
      if (request.head_branch != head_branch) continue;
      if (request.state == RequestState::Open) return std::optional<ReviewRequest>(request);
      if (!newest) newest = request;
    }
    return newest;
  }

  ProviderHttp http_;
  std::string base_;  // /projects/{url-encoded path}
};

}  // namespace

std::vector<std::string> gitlab_approvers(const Json& approvals) {
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

std::unique_ptr<ApprovalProvider> make_gitlab_provider(ProviderHttp http, const std::string& project_path) {
  return std::make_unique<GitLabProvider>(std::move(http), project_path);
}

namespace {

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
          [](std::string_view api_url) -> std::string {
            const std::string_view suffix = "/api/v4";  // GitLab serves its API at <site>/api/v4
            if (api_url.size() > suffix.size() && api_url.substr(api_url.size() - suffix.size()) == suffix)
              return std::string(api_url.substr(0, api_url.size() - suffix.size()));
            return "";
          },
          "/-/commit/",
          "/-/tree/",
          &gitlab_status_request};
}

}  // namespace fleetwave
