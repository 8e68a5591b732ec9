#include "adapters/argocd/http_argocd_client.h"

#include <algorithm>
#include <cctype>
#include <fstream>

#include "adapters/argocd/application_list_reader.h"
#include "adapters/argocd/application_parser.h"
#include "adapters/http/http_client.h"
#include "base/text.h"
#include "codec/json_reader.h"
#include "net/percent_encode.h"
#include "net/redaction.h"

namespace fleetwave {
namespace {

// A Kubernetes object name (DNS-1123 subdomain), which also keeps the URL path well-formed.
Status<> check_application_name(const std::string& name) {
  bool ok = !name.empty() && name.size() <= 253 && std::isalnum(static_cast<unsigned char>(name.front())) &&
            std::isalnum(static_cast<unsigned char>(name.back()));
  for (unsigned char c : name) {
    ok = ok && ((std::islower(c) || std::isdigit(c)) || c == '-' || c == '.');
  }
  if (ok) return ok_status();
  return invalid_input("invalid Argo CD application name \"" + quotable_server_text(name, {}, 80) + "\"");
}

TransportFailure classify(HttpFailure failure) {
  switch (failure) {
    case HttpFailure::Connect:
      return TransportFailure::Connect;
    case HttpFailure::ConnectTimeout:
      return TransportFailure::ConnectTimeout;
    case HttpFailure::Timeout:
    case HttpFailure::Read:
      return TransportFailure::Read;
    case HttpFailure::Write:
      return TransportFailure::Write;
    case HttpFailure::TlsHandshake:
      return TransportFailure::TlsHandshake;
    case HttpFailure::TlsUntrusted:
      return TransportFailure::TlsUntrusted;
    case HttpFailure::TlsCaLoad:
      return TransportFailure::TlsCaLoad;
    case HttpFailure::BodyTooLarge:
      return TransportFailure::TooLarge;
    case HttpFailure::HeadersTooLarge:
      return TransportFailure::HeadersTooLarge;
    default:
      return TransportFailure::Other;
  }
}

}  // namespace

Result<std::unique_ptr<HttpArgoCdClient>> HttpArgoCdClient::create(HttpArgoCdOptions options) {
  FW_TRY(endpoint, parse_http_endpoint(options.base_url, "Argo CD URL"));
  options.token = trim_space(options.token);
  if (options.token.empty()) return invalid_input("the Argo CD token is empty; check --argocd-token-file");
  if (has_control_bytes(options.token)) {
    return invalid_input("the Argo CD token contains control characters; check --argocd-token-file");
  }
  if (!options.ca_cert_path.empty()) {
    if (endpoint.scheme != "https") {
      return invalid_input("a CA certificate file needs an https Argo CD URL, not " + endpoint.display());
    }
    if (!std::ifstream(options.ca_cert_path).is_open()) {
      return invalid_input("cannot read the CA certificate file " + options.ca_cert_path);
    }
  }
  if (options.connect_timeout.count() <= 0 || options.read_timeout.count() <= 0) {
    return invalid_input("Argo CD timeouts must be positive");
  }
  if (options.max_response_bytes == 0 || options.max_json_depth == 0) {
    return invalid_input("Argo CD response limits must be positive");
  }
  return std::unique_ptr<HttpArgoCdClient>(new HttpArgoCdClient(std::move(options), std::move(endpoint)));
}

ArgoCdRequestContext HttpArgoCdClient::context(const std::string& application) const {
  return ArgoCdRequestContext{endpoint_.display(), application, {options_.token}};
}

Result<HttpArgoCdClient::Reply> HttpArgoCdClient::send(const std::string& method, const std::string& path_and_query,
                                                       const std::string& body, const std::string& application,
                                                       std::function<bool(std::string_view)> sink) const {
  HttpClientRequest request;
  request.method = method;
  request.path_and_query = endpoint_.path_prefix + path_and_query;  // percent-encoded here
  request.headers = {
      {"Authorization", "Bearer " + options_.token}, {"Accept", "application/json"}, {"User-Agent", "fleetwave"}};
  if (!body.empty()) request.headers.emplace_back("Content-Type", "application/json");
  request.body = body;
  request.body_sink = std::move(sink);
  HttpClientLimits limits;
  limits.connect_timeout = options_.connect_timeout;
  limits.idle_timeout = options_.read_timeout;
  limits.deadline = options_.connect_timeout + options_.read_timeout;
  limits.max_body_bytes = options_.max_response_bytes;
  const HttpClientTls tls{options_.ca_cert_path, !options_.insecure_skip_tls_verify};
  HttpClientAnswer answer = http_exchange(endpoint_, request, limits, tls);
  if (!answer.answered()) {
    TransportDetail detail;
    detail.connect_timeout_ms = static_cast<long>(options_.connect_timeout.count());
    detail.read_timeout_ms = static_cast<long>(options_.read_timeout.count());
    detail.max_response_bytes = options_.max_response_bytes;
    detail.ca_cert_path = options_.ca_cert_path;
    detail.library_error = answer.library_error;
    detail.tls_verify_result = answer.tls_verify_result;
    return transport_error(classify(answer.failure), detail, context(application));
  }
  Reply reply{answer.status, std::move(answer.body)};
  if (reply.status < 200 || reply.status >= 300) return status_error(reply.status, reply.body, context(application));
  return reply;
}

Result<Json> HttpArgoCdClient::parse_body(const Reply& reply, const std::string& application) const {
  Result<Json> json = parse_json(reply.body, "response", options_.max_json_depth);
  if (!json.ok()) return invalid_response_error(json.error(), context(application));
  if (!json->is_object()) return invalid_response_error(invalid_input("expected a JSON object"), context(application));
  return json;
}

Result<std::vector<ApplicationSummary>> HttpArgoCdClient::list_applications(const std::string& label_selector) {
  std::string path = "/api/v1/applications";
  if (!label_selector.empty()) path += "?selector=" + percent_encode(label_selector);
  // Read as it arrives, one Application at a time: 50 MB at 50,000 Applications. An Application
  // sent with the same bytes as in the last answer to this selector is not parsed again.
  const std::shared_ptr<ApplicationMemo> previous = take_memo(label_selector);
  ApplicationListReader reader(options_.max_response_bytes, options_.max_json_depth, previous.get());
  bool refused = false;  // the reader stopped the answer: what it read is invalid
  auto sent = send("GET", path, "", "", [&](std::string_view bytes) { return !(refused = !reader.feed(bytes)); });
  if (!sent.ok() && !refused) return sent.error();
  Result<std::vector<ApplicationSummary>> apps = reader.finish();
  if (!apps.ok()) return invalid_response_error(apps.error(), context(""));
  keep_memo(label_selector, reader.take_memo());
  return apps;
}

std::shared_ptr<ApplicationMemo> HttpArgoCdClient::take_memo(const std::string& selector) {
  std::lock_guard lock(memos_mutex_);
  auto it = std::find_if(memos_.begin(), memos_.end(), [&](const auto& entry) { return entry.first == selector; });
  if (it == memos_.end()) return nullptr;
  std::shared_ptr<ApplicationMemo> memo = std::move(it->second);
  memos_.erase(it);
  return memo;
}

void HttpArgoCdClient::keep_memo(const std::string& selector, ApplicationMemo memo) {
  auto kept = std::make_shared<ApplicationMemo>(std::move(memo));
  std::lock_guard lock(memos_mutex_);
  std::erase_if(memos_, [&](const auto& entry) { return entry.first == selector; });
  memos_.emplace_front(selector, std::move(kept));
  if (memos_.size() > kMemos) memos_.pop_back();
}

Result<std::vector<ClusterConnection>> HttpArgoCdClient::list_clusters() {
  FW_TRY(reply, send("GET", "/api/v1/clusters", "", ""));
  FW_TRY(json, parse_body(reply, ""));
  auto clusters = parse_cluster_list(json);
  if (!clusters.ok()) return invalid_response_error(clusters.error(), context(""));
  return clusters;
}

Status<> HttpArgoCdClient::refresh_application(const std::string& name) {
  FW_CHECK(check_application_name(name));
  FW_TRY(reply, send("GET", "/api/v1/applications/" + name + "?refresh=normal", "", name));
  FW_CHECK(parse_body(reply, name));
  return ok_status();
}

Status<> HttpArgoCdClient::sync_application(const std::string& name, const std::string& revision) {
  FW_CHECK(check_application_name(name));
  Json request = {{"name", name}};
  if (!revision.empty()) request["revision"] = revision;
  std::string body = request.dump(-1, ' ', false, Json::error_handler_t::replace);
  FW_TRY(reply, send("POST", "/api/v1/applications/" + name + "/sync", body, name));
  FW_CHECK(parse_body(reply, name));
  return ok_status();
}

}  // namespace fleetwave
