#include "adapters/git/digest.h"

#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/sha.h>

#include "base/text.h"

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

std::string to_hex(const Sha1Digest& digest) { return hex_bytes(digest.data(), digest.size()); }

}  // namespace fleetwave::git
