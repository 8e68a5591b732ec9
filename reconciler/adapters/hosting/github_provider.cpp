// ApprovalProvider over GitHub's REST API v3 (github.com: https://api.github.com; GitHub
// Enterprise Server: https://HOST/api/v3):
//
//   find          GET   /repos/{owner}/{repo}/pulls?head={owner}:{branch}&state=all&per_page=100
//   open          POST  /repos/{owner}/{repo}/pulls {title, head, base, body}        -> 201
//   review_state  GET   /repos/{owner}/{repo}/pulls/{n}            (state, merged)
//                 GET   /repos/{owner}/{repo}/pulls/{n}/reviews?per_page=100  (chronological)
//   comment       POST  /repos/{owner}/{repo}/issues/{n}/comments {body}          -> 201
//   close         PATCH /repos/{owner}/{repo}/pulls/{n} {state: "closed"}
//
// A reviewer approves when their latest APPROVED / CHANGES_REQUESTED / DISMISSED review is
// APPROVED (a COMMENTED review does not change it, as on GitHub's own page).
//
// GitHub's row of the hosting table (hosting_providers.cpp): its review client (review_api.h) for a
// repository "owner/name". Webhooks: the body signed with the secret,
// X-Hub-Signature-256: sha256=<hex HMAC-SHA256(secret, body)>; "ping" needs no cycle.

#include <algorithm>
#include <cctype>
#include <map>

#include "adapters/hosting/hosting_providers.h"
#include "adapters/hosting/review_api.h"
#include "base/text.h"
#include "net/percent_encode.h"

namespace fleetwave {
namespace {

RequestState github_state_of(const Json& pull) {
  if (string_at(pull, {"state"}) == "open") return RequestState::Open;
  const Json* merged = find_member(pull, "merged");
  const Json* merged_at = find_member(pull, "merged_at");  // the list endpoint has no "merged"
  bool was_merged = (merged != nullptr && merged->is_boolean() && merged->get<bool>()) ||
                    (merged_at != nullptr && merged_at->is_string());
  return was_merged ? RequestState::Merged : RequestState::Closed;
}

void read_pull(const Json& pull, ReviewRequest& out) {
  out.head_branch = string_at(pull, {"head", "ref"});
  out.state = github_state_of(pull);
}

// The approvers from a reviews array: logins whose latest APPROVED / CHANGES_REQUESTED /
// DISMISSED review is APPROVED, sorted. Reviews come in chronological order.
std::optional<std::vector<std::string>> github_approvers(const Json& reviews) {
  if (!reviews.is_array()) return std::nullopt;
  std::map<std::string, std::string> latest;  // login -> latest deciding state
  for (const Json& review : reviews) {
    std::string state = string_at(review, {"state"});
    std::string login = string_at(review, {"user", "login"});
    if (login.empty()) continue;  // a deleted account ("ghost" has user: null)
    if (state == "APPROVED" || state == "CHANGES_REQUESTED" || state == "DISMISSED") latest[login] = state;
  }
  std::vector<std::string> out;
  for (const auto& [login, state] : latest) {
    if (state == "APPROVED") out.push_back(login);
  }
  return out;  // std::map: sorted
}

std::unique_ptr<ApprovalProvider> make_github_provider(ProviderHttp http, const std::string& repository) {
  const std::string owner = repository.substr(0, repository.find('/'));
  const std::string pulls = "/repos/" + repository + "/pulls";
  ReviewApi api{{"github", "pull request", "#"},
                {"number", "html_url", &read_pull},
                pulls,
                {"/reviews?per_page=100", "list reviews of", "an array of reviews", &github_approvers},
                "/repos/" + repository + "/issues/",
                "/comments",
                "PATCH",
                Json{{"state", "closed"}},
                true};
  api.find_queries = [owner, pulls](const std::string& head_branch) {  // GitHub lists the newest first
    return std::vector<std::string>{pulls + "?head=" + percent_encode(owner + ":" + head_branch) +
                                    "&state=all&per_page=100"};
  };
  api.open_body = [](const ReviewRequestSpec& spec) {
    return Json{{"title", spec.title}, {"head", spec.head_branch}, {"base", spec.base_branch}, {"body", spec.body}};
  };
  return make_review_provider(std::move(http), std::move(api));
}

std::string header(const std::map<std::string, std::string>& headers, const std::string& name) {
  auto it = headers.find(name);
  return it == headers.end() ? "" : it->second;
}

WebhookProof verify_github_webhook(const std::map<std::string, std::string>& headers, std::string_view body,
                                   const std::string& secret) {
  WebhookProof proof;
  const std::string signature = header(headers, "x-hub-signature-256");
  if (signature.empty()) {
    proof.missing = "X-Hub-Signature-256";
    return proof;
  }
  constexpr std::string_view prefix = "sha256=";
  const std::string given = signature.rfind(prefix, 0) == 0 ? ascii_lower(signature.substr(prefix.size())) : "";
  proof.authentic = !given.empty() && constant_time_equal(given, hmac_sha256_hex(secret, body));
  if (!proof.authentic) proof.mismatch = "X-Hub-Signature-256 does not match the body";
  return proof;
}

// POST /repos/{owner}/{repo}/statuses/{sha}: GitHub has no "running" (pending) and no "canceled" (error).
ProviderRequest github_status_request(const std::string& repository, const CommitStatus& status) {
  const char* state = status.state == CommitState::Success    ? "success"
                      : status.state == CommitState::Failure  ? "failure"
                      : status.state == CommitState::Canceled ? "error"
                                                              : "pending";
  Json body = {
      {"state", state}, {"context", status.context}, {"description", commit_status_description(status.description)}};
  if (!status.target_url.empty()) body["target_url"] = status.target_url;
  return {"POST", "/repos/" + repository + "/statuses/" + percent_encode(status.sha), std::move(body)};
}

}  // namespace

HostingProvider github_hosting() {
  return {"github",
          "GitHub",
          "https://api.github.com",
          "OWNER/NAME",
          [](std::string_view repository) { return valid_repository_path(repository, 2, 2); },
          [](const std::string& token) -> std::vector<std::pair<std::string, std::string>> {
            return {{"Authorization", "Bearer " + token},
                    {"Accept", "application/vnd.github+json"},
                    {"X-GitHub-Api-Version", "2022-11-28"}};
          },
          &make_github_provider,
          "X-GitHub-Event",
          "ping",
          &verify_github_webhook,
          [](std::string_view api_url) -> std::string {
            // api.github.com serves github.com; GitHub Enterprise serves its API at <site>/api/v3.
            if (api_url == "https://api.github.com") return "https://github.com";
            return site_of_api_url(api_url, "/api/v3");
          },
          "/commit/",
          "/tree/",
          &github_status_request};
}

}  // namespace fleetwave
