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

namespace fleetwave {

struct HostingProvider;

// GitHub's row of the hosting table (hosting_providers.h): its review client (review_api.h) for a
// repository "owner/name". Webhooks: the body signed with the secret,
// X-Hub-Signature-256: sha256=<hex HMAC-SHA256(secret, body)>; "ping" needs no cycle.
HostingProvider github_hosting();

}  // namespace fleetwave
