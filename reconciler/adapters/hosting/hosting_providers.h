// The Git hosting providers fleetwave speaks to, as ONE table keyed by kind: everything that
// differs between GitHub and GitLab (default API URL, what a repository name looks like, API
// authentication, the review client, how a webhook proves it came from the host, the commit
// status request) is a field of a row. Settings validation (config), the client factory
// (approval_provider.cpp) and webhook authentication (serve) all read this table, so a new host
// is its provider file and one row (docs/architecture.md lists every file it touches).
#pragma once

#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "adapters/hosting/approval_provider.h"
#include "adapters/hosting/commit_status.h"
#include "adapters/hosting/provider_http.h"

namespace fleetwave {

// What a webhook's headers say, as one provider reads them.
struct WebhookProof {
  std::string missing;  // the header carrying the proof, when it is absent ("X-Hub-Signature-256")
  bool authentic = false;
  std::string mismatch;  // why a present proof was refused ("X-Gitlab-Token does not match")
};

struct HostingProvider {
  std::string_view name;             // "github": the approvals.provider setting
  std::string_view display_name;     // "GitHub"
  std::string_view default_api_url;  // when approvals.apiUrl is not set
  std::string_view repository_form;  // for messages: "OWNER/NAME"
  bool (*valid_repository)(std::string_view repository);
  std::vector<std::pair<std::string, std::string>> (*api_headers)(const std::string& token);
  std::unique_ptr<ApprovalProvider> (*make)(ProviderHttp http, const std::string& repository);
  std::string_view event_header;  // as the host spells it: "X-GitHub-Event" (matched case-insensitively)
  std::string_view ping_event;    // an event answered with "pong" without a cycle ("" when none)
  // `headers` keyed by lower-case name; `secret` is not empty.
  WebhookProof (*verify_webhook)(const std::map<std::string, std::string>& headers, std::string_view body,
                                 const std::string& secret);
  // The web pages people open (the board links to them): the site's root for an API URL
  // ("https://api.github.com" -> "https://github.com"), and below a repository's page the path
  // of a commit and of a branch.
  std::string (*web_root)(std::string_view api_url);
  std::string_view commit_path;  // "/commit/"
  std::string_view branch_path;  // "/tree/"
  // The request that sets a commit status (commit_status.h), against the API URL.
  ProviderRequest (*commit_status_request)(const std::string& repository, const CommitStatus& status);
};

// Every provider, GitHub first (a request carrying both providers' headers is read as GitHub's).
const std::vector<HostingProvider>& hosting_providers();

// nullptr for an unknown name.
const HostingProvider* find_hosting_provider(std::string_view name);

// The API client of config.provider's row: its authentication headers and CA file over
// `options`' timeouts. InvalidInput for an unknown provider, an empty api_url or token, a
// repository the row's rule refuses, or an unreadable CA file (make_approval_provider's rules).
Result<ProviderHttp> make_hosting_http(const ApprovalProviderConfig& config, ProviderHttpOptions options = {});

// "github, gitlab" (or with another separator: "github or gitlab").
std::string hosting_provider_names(std::string_view separator = ", ");

// A repository path: no empty segment, no whitespace, control characters, '?', '#' or '%'.
// `segments` gives the allowed number of '/'-separated parts (min..max).
bool valid_repository_path(std::string_view repository, int min_segments, int max_segments);

// The site of a host that serves its API at <site><api_path> ("https://ghe.example.com/api/v3",
// "/api/v3" -> "https://ghe.example.com"); "" when `api_url` is not so.
std::string site_of_api_url(std::string_view api_url, std::string_view api_path);

// Lower-case hex HMAC-SHA256 of `data` under `key` (libcrypto).
std::string hmac_sha256_hex(std::string_view key, std::string_view data);

// Equality whose running time depends only on the lengths (CRYPTO_memcmp).
bool constant_time_equal(std::string_view a, std::string_view b);

}  // namespace fleetwave
