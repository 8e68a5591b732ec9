// Base64 as go-yaml uses it for !!binary scalars (Go's encoding/base64 StdEncoding).
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace fleetwave {

std::string base64_encode(std::string_view data);

// StdEncoding.DecodeString: padded standard alphabet; '\r' and '\n' are ignored anywhere.
// nullopt when the text is not valid base64.
std::optional<std::string> base64_decode(std::string_view text);

// Replaces every byte that does not start a valid UTF-8 sequence with U+FFFD, as Go's
// encoding/json does when it writes a string.
std::string to_valid_utf8(std::string_view text);

}  // namespace fleetwave
