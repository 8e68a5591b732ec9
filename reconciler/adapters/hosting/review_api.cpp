#include "adapters/hosting/review_api.h"

namespace fleetwave {
namespace {

class ReviewProvider final : public ApprovalProvider {
 public:
  ReviewProvider(ProviderHttp http, ReviewApi api) : http_(std::move(http)), api_(std::move(api)) {}

  std::string name() const override { return api_.names.host; }

  Result<std::optional<ReviewRequest>> find(const std::string& head_branch) override {
    for (const std::string& query : api_.find_queries(head_branch)) {
      FW_TRY(found, newest(query, head_branch));
      if (found) return found;
    }
    return std::optional<ReviewRequest>();
  }

  Result<ReviewRequest> find_or_open(const ReviewRequestSpec& spec) override {
    FW_TRY(existing, find(spec.head_branch));
    if (existing) return *existing;
    const std::string what = "open a " + api_.names.noun + " for " + spec.head_branch;
    FW_TRY(created, http_.call("POST", api_.requests, api_.open_body(spec), what));
    return parse(created, what);
  }

  Result<ReviewState> review_state(const ReviewRequest& request) override {
    const std::string path = path_of(request);
    const std::string what = "read " + named(request);
    FW_TRY(json, http_.call("GET", path, std::nullopt, what));
    FW_TRY(current, parse(json, what));
    ReviewState out;
    out.state = current.state;
    FW_TRY(answer,
           http_.call("GET", path + api_.approvals.path, std::nullopt, api_.approvals.verb + " " + named(request)));
    std::optional<std::vector<std::string>> approvers = api_.approvals.approvers(answer);
    if (!approvers) return bad_shape(what, "expected " + api_.approvals.shape);
    out.approvers = std::move(*approvers);
    return out;
  }

  Status<> comment(const ReviewRequest& request, const std::string& body) override {
    FW_CHECK(http_.call("POST", api_.comments_prefix + std::to_string(request.number) + api_.comments_leaf,
                        Json{{"body", body}}, "comment on " + named(request)));
    return ok_status();
  }

  Status<> close(const ReviewRequest& request) override {
    FW_CHECK(http_.call(api_.close_method, path_of(request), api_.close_body, "close " + named(request)));
    return ok_status();
  }

 private:
  std::string path_of(const ReviewRequest& request) const {
    return api_.requests + "/" + std::to_string(request.number);
  }
  std::string named(const ReviewRequest& request) const {
    return api_.names.noun + " " + api_.names.sign + std::to_string(request.number);
  }

  Error bad_shape(const std::string& what, const std::string& why) const {
    return transient(api_.names.host + " API at " + http_.display_url() + ": " + what +
                     ": unexpected response: " + why);
  }

  Result<ReviewRequest> parse(const Json& json, const std::string& what) const {
    const Json* number = find_member(json, api_.request.number_key);
    if (number == nullptr || !number->is_number_integer())
      return bad_shape(what, "no " + api_.names.noun + " " + api_.request.number_key);
    ReviewRequest out;
    out.number = number->get<std::int64_t>();
    out.url = string_at(json, {api_.request.url_key});
    api_.request.read(json, out);
    return out;
  }

  // The first open request of the list, else the first one (newest first); nullopt when empty.
  Result<std::optional<ReviewRequest>> newest(const std::string& query, const std::string& head_branch) {
    const std::string what = "list " + api_.names.noun + "s of " + head_branch;
    FW_TRY(list, http_.call("GET", query, std::nullopt, what));
    if (!list.is_array()) return bad_shape(what, "expected an array");
    std::optional<ReviewRequest> first;
    for (const Json& item : list) {
      FW_TRY(request, parse(item, what));
      const bool unnamed = api_.head_may_be_absent && request.head_branch.empty();
      if (request.head_branch != head_branch && !unnamed) continue;
      if (request.state == RequestState::Open) return std::optional<ReviewRequest>(request);
      if (!first) first = request;
    }
    return first;
  }

  ProviderHttp http_;
  ReviewApi api_;
};

}  // namespace

std::unique_ptr<ApprovalProvider> make_review_provider(ProviderHttp http, ReviewApi api) {
  return std::make_unique<ReviewProvider>(std::move(http), std::move(api));
}

}  // namespace fleetwave
