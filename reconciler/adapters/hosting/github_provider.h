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
#pragma once

#include <memory>
#include <string>

#include "adapters/hosting/approval_provider.h"
#include "adapters/hosting/provider_http.h"

namespace fleetwave {

// `repository` is "owner/name" (checked by the caller).
std::unique_ptr<ApprovalProvider> make_github_provider(ProviderHttp http, const std::string& repository);

// The approvers from a GitHub reviews array (pure; exposed for tests): logins, sorted.
std::vector<std::string> github_approvers(const Json& reviews);

}  // namespace fleetwave
