#include "adapters/hosting/github_provider.h"

#include <algorithm>
#include <cctype>
#include <map>

#include "adapters/hosting/hosting_providers.h"
#include "base/text.h"
#include "net/percent_encode.h"

namespace fleetwave {
namespace {

Error bad_shape(const ProviderHttp& http, const std::string& what, const std::string& why) {
  return transient("github API at " + http.display_url() + ": " + what + ": unexpected response: " + why);
}

RequestState state_of(const Json& pull) {
  if (string_at(pull, {"state"}) == "open") return RequestState::Open;
  const Json* merged = find_member(pull, "merged");
  const Json* merged_at = find_member(pull, "merged_at");  // the list endpoint has no "merged"
  bool was_merged = (merged != nullptr && merged->is_boolean() && merged->get<bool>()) ||
                    (merged_at != nullptr && merged_at->is_string());
  return was_merged ? RequestState::Merged : RequestState::Closed;
}

Result<ReviewRequest> parse_pull(const ProviderHttp& http, const Json& pull, const std::string& what) {
  const Json* number = find_member(pull, "number");
  if (number == nullptr || !number->is_number_integer()) return bad_shape(http, what, "no pull request number");
  ReviewRequest out;
  out.number = number->get<std::int64_t>();
  out.url = string_at(pull, {"html_url"});
  out.head_branch = string_at(pull, {"head", "ref"});
  out.state = state_of(pull);
  return out;
}

class GitHubProvider final : public ApprovalProvider {
 public:
  GitHubProvider(ProviderHttp http, const std::string& repository)
      : http_(std::move(http)), owner_(repository.substr(0, repository.find('/'))), base_("/repos/" + repository) {}

  std::string name() const override { return "github"; }

  Result<std::optional<ReviewRequest>> find(const std::string& head_branch) override {
    const std::string what = "list pull requests of " + head_branch;
    FW_TRY(list,
           http_.call("GET",
                      base_ + "/pulls?head=" + percent_encode(owner_ + ":" + head_branch) + "&state=all&per_page=100",
                      std::nullopt, what));
    if (!list.is_array()) return bad_shape(http_, what, "expected an array");
    std::optional<ReviewRequest> newest;  // GitHub lists the newest first
    for (const Json& pull : list) {
      FW_TRY(request, parse_pull(http_, pull, what));
      if (!request.head_branch.empty() && request.head_branch != head_branch) continue;
      if (request.state == RequestState::Open) return std::optional<ReviewRequest>(request);
      if (!newest) newest = request;
    }
    return newest;
  }

  Result<ReviewRequest> find_or_open(const ReviewRequestSpec& spec) override {
    FW_TRY(existing, find(spec.head_branch));
    if (existing) return *existing;
    Json body = {{"title", spec.title}, {"head", spec.head_branch}, {"base", spec.base_branch}, {"body", spec.body}};
    const std::string what = "open a pull request for " + spec.head_branch;
    FW_TRY(created, http_.call("POST", base_ + "/pulls", body, what));
    return parse_pull(http_, created, what);
  }

  Result<ReviewState> review_state(const ReviewRequest& request) override {
    const std::string pull = base_ + "/pulls/" + std::to_string(request.number);
    const std::string what = "read pull request #" + std::to_string(request.number);
    FW_TRY(json, http_.call("GET", pull, std::nullopt, what));
    FW_TRY(current, parse_pull(http_, json, what));
    ReviewState out;
    out.state = current.state;
    FW_TRY(reviews, http_.call("GET", pull + "/reviews?per_page=100", std::nullopt,
                               "list reviews of pull request #" + std::to_string(request.number)));
    if (!reviews.is_array()) return bad_shape(http_, what, "expected an array of reviews");
    out.approvers = github_approvers(reviews);
    return out;
  }

  Status<> comment(const ReviewRequest& request, const std::string& body) override {
    FW_CHECK(http_.call("POST", base_ + "/issues/" + std::to_string(request.number) + "/comments", Json{{"body", body}},
                        "comment on pull request #" + std::to_string(request.number)));
    return ok_status();
  }

  Status<> close(const ReviewRequest& request) override {
    FW_CHECK(http_.call("PATCH", base_ + "/pulls/" + std::to_string(request.number), Json{{"state", "closed"}},
                        "close pull request #" + std::to_string(request.number)));
    return ok_status();
  }

 private:
  ProviderHttp http_;
  std::string owner_;
  std::string base_;  // /repos/{owner}/{repo}
};

}  // namespace

std::vector<std::string> github_approvers(const Json& reviews) {
  std::map<std::string, std::string> latest;  // login -> latest deciding state; chronological input
  if (reviews.is_array()) {
    for (const Json& review : reviews) {
      std::string state = string_at(review, {"state"});
      std::string login = string_at(review, {"user", "login"});
      if (login.empty()) continue;  // a deleted account ("ghost" has user: null)
      if (state == "APPROVED" || state == "CHANGES_REQUESTED" || state == "DISMISSED") latest[login] = state;
    }
  }
  std::vector<std::string> out;
  for (const auto& [login, state] : latest) {
    if (state == "APPROVED") out.push_back(login);
  }
  return out;  // std::map: sorted
}

std::unique_ptr<ApprovalProvider> make_github_provider(ProviderHttp http, const std::string& repository) {
  return std::make_unique<GitHubProvider>(std::move(http), repository);
}

namespace {

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
            const std::string_view suffix = "/api/v3";
            if (api_url.size() > suffix.size() && api_url.substr(api_url.size() - suffix.size()) == suffix)
              return std::string(api_url.substr(0, api_url.size() - suffix.size()));
            return "";
          },
          "/commit/",
          "/tree/",
          &github_status_request};
}

}  // namespace fleetwave
