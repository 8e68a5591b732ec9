// The review flow GitHub's pull requests and GitLab's merge requests share over their REST APIs:
// find a head branch's request (an open one, else the newest), open one, read its state and
// approvers, comment on it, close it. A host's provider file describes what differs (paths,
// bodies, how its JSON reads) as a ReviewApi; make_review_provider runs the flow, so the two
// hosts' messages and error rules are one code.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "adapters/hosting/approval_provider.h"
#include "adapters/hosting/provider_http.h"
#include "base/json.h"

namespace fleetwave {

struct ReviewApi {
  // How messages name the host and its requests: the provider's name ("github", also the first
  // word of an unexpected-response message), a request ("pull request") and the sign before its
  // number ("#").
  struct Names {
    std::string host, noun, sign;
  } names;
  // How a request's JSON reads: the members holding its number ("number") and its web page
  // ("html_url"), and `read` for the rest (its head branch and state).
  struct Request {
    std::string number_key, url_key;
    void (*read)(const Json& request, ReviewRequest& out);
  } request;
  std::string requests;  // the collection of requests: "/repos/OWNER/NAME/pulls"
  // Where a request's approvals are read, below it ("/reviews?per_page=100"), the call's verb in
  // messages ("list reviews of"), what the answer must be ("an array of reviews") and
  // `approvers`, the logins (sorted) it holds, nullopt when it is not that shape.
  struct Approvals {
    std::string path, verb, shape;
    std::optional<std::vector<std::string>> (*approvers)(const Json& answer);
  } approvals;
  std::string comments_prefix, comments_leaf;  // a request's comments: prefix + number + leaf
  std::string close_method;                    // "PATCH": sent to the request with close_body to close it
  Json close_body;
  // A listed request whose head branch is absent still counts (the query has filtered by head).
  bool head_may_be_absent = false;
  // The list queries find() reads in turn, until one lists a request of the branch (newest first).
  std::function<std::vector<std::string>(const std::string& head_branch)> find_queries;
  Json (*open_body)(const ReviewRequestSpec& spec) = nullptr;  // POSTed to `requests`
};

std::unique_ptr<ApprovalProvider> make_review_provider(ProviderHttp http, ReviewApi api);

}  // namespace fleetwave
