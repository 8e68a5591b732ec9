// SHA-1 and HMAC-SHA1 (libcrypto) for the two places the Git adapter needs a hash outside
// libgit2: cache directory names derived from repository URLs, and hashed known_hosts entries
// (OpenSSH stores HMAC-SHA1(salt, host)). Not for security decisions beyond what OpenSSH itself
// does with them.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace fleetwave::git {

using Sha1Digest = std::array<uint8_t, 20>;

Sha1Digest sha1(std::string_view data);
Sha1Digest hmac_sha1(std::string_view key, std::string_view data);

std::string to_hex(const Sha1Digest& digest);

}  // namespace fleetwave::git
