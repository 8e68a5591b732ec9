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
#pragma once

namespace fleetwave {

struct HostingProvider;

// GitLab's row of the hosting table (hosting_providers.h): its review client (review_api.h) for a
// project path. Webhooks: the secret itself in X-Gitlab-Token, compared in constant time.
HostingProvider gitlab_hosting();

}  // namespace fleetwave
