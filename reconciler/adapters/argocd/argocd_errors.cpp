#include "adapters/argocd/argocd_errors.h"

#include "adapters/http/http_client.h"
#include "codec/json_reader.h"
#include "net/redaction.h"

namespace fleetwave {
namespace {

std::string unreachable(const ArgoCdRequestContext& ctx, const std::string& why) {
  return "Argo CD at " + ctx.server + " unreachable: " + why;
}

// The "message" (or "error") of an Argo CD / grpc-gateway error body, sanitized; "" otherwise.
std::string server_message(std::string_view body, const ArgoCdRequestContext& ctx) {
  if (body.empty() || body.size() > 64 * 1024 || body.front() != '{') return {};
  Result<Json> json = parse_json(body, "error body", 16);
  if (!json.ok()) return {};
  std::string message = string_at(*json, {"message"});
  if (message.empty()) message = string_at(*json, {"error"});
  return quotable_server_text(message, ctx.secrets);
}

std::string with_message(std::string text, const std::string& message) {
  return message.empty() ? text : text + ": " + message;
}

std::string subject(const ArgoCdRequestContext& ctx) {
  return ctx.application.empty() ? "the application list" : "application \"" + ctx.application + "\"";
}

}  // namespace

Error transport_error(TransportFailure failure, const TransportDetail& d, const ArgoCdRequestContext& ctx) {
  switch (failure) {
    case TransportFailure::Connect:
      return transient(unreachable(ctx, "connection failed"));
    case TransportFailure::ConnectTimeout:
      return transient(unreachable(ctx, "connection timed out after " + std::to_string(d.connect_timeout_ms) + " ms"));
    case TransportFailure::Read:
      return transient(unreachable(ctx, "no complete response within " + std::to_string(d.read_timeout_ms) + " ms"));
    case TransportFailure::Write:
      return transient(unreachable(ctx, "sending the request failed"));
    case TransportFailure::TlsHandshake:
      return transient(unreachable(ctx, "TLS handshake failed"));
    case TransportFailure::TlsUntrusted:
      return invalid_input("TLS certificate of Argo CD at " + ctx.server +
                           " not trusted: " + tls_verify_reason(d.tls_verify_result));
    case TransportFailure::TlsCaLoad:
      return invalid_input("cannot load CA certificates from " + d.ca_cert_path);
    case TransportFailure::TooLarge:
      return transient("Argo CD at " + ctx.server + " sent a response larger than " +
                       size_limit_text(d.max_response_bytes));
    case TransportFailure::HeadersTooLarge:
      return transient("Argo CD at " + ctx.server + " sent too many or too large response headers");
    case TransportFailure::Other:
      break;
  }
  return transient(unreachable(ctx, "request failed (" + d.library_error + ")"));
}

Error status_error(int status, std::string_view body, const ArgoCdRequestContext& ctx) {
  const std::string code = "HTTP " + std::to_string(status);
  const std::string message = server_message(body, ctx);
  if (status == 401) return invalid_input("Argo CD rejected the token (" + code + "); check --argocd-token-file");
  if (status == 403) {
    return invalid_input("Argo CD rejected the token (" + with_message(code, message) + "); check --argocd-token-file");
  }
  if (status == 404) {
    if (ctx.application.empty()) {
      return not_found("Argo CD at " + ctx.server + " has no application API (" + code +
                       "); check the URL and its path prefix");
    }
    return not_found("Argo CD application \"" + ctx.application + "\" not found (" + code + ")");
  }
  if (status == 409 ||
      (status == 400 && message.find("another operation is already in progress") != std::string::npos)) {
    return conflict(with_message("Argo CD refused " + subject(ctx) + " (" + code + ")", message));
  }
  if (status == 408 || status == 429 || status >= 500) return transient(unreachable(ctx, with_message(code, message)));
  if (status >= 300 && status < 400) {
    return invalid_input("Argo CD at " + ctx.server + " answered " + code +
                         " (redirects are not followed); check the URL");
  }
  return invalid_input(with_message("Argo CD refused " + subject(ctx) + " (" + code + ")", message));
}

Error invalid_response_error(const Error& parse_error, const ArgoCdRequestContext& ctx) {
  std::string reason = parse_error.message;
  if (!parse_error.field.empty()) reason = parse_error.field + ": " + reason;
  if (parse_error.pos.line > 0) {
    reason = "line " + std::to_string(parse_error.pos.line) + " column " + std::to_string(parse_error.pos.column) +
             ": " + reason;
  }
  return transient("Argo CD at " + ctx.server + " sent an invalid response for " + subject(ctx) + ": " +
                   quotable_server_text(reason, ctx.secrets, 160));
}

}  // namespace fleetwave
