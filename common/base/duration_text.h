// How a duration in milliseconds is written for people and in commit evidence: "1h30m", "5s",
// "250ms", "0s" (the units rollout/duration.h parses back).
#pragma once

#include <cstdint>
#include <string>

namespace fleetwave {

std::string format_duration_ms(std::int64_t ms);

}  // namespace fleetwave
