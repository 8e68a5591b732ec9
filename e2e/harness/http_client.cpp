#include "harness/http_client.h"

#include <httplib.h>

#include <openssl/evp.h>
#include <openssl/hmac.h>

namespace fleetwave::e2e {
namespace {

struct Target {
  std::string host_port;  // scheme://host:port
  std::string prefix;     // "" or "/prefix"
};

Target split(const std::string& base) {
  std::size_t scheme = base.find("://");
  std::size_t slash = base.find('/', scheme == std::string::npos ? 0 : scheme + 3);
  if (slash == std::string::npos) return {base, ""};
  return {base.substr(0, slash), base.substr(slash)};
}

Result<HttpAnswer> answer(const httplib::Result& res, const std::string& what) {
  if (!res) return transient(what + ": " + httplib::to_string(res.error()));
  return HttpAnswer{res->status, res->body};
}

httplib::Headers to_headers(const std::map<std::string, std::string>& headers) {
  httplib::Headers out;
  for (const auto& [k, v] : headers) out.emplace(k, v);
  return out;
}

}  // namespace

Result<HttpAnswer> http_get(const std::string& base, const std::string& path,
                            const std::map<std::string, std::string>& headers) {
  Target t = split(base);
  httplib::Client client(t.host_port);
  client.set_connection_timeout(2);
  client.set_read_timeout(10);
  return answer(client.Get(t.prefix + path, to_headers(headers)), "GET " + base + path);
}

Result<HttpAnswer> http_post(const std::string& base, const std::string& path, const std::string& body,
                             const std::map<std::string, std::string>& headers) {
  Target t = split(base);
  httplib::Client client(t.host_port);
  client.set_connection_timeout(2);
  client.set_read_timeout(10);
  return answer(client.Post(t.prefix + path, to_headers(headers), body, "application/json"), "POST " + base + path);
}

std::string github_signature(const std::string& secret, const std::string& body) {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int length = 0;
  HMAC(EVP_sha256(), secret.data(), static_cast<int>(secret.size()),
       reinterpret_cast<const unsigned char*>(body.data()), body.size(), digest, &length);
  static const char* kHex = "0123456789abcdef";
  std::string out = "sha256=";
  for (unsigned int i = 0; i < length; ++i) {
    out += kHex[digest[i] >> 4];
    out += kHex[digest[i] & 15];
  }
  return out;
}

}  // namespace fleetwave::e2e
