#include "net/http_endpoint.h"

#include <gtest/gtest.h>

#include "net/percent_encode.h"

namespace fleetwave {
namespace {

TEST(HttpEndpointTest, ParsesBaseUrls) {
  struct Case {
    const char* name;
    const char* url;
    const char* origin;
    const char* prefix;
    const char* display;
  };
  const Case cases[] = {
      {"https default port", "https://argocd.example.com", "https://argocd.example.com:443", "",
       "https://argocd.example.com"},
      {"http default port", "http://argocd-server.argocd.svc", "http://argocd-server.argocd.svc:80", "",
       "http://argocd-server.argocd.svc"},
      {"explicit port", "https://127.0.0.1:8443", "https://127.0.0.1:8443", "", "https://127.0.0.1:8443"},
      {"trailing slash", "https://h/", "https://h:443", "", "https://h"},
      {"path prefix", "https://h/argocd/", "https://h:443", "/argocd", "https://h/argocd"},
      {"nested prefix", "http://h:8080/tools/argocd", "http://h:8080", "/tools/argocd", "http://h:8080/tools/argocd"},
      {"case folded", "HTTPS://ArgoCD.Example.COM", "https://argocd.example.com:443", "", "https://argocd.example.com"},
      {"ipv6", "https://[::1]:8443/x", "https://[::1]:8443", "/x", "https://[::1]:8443/x"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    Result<HttpEndpoint> got = parse_http_endpoint(c.url, "Argo CD URL");
    ASSERT_TRUE(got.ok()) << got.error().to_string();
    EXPECT_EQ(got->origin(), c.origin);
    EXPECT_EQ(got->path_prefix, c.prefix);
    EXPECT_EQ(got->display(), c.display);
  }
}

TEST(HttpEndpointTest, RejectsBadUrls) {
  struct Case {
    const char* name;
    const char* url;
    const char* want;
  };
  const Case cases[] = {
      {"no scheme", "argocd.example.com", "Argo CD URL \"argocd.example.com\": expected http(s)://host[:port][/path]"},
      {"grpc scheme", "grpc://h:443", "Argo CD URL \"grpc://h:443\": scheme must be http or https"},
      {"no host", "https://", "Argo CD URL \"https://\": missing host"},
      {"no host with path", "https:///api", "Argo CD URL \"https:///api\": missing host"},
      {"bad port", "https://h:99999", "Argo CD URL \"https://h:99999\": invalid port"},
      {"port letters", "https://h:x1", "Argo CD URL \"https://h:x1\": invalid port"},
      {"empty port", "https://h:", "Argo CD URL \"https://h:\": empty port"},
      {"query (its secret redacted)", "https://h/?token=abc",
       "Argo CD URL \"https://h/?token=***\": a query or fragment is not allowed"},
      {"fragment", "https://h#x", "Argo CD URL \"https://h#x\": a query or fragment is not allowed"},
      {"space in host", "https://a b", "Argo CD URL \"https://a b\": invalid host"},
      {"space in path", "https://h/a b", "Argo CD URL \"https://h/a b\": invalid characters in the path"},
      {"bad ipv6", "https://[zz]:1", "Argo CD URL \"https://[zz]:1\": invalid IPv6 address"},
      {"credentials redacted", "https://admin:hunter22@h/argocd",
       "Argo CD URL \"https://***@h/argocd\": credentials do not belong in the URL; pass the token in a file"},
      {"token as user redacted", "https://eyJhbGciOi@h",
       "Argo CD URL \"https://***@h\": credentials do not belong in the URL; pass the token in a file"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    Result<HttpEndpoint> got = parse_http_endpoint(c.url, "Argo CD URL");
    ASSERT_FALSE(got.ok());
    EXPECT_EQ(got.error().kind, ErrorKind::InvalidInput);
    EXPECT_EQ(got.error().to_string(), c.want);
  }
}

TEST(HttpEndpointTest, PercentEncodes) {
  struct Case {
    const char* name;
    const char* in;
    const char* want;
  };
  const Case cases[] = {
      {"plain", "abc-1.2_~", "abc-1.2_~"},
      {"equality selector", "fleetwave.io/app=web", "fleetwave.io%2Fapp%3Dweb"},
      {"several requirements", "a=1,b!=2", "a%3D1%2Cb%21%3D2"},
      {"set selector", "w in (1, 2)", "w%20in%20%281%2C%202%29"},
      {"reserved and percent", "a+b&c%d#e?f", "a%2Bb%26c%25d%23e%3Ff"},
      {"utf-8", "\xC3\xA9", "%C3%A9"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    EXPECT_EQ(percent_encode(c.in), c.want);
  }
}

}  // namespace
}  // namespace fleetwave
