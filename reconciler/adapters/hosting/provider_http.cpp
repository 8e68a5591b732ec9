// The only Git hosting file that includes <httplib.h>. Debian's cpp-httplib is a split build:
// its CPPHTTPLIB_* macros come from pkg-config and are never set here.
#include "adapters/hosting/provider_http.h"

#include <httplib.h>

#include <fstream>

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

bool mentions_rate_limit(const std::string& text) {
  std::string lower;
  for (char c : text) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return lower.find("rate limit") != std::string::npos;
}

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
  httplib::Client client(endpoint_.origin());
  if (!client.is_valid()) return internal_error(where + ": cannot create an HTTP client");
  client.set_connection_timeout(options_.connect_timeout);
  client.set_read_timeout(options_.read_timeout);
  client.set_write_timeout(options_.read_timeout);
  client.set_url_encode(false);  // the callers percent-encode paths and queries
  client.set_follow_location(false);
  client.set_keep_alive(false);
  if (endpoint_.scheme == "https") {
    if (!options_.ca_file.empty()) client.set_ca_cert_path(options_.ca_file.c_str());
    client.enable_server_certificate_verification(true);
  }

  httplib::Request request;
  request.method = method;
  request.path = endpoint_.path_prefix + path_and_query;
  for (const auto& [name, value] : options_.headers) request.set_header(name, value);
  request.set_header("User-Agent", "fleetwave");
  if (body) {
    request.set_header("Content-Type", "application/json");
    request.body = dump(*body);
  }
  std::string received;
  bool too_large = false;
  request.content_receiver = [&](const char* data, std::size_t n, std::uint64_t, std::uint64_t) {
    too_large = received.size() + n > options_.max_response_bytes;
    if (!too_large) received.append(data, n);
    return !too_large;
  };

  httplib::Response response;
  httplib::Error error = httplib::Error::Success;
  if (!client.send(request, response, error)) {
    if (too_large)
      return transient(where + ": response larger than " + std::to_string(options_.max_response_bytes) + " bytes");
    if (error == httplib::Error::SSLServerVerification) {
      return invalid_input(
          where + ": TLS certificate not trusted" +
          (options_.ca_file.empty() ? std::string("; set the CA file") : "; check the CA file " + options_.ca_file));
    }
    if (error == httplib::Error::SSLLoadingCerts)
      return invalid_input(where + ": cannot load CA certificates from " + options_.ca_file);
    return transient(where + ": unreachable (" + httplib::to_string(error) + ")");
  }
  if (http_status != nullptr) *http_status = response.status;
  if (response.status < 200 || response.status >= 300) {
    bool rate_limited = response.get_header_value("X-RateLimit-Remaining") == "0";
    return provider_status_error(options_.label, endpoint_.display(), what, response.status, received, rate_limited,
                                 options_.secrets);
  }
  if (received.empty()) return Json(nullptr);  // 204 No Content
  auto json = parse_json(received, "response", 64);
  if (!json.ok()) return transient(where + ": invalid JSON in the response: " + json.error().to_string());
  return json;
}

}  // namespace fleetwave
