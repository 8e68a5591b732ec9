#include "adapters/hosting/approval_provider.h"

#include "adapters/hosting/hosting_providers.h"
#include "base/enum_names.h"
#include "base/text.h"

namespace fleetwave {

constexpr auto kRequestStateNames =
    enum_names(EnumName(RequestState::Open, "open"), EnumName(RequestState::Merged, "merged"),
               EnumName(RequestState::Closed, "closed"));

const char* to_string(RequestState state) { return enum_name(kRequestStateNames, state, "unknown"); }

Result<ProviderHttp> make_hosting_http(const ApprovalProviderConfig& config, ProviderHttpOptions options) {
  const HostingProvider* provider = find_hosting_provider(config.provider);
  if (provider == nullptr) {
    return invalid_input("unknown approval provider \"" + config.provider +
                         "\"; valid providers: " + hosting_provider_names());
  }
  const std::string& label = config.provider;
  if (config.api_url.empty()) {
    return invalid_input("the " + label + " API URL is empty (e.g. " + std::string(provider->default_api_url) + ")");
  }
  if (!provider->valid_repository(config.repository)) {
    return invalid_input("invalid " + label + " repository \"" + config.repository + "\"; expected " +
                         std::string(provider->repository_form));
  }
  std::string token = trim_space(config.token);  // a token file usually ends in a newline
  if (token.empty()) return invalid_input("the " + label + " token is empty; check the token file");
  if (has_control_bytes(token))
    return invalid_input("the " + label + " token contains control characters; check the token file");
  options.label = label;
  options.api_url = config.api_url;
  options.ca_file = config.ca_file;
  options.secrets = {token};
  options.headers = provider->api_headers(token);
  return ProviderHttp::create(std::move(options));
}

Result<std::unique_ptr<ApprovalProvider>> make_approval_provider(const ApprovalProviderConfig& config) {
  FW_TRY(http, make_hosting_http(config));
  return find_hosting_provider(config.provider)->make(std::move(http), config.repository);
}

}  // namespace fleetwave
