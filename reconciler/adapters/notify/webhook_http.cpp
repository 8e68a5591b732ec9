// The only notify file that includes <httplib.h> (.ci/lint). Debian's cpp-httplib is a split
// build: its CPPHTTPLIB_* macros come from pkg-config and are never set here.
#include "adapters/notify/webhook_http.h"

#include <httplib.h>

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
  httplib::Client client(url.endpoint.origin());
  if (!client.is_valid()) return {0, "cannot create an HTTP client"};
  client.set_connection_timeout(options.connect_timeout);
  client.set_read_timeout(options.read_timeout);
  client.set_write_timeout(options.read_timeout);
  client.set_url_encode(false);  // the URL is sent as configured
  client.set_follow_location(false);
  client.set_keep_alive(false);
  if (url.endpoint.scheme == "https") client.enable_server_certificate_verification(true);

  httplib::Request request;
  request.method = "POST";
  request.path = url.target;
  for (const auto& [name, value] : headers) request.set_header(name, value);
  request.body = body;
  std::size_t received = 0;  // the answer is not needed; read at most 64 KiB of it
  request.content_receiver = [&](const char*, std::size_t n, std::uint64_t, std::uint64_t) {
    received += n;
    return received <= (std::size_t{64} << 10);
  };
  httplib::Response response;
  httplib::Error error = httplib::Error::Success;
  if (!client.send(request, response, error)) {
    if (response.status > 0 && error == httplib::Error::Canceled) return {response.status, ""};  // long answer
    return {0, httplib::to_string(error)};
  }
  return {response.status, ""};
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
