// How a duration in milliseconds is written for people and in commit evidence: "1h30m", "5s",
// "250ms", "0s" (the units rollout/duration.h parses back).
#pragma once

#include <cstdint>
#include <string>

namespace fleetwave {

std::string format_duration_ms(std::int64_t ms);

// A measured span for people ("healthy for 4s", "baked 10m5s"): the same units down to whole
// seconds, rounded down, so it never claims more than was observed; "0s" below a second.
std::string format_elapsed_ms(std::int64_t ms);

// An age as kubectl shows one ("45s", "3m12s", "45m", "5h30m", "2d3h", "400d"): two units at most,
// fewer as it grows; rounded down.
std::string format_age_ms(std::int64_t ms);

}  // namespace fleetwave
