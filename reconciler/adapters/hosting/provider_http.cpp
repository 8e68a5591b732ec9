#include "adapters/hosting/provider_http.h"

#include <fstream>

#include "adapters/http/http_client.h"
#include "base/text.h"
#include "codec/json_reader.h"
#include "net/redaction.h"

namespace fleetwave {
namespace {

std::string dump(const Json& j) { return j.dump(-1, ' ', false, Json::error_handler_t::replace); }

// The provider's own words: GitHub and GitLab put them in "message" (GitLab sometimes as an
// object or array of field errors), GitHub adds details in "errors"[].message.
std::string provider_message(const std::string& body) {
  auto json = parse_json(body, "response", 32);
  if (!json.ok()) return body;
  std::string out;
  if (const Json* m = find_member(*json, "message"); m != nullptr)
    out = m->is_string() ? m->get<std::string>() : dump(*m);
  if (const Json* errors = find_member(*json, "errors"); errors != nullptr && errors->is_array()) {
    for (const Json& e : *errors) {
      std::string detail = e.is_string() ? e.get<std::string>() : string_at(e, {"message"});
      if (!detail.empty()) out += (out.empty() ? "" : "; ") + detail;
    }
  }
  if (const Json* e = find_member(*json, "error"); out.empty() && e != nullptr && e->is_string())
    out = e->get<std::string>();
  return out;
}

bool mentions_rate_limit(const std::string& text) { return ascii_lower(text).find("rate limit") != std::string::npos; }

}  // namespace

Error provider_status_error(const std::string& label, const std::string& display_url, const std::string& what,
                            int status, const std::string& body, bool rate_limited,
                            const std::vector<std::string>& secrets) {
  std::string quoted = quotable_server_text(provider_message(body), secrets);
  std::string message = label + " API at " + display_url + ": " + what + ": HTTP " + std::to_string(status) +
                        (quoted.empty() ? "" : " (" + quoted + ")");
  rate_limited = rate_limited || mentions_rate_limit(quoted);
  if (status == 401) return invalid_input(message + "; check the " + label + " token");
  if ((status == 403 || status == 429) && rate_limited) return transient(message);
  if (status == 403) return invalid_input(message + "; check the " + label + " token's permissions");
  if (status == 404) return not_found(message);
  if (status == 409 || status == 422) return conflict(message);
  if (status == 408 || status == 429 || status >= 500) return transient(message);
  return invalid_input(message);
}

Result<ProviderHttp> ProviderHttp::create(ProviderHttpOptions options) {
  FW_TRY(endpoint, parse_http_endpoint(options.api_url, options.label + " API URL"));
  while (!endpoint.path_prefix.empty() && endpoint.path_prefix.back() == '/') endpoint.path_prefix.pop_back();
  if (!options.ca_file.empty()) {
    if (endpoint.scheme != "https") {
      return invalid_input("a CA file needs an https " + options.label + " API URL, not " + endpoint.display());
    }
    if (!std::ifstream(options.ca_file).is_open()) return invalid_input("cannot read the CA file " + options.ca_file);
  }
  return ProviderHttp(std::move(options), std::move(endpoint));
}

Result<Json> ProviderHttp::call(const std::string& method, const std::string& path_and_query,
                                const std::optional<Json>& body, const std::string& what, int* http_status) const {
  if (http_status != nullptr) *http_status = 0;
  const std::string where = options_.label + " API at " + endpoint_.display() + ": " + what;
  HttpClientRequest request;
  request.method = method;
  request.path_and_query = endpoint_.path_prefix + path_and_query;  // the callers percent-encode paths and queries
  request.headers = options_.headers;
  request.headers.emplace_back("User-Agent", "fleetwave");
  if (body) {
    request.headers.emplace_back("Content-Type", "application/json");
    request.body = dump(*body);
  }
  HttpClientLimits limits;
  limits.connect_timeout = options_.connect_timeout;
  limits.idle_timeout = options_.read_timeout;
  limits.deadline = options_.connect_timeout + options_.read_timeout;
  limits.max_body_bytes = options_.max_response_bytes;
  const HttpClientAnswer answer = http_exchange(endpoint_, request, limits, HttpClientTls{options_.ca_file, true});
  switch (answer.failure) {
    case HttpFailure::None:
      break;
    case HttpFailure::BodyTooLarge:
      return transient(where + ": response larger than " + std::to_string(options_.max_response_bytes) + " bytes");
    case HttpFailure::HeadersTooLarge:
      return transient(where + ": too many or too large response headers");
    case HttpFailure::TlsUntrusted:
      return invalid_input(
          where + ": TLS certificate not trusted" +
          (options_.ca_file.empty() ? std::string("; set the CA file") : "; check the CA file " + options_.ca_file));
    case HttpFailure::TlsCaLoad:
      return invalid_input(where + ": cannot load CA certificates from " + options_.ca_file);
    default:
      return transient(where + ": unreachable (" + http_failure_name(answer.failure) + ")");
  }
  if (http_status != nullptr) *http_status = answer.status;
  if (answer.status < 200 || answer.status >= 300) {
    const bool rate_limited = answer.header("x-ratelimit-remaining") == "0";
    return provider_status_error(options_.label, endpoint_.display(), what, answer.status, answer.body, rate_limited,
                                 options_.secrets);
  }
  if (answer.body.empty()) return Json(nullptr);  // 204 No Content
  auto json = parse_json(answer.body, "response", 64);
  if (!json.ok()) return transient(where + ": invalid JSON in the response: " + json.error().to_string());
  return json;
}

}  // namespace fleetwave
