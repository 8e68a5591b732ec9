#include "adapters/argocd/argocd_errors.h"

#include <gtest/gtest.h>

namespace fleetwave {
namespace {

ArgoCdRequestContext list_ctx() { return {"https://argocd.example.com", "", {"s3cr3t-token"}}; }
ArgoCdRequestContext app_ctx() { return {"https://argocd.example.com", "web-eu-1", {"s3cr3t-token"}}; }

std::string argo_error(const std::string& message, int code) {
  return R"({"error": ")" + message + R"(", "code": )" + std::to_string(code) + R"(, "message": ")" + message + R"("})";
}

TEST(ArgoCdErrorsTest, MapsStatuses) {
  struct Case {
    const char* name;
    int status;
    std::string body;
    ArgoCdRequestContext ctx;
    ErrorKind kind;
    const char* want;
  };
  const Case cases[] = {
      {"401", 401, argo_error("no session information", 16), list_ctx(), ErrorKind::InvalidInput,
       "Argo CD rejected the token (HTTP 401); check --argocd-token-file"},
      {"403 quotes the denial", 403, argo_error("permission denied: applications, sync, default/web-eu-1", 7),
       app_ctx(), ErrorKind::InvalidInput,
       "Argo CD rejected the token (HTTP 403: permission denied: applications, sync, default/web-eu-1); check "
       "--argocd-token-file"},
      {"403 without body", 403, "", list_ctx(), ErrorKind::InvalidInput,
       "Argo CD rejected the token (HTTP 403); check --argocd-token-file"},
      {"404 application", 404, argo_error("applications.argoproj.io \\\"web-eu-1\\\" not found", 5), app_ctx(),
       ErrorKind::NotFound, "Argo CD application \"web-eu-1\" not found (HTTP 404)"},
      {"404 list means wrong prefix", 404, "404 page not found", list_ctx(), ErrorKind::NotFound,
       "Argo CD at https://argocd.example.com has no application API (HTTP 404); check the URL and its path prefix"},
      {"409", 409, argo_error("conflict", 10), app_ctx(), ErrorKind::Conflict,
       "Argo CD refused application \"web-eu-1\" (HTTP 409): conflict"},
      {"operation in progress", 400, argo_error("another operation is already in progress", 9), app_ctx(),
       ErrorKind::Conflict,
       "Argo CD refused application \"web-eu-1\" (HTTP 400): another operation is already in progress"},
      {"400 bad selector", 400, argo_error("error parsing labelSelector", 3), list_ctx(), ErrorKind::InvalidInput,
       "Argo CD refused the application list (HTTP 400): error parsing labelSelector"},
      {"405 without body", 405, "", app_ctx(), ErrorKind::InvalidInput,
       "Argo CD refused application \"web-eu-1\" (HTTP 405)"},
      {"408", 408, "", list_ctx(), ErrorKind::Transient, "Argo CD at https://argocd.example.com unreachable: HTTP 408"},
      {"429", 429, "", list_ctx(), ErrorKind::Transient, "Argo CD at https://argocd.example.com unreachable: HTTP 429"},
      {"500 with message", 500, argo_error("rpc error: code = Unavailable", 14), list_ctx(), ErrorKind::Transient,
       "Argo CD at https://argocd.example.com unreachable: HTTP 500: rpc error: code = Unavailable"},
      {"503 html ignored", 503, "<html><body>503 Service Unavailable</body></html>", list_ctx(), ErrorKind::Transient,
       "Argo CD at https://argocd.example.com unreachable: HTTP 503"},
      {"504", 504, "", app_ctx(), ErrorKind::Transient, "Argo CD at https://argocd.example.com unreachable: HTTP 504"},
      {"302", 302, "", list_ctx(), ErrorKind::InvalidInput,
       "Argo CD at https://argocd.example.com answered HTTP 302 (redirects are not followed); check the URL"},
      {"token echoed by server", 500, argo_error("bad header Bearer s3cr3t-token", 2), list_ctx(), ErrorKind::Transient,
       "Argo CD at https://argocd.example.com unreachable: HTTP 500: bad header Bearer ***"},
      {"control characters", 500, argo_error("a\\nb\\u0007c", 2), list_ctx(), ErrorKind::Transient,
       "Argo CD at https://argocd.example.com unreachable: HTTP 500: a b c"},
      {"malformed error body", 500, "{\"message\": ", list_ctx(), ErrorKind::Transient,
       "Argo CD at https://argocd.example.com unreachable: HTTP 500"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    Error e = status_error(c.status, c.body, c.ctx);
    EXPECT_EQ(e.kind, c.kind);
    EXPECT_EQ(e.to_string(), c.want);
  }
}

TEST(ArgoCdErrorsTest, MapsTransportFailures) {
  TransportDetail d;
  d.connect_timeout_ms = 5000;
  d.read_timeout_ms = 60000;
  d.max_response_bytes = std::size_t{64} << 20;
  d.ca_cert_path = "/etc/fleetwave/argocd-ca.pem";
  d.library_error = "Unknown";
  struct Case {
    const char* name;
    TransportFailure failure;
    long verify_result;
    ErrorKind kind;
    const char* want;
  };
  const Case cases[] = {
      {"refused", TransportFailure::Connect, 0, ErrorKind::Transient,
       "Argo CD at https://argocd.example.com unreachable: connection failed"},
      {"connect timeout", TransportFailure::ConnectTimeout, 0, ErrorKind::Transient,
       "Argo CD at https://argocd.example.com unreachable: connection timed out after 5000 ms"},
      {"read timeout", TransportFailure::Read, 0, ErrorKind::Transient,
       "Argo CD at https://argocd.example.com unreachable: no complete response within 60000 ms"},
      {"write", TransportFailure::Write, 0, ErrorKind::Transient,
       "Argo CD at https://argocd.example.com unreachable: sending the request failed"},
      {"handshake", TransportFailure::TlsHandshake, 0, ErrorKind::Transient,
       "Argo CD at https://argocd.example.com unreachable: TLS handshake failed"},
      {"self-signed in chain", TransportFailure::TlsUntrusted, 19, ErrorKind::InvalidInput,
       "TLS certificate of Argo CD at https://argocd.example.com not trusted: self-signed certificate in the chain"},
      {"unknown issuer", TransportFailure::TlsUntrusted, 20, ErrorKind::InvalidInput,
       "TLS certificate of Argo CD at https://argocd.example.com not trusted: unable to get the local issuer "
       "certificate"},
      {"host mismatch", TransportFailure::TlsUntrusted, 0, ErrorKind::InvalidInput,
       "TLS certificate of Argo CD at https://argocd.example.com not trusted: certificate does not match the host "
       "name"},
      {"other verify code", TransportFailure::TlsUntrusted, 7, ErrorKind::InvalidInput,
       "TLS certificate of Argo CD at https://argocd.example.com not trusted: X509 verify error 7"},
      {"ca load", TransportFailure::TlsCaLoad, 0, ErrorKind::InvalidInput,
       "cannot load CA certificates from /etc/fleetwave/argocd-ca.pem"},
      {"too large", TransportFailure::TooLarge, 0, ErrorKind::Transient,
       "Argo CD at https://argocd.example.com sent a response larger than 64 MiB"},
      {"other", TransportFailure::Other, 0, ErrorKind::Transient,
       "Argo CD at https://argocd.example.com unreachable: request failed (Unknown)"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    d.tls_verify_result = c.verify_result;
    Error e = transport_error(c.failure, d, list_ctx());
    EXPECT_EQ(e.kind, c.kind);
    EXPECT_EQ(e.to_string(), c.want);
  }
}

TEST(ArgoCdErrorsTest, InvalidResponses) {
  Error parse = invalid_input("invalid JSON: syntax error while parsing value - invalid literal; last read: 'x'");
  parse.pos = {"response", 1, 2};
  EXPECT_EQ(invalid_response_error(parse, list_ctx()).to_string(),
            "Argo CD at https://argocd.example.com sent an invalid response for the application list: line 1 column 2: "
            "invalid "
            "JSON: syntax error while parsing value - invalid literal; last read: 'x'");
  Error shape = invalid_input("expected string, got number", "items[2].status.sync.status");
  Error e = invalid_response_error(shape, list_ctx());
  EXPECT_EQ(e.kind, ErrorKind::Transient);
  EXPECT_EQ(e.to_string(),
            "Argo CD at https://argocd.example.com sent an invalid response for the application list: "
            "items[2].status.sync.status: "
            "expected string, got number");
}

}  // namespace
}  // namespace fleetwave
