#include "adapters/hosting/hosting_providers.h"

#include <algorithm>
#include <cctype>
#include <climits>

#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>

#include "base/text.h"

namespace fleetwave {

// Each provider is one file that defines its row; a new one is declared here and listed below.
HostingProvider github_hosting();  // github_provider.cpp
HostingProvider gitlab_hosting();  // gitlab_provider.cpp

const std::vector<HostingProvider>& hosting_providers() {
  static const std::vector<HostingProvider> providers = {
      github_hosting(),
      gitlab_hosting(),
  };
  return providers;
}

const HostingProvider* find_hosting_provider(std::string_view name) {
  for (const HostingProvider& p : hosting_providers()) {
    if (p.name == name) return &p;
  }
  return nullptr;
}

std::string hosting_provider_names(std::string_view separator) {
  std::string out;
  for (const HostingProvider& p : hosting_providers()) {
    if (!out.empty()) out += separator;
    out += p.name;
  }
  return out;
}

bool valid_repository_path(std::string_view repository, int min_segments, int max_segments) {
  if (repository.empty() || repository.front() == '/' || repository.back() == '/') return false;
  int segments = 1;
  for (std::size_t i = 0; i < repository.size(); ++i) {
    const auto c = static_cast<unsigned char>(repository[i]);
    if (std::isspace(c) || c < 0x20 || c == '?' || c == '#' || c == '%') return false;
    if (c == '/') {
      if (repository[i + 1] == '/') return false;  // an empty segment (the last char is not '/')
      ++segments;
    }
  }
  return segments >= min_segments && segments <= max_segments;
}

std::string site_of_api_url(std::string_view api_url, std::string_view api_path) {
  if (api_url.size() <= api_path.size() || !api_url.ends_with(api_path)) return "";
  return std::string(api_url.substr(0, api_url.size() - api_path.size()));
}

std::string hmac_sha256_hex(std::string_view key, std::string_view data) {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int length = 0;
  HMAC(EVP_sha256(), key.data(), static_cast<int>(key.size()), reinterpret_cast<const unsigned char*>(data.data()),
       data.size(), digest, &length);
  return hex_bytes(digest, length);
}

bool constant_time_equal(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;  // the length of a hex digest or token is no secret
  return a.empty() || CRYPTO_memcmp(a.data(), b.data(), a.size()) == 0;
}

}  // namespace fleetwave
