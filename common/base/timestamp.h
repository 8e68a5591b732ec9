// RFC 3339 timestamps (UTC) as written in rollout state and read from Argo CD
// (operationState.finishedAt), as milliseconds since the Unix epoch.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace fleetwave {

std::string format_rfc3339(std::int64_t epoch_ms);                 // "2026-11-22T04:05:06Z" (seconds precision)
std::optional<std::int64_t> parse_rfc3339(std::string_view text);  // accepts fractions and offsets

}  // namespace fleetwave
