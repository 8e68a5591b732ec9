// RFC 3986 percent-encoding for query values and path segments of API calls (pure).
#pragma once

#include <string>
#include <string_view>

namespace fleetwave {

// Encodes everything but the unreserved characters [A-Za-z0-9-._~].
std::string percent_encode(std::string_view value);

}  // namespace fleetwave
