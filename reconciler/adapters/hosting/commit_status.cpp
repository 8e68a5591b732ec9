#include "adapters/hosting/commit_status.h"

#include "adapters/hosting/hosting_providers.h"
#include "base/enum_names.h"

namespace fleetwave {

std::string commit_status_description(const std::string& text) {
  constexpr std::size_t kMaxDescription = 140;
  if (text.size() <= kMaxDescription) return text;
  std::size_t end = kMaxDescription - 3;
  while (end > 0 && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) --end;  // not inside a UTF-8 sequence
  return text.substr(0, end) + "...";
}

namespace {

class HostingStatusClient final : public CommitStatusClient {
 public:
  HostingStatusClient(const HostingProvider& provider, ProviderHttp http, std::string repository)
      : provider_(provider), http_(std::move(http)), repository_(std::move(repository)) {}

  std::string name() const override { return std::string(provider_.name); }
  std::string display_url() const override { return http_.display_url(); }

  StatusPost post(const CommitStatus& status) const override {
    const ProviderRequest request = provider_.commit_status_request(repository_, status);
    StatusPost out;
    auto answer =
        http_.call(request.method, request.path, request.body,
                   "set commit status " + status.context + " on " + status.sha.substr(0, 7), &out.http_status);
    out.ok = answer.ok();
    if (!answer.ok()) out.error = answer.error();
    // GitLab answers 400 "Cannot transition status via :run from :running" for a state the
    // status already has (or one it cannot go back to, running -> pending): it keeps what it
    // shows, which is no failure of the post (e.g. after a restart forgot what was posted).
    if (out.http_status == 400 && out.error &&
        out.error->message.find("Cannot transition status") != std::string::npos) {
      out.ok = true;
      out.error.reset();
    }
    return out;
  }

 private:
  const HostingProvider& provider_;
  ProviderHttp http_;
  std::string repository_;
};

}  // namespace

constexpr auto kCommitStateNames =
    enum_names(EnumName(CommitState::Pending, "pending"), EnumName(CommitState::Running, "running"),
               EnumName(CommitState::Success, "success"), EnumName(CommitState::Failure, "failure"),
               EnumName(CommitState::Canceled, "canceled"));

const char* to_string(CommitState state) { return enum_name(kCommitStateNames, state, "pending"); }

Result<std::unique_ptr<CommitStatusClient>> make_commit_status_client(const ApprovalProviderConfig& config) {
  ProviderHttpOptions options;
  options.connect_timeout = std::chrono::milliseconds(2000);
  options.read_timeout = std::chrono::milliseconds(5000);
  FW_TRY(http, make_hosting_http(config, std::move(options)));
  const HostingProvider* provider = find_hosting_provider(config.provider);  // known: make_hosting_http checked it
  return std::unique_ptr<CommitStatusClient>(new HostingStatusClient(*provider, std::move(http), config.repository));
}

}  // namespace fleetwave
