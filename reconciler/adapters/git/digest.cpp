#include "adapters/git/digest.h"

#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/sha.h>

namespace fleetwave::git {

Sha1Digest sha1(std::string_view data) {
  Sha1Digest out{};
  SHA1(reinterpret_cast<const unsigned char*>(data.data()), data.size(), out.data());
  return out;
}

Sha1Digest hmac_sha1(std::string_view key, std::string_view data) {
  Sha1Digest out{};
  unsigned int length = 0;
  HMAC(EVP_sha1(), key.data(), static_cast<int>(key.size()), reinterpret_cast<const unsigned char*>(data.data()),
       data.size(), out.data(), &length);
  return out;
}

std::string to_hex(const Sha1Digest& digest) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  out.reserve(2 * digest.size());
  for (uint8_t b : digest) {
    out.push_back(kHex[b >> 4]);
    out.push_back(kHex[b & 15]);
  }
  return out;
}

}  // namespace fleetwave::git
