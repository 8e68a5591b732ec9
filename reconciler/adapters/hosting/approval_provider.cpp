#include "adapters/hosting/approval_provider.h"

#include <algorithm>
#include <cctype>

#include "adapters/hosting/github_provider.h"
#include "adapters/hosting/gitlab_provider.h"
#include "adapters/hosting/provider_http.h"
#include "base/text.h"

namespace fleetwave {
namespace {

// "a/b" (GitHub: exactly two parts) or "group/sub/name" (GitLab: two or more, or a numeric id).
bool valid_repository(const std::string& repo, bool github) {
  if (repo.empty()) return false;
  int parts = 1;
  bool empty_part = repo.front() == '/' || repo.back() == '/';
  for (std::size_t i = 0; i < repo.size(); ++i) {
    unsigned char c = static_cast<unsigned char>(repo[i]);
    if (std::isspace(c) || c < 0x20 || c == '?' || c == '#' || c == '%') return false;
    if (c == '/') {
      ++parts;
      if (i + 1 < repo.size() && repo[i + 1] == '/') empty_part = true;
    }
  }
  if (empty_part) return false;
  if (github) return parts == 2;
  bool numeric = std::all_of(repo.begin(), repo.end(), [](unsigned char c) { return std::isdigit(c); });
  return parts >= 2 || numeric;
}

}  // namespace

const char* to_string(RequestState state) {
  switch (state) {
    case RequestState::Open:
      return "open";
    case RequestState::Merged:
      return "merged";
    case RequestState::Closed:
      return "closed";
  }
  return "unknown";
}

Result<std::unique_ptr<ApprovalProvider>> make_approval_provider(const ApprovalProviderConfig& config) {
  const bool github = config.provider == "github";
  if (!github && config.provider != "gitlab") {
    return invalid_input("unknown approval provider \"" + config.provider + "\"; valid providers: github, gitlab");
  }
  const std::string& label = config.provider;
  if (config.api_url.empty()) {
    return invalid_input("the " + label + " API URL is empty (e.g. " +
                         (github ? "https://api.github.com" : "https://gitlab.com/api/v4") + ")");
  }
  if (!valid_repository(config.repository, github)) {
    return invalid_input("invalid " + label + " repository \"" + config.repository + "\"; expected " +
                         (github ? "owner/name" : "group/name or a numeric project id"));
  }
  std::string token = trim_space(config.token);  // a token file usually ends in a newline
  if (token.empty()) return invalid_input("the " + label + " token is empty; check the token file");
  for (unsigned char c : token) {
    if (c < 0x20 || c == 0x7F)
      return invalid_input("the " + label + " token contains control characters; check the token file");
  }

  ProviderHttpOptions options;
  options.label = label;
  options.api_url = config.api_url;
  options.ca_file = config.ca_file;
  options.secrets = {token};
  if (github) {
    options.headers = {{"Authorization", "Bearer " + token},
                       {"Accept", "application/vnd.github+json"},
                       {"X-GitHub-Api-Version", "2022-11-28"}};
  } else {
    options.headers = {{"PRIVATE-TOKEN", token}, {"Accept", "application/json"}};
  }
  FW_TRY(http, ProviderHttp::create(std::move(options)));
  if (github) return make_github_provider(std::move(http), config.repository);
  return make_gitlab_provider(std::move(http), config.repository);
}

}  // namespace fleetwave
