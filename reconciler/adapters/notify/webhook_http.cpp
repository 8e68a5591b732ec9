#include "adapters/notify/webhook_http.h"

#include "adapters/http/http_client.h"

namespace fleetwave {

Result<WebhookUrl> parse_webhook_url(std::string_view url, std::string_view what) {
  const std::size_t scheme_end = url.find("://");
  const std::string_view scheme = scheme_end == std::string_view::npos ? "" : url.substr(0, scheme_end);
  if (scheme != "http" && scheme != "https") {
    return invalid_input(std::string(what) + ": expected an http:// or https:// URL" +
                         (scheme.empty() ? std::string() : ", not " + std::string(scheme) + "://"));
  }
  if (url.find('#') != std::string_view::npos) return invalid_input(std::string(what) + ": a URL with a #fragment");
  const std::size_t authority_end = url.find_first_of("/?", scheme_end + 3);
  const std::string_view authority = url.substr(0, authority_end);
  if (authority.find('@') != std::string_view::npos)
    return invalid_input(std::string(what) + ": credentials in the URL (put the whole URL in a urlFile instead)");
  auto endpoint = parse_http_endpoint(authority, what);
  if (!endpoint.ok()) return endpoint.error();
  WebhookUrl out;
  out.endpoint = std::move(endpoint).value();
  out.target = authority_end == std::string_view::npos ? "/" : std::string(url.substr(authority_end));
  if (out.target.front() == '?') out.target.insert(out.target.begin(), '/');
  return out;
}

WebhookAnswer post_webhook(const WebhookUrl& url, const std::string& body, const WebhookHeaders& headers,
                           const WebhookHttpOptions& options) {
  HttpClientRequest request;
  request.method = "POST";
  request.path_and_query = url.target;  // sent as configured
  request.headers = headers;
  request.body = body;
  HttpClientLimits limits;
  limits.connect_timeout = options.connect_timeout;
  limits.idle_timeout = options.read_timeout;
  limits.deadline = options.connect_timeout + options.read_timeout;
  limits.max_body_bytes = std::size_t{64} << 10;  // the answer is not needed; a longer one still counts
  const HttpClientAnswer answer = http_exchange(url.endpoint, request, limits);
  if (answer.answered() || (answer.failure == HttpFailure::BodyTooLarge && answer.status > 0))
    return {answer.status, ""};
  return {0, http_failure_name(answer.failure)};
}

AttemptOutcome webhook_outcome(const WebhookAnswer& answer) {
  using Kind = AttemptOutcome::Kind;
  if (answer.status == 0) return {Kind::Retry, "unreachable (" + answer.error + ")", false};
  const std::string detail = "HTTP " + std::to_string(answer.status);
  if (answer.status >= 200 && answer.status < 300) return {Kind::Done, "", true};
  if (answer.status == 408 || answer.status == 429 || answer.status >= 500) return {Kind::Retry, detail, true};
  return {Kind::GiveUp, detail, true};
}

}  // namespace fleetwave
