// Go-style durations ("10m", "1h30m", "500ms"), a value type of the WavePlan and the windows.
#pragma once

#include <cstdint>
#include <string_view>

#include "base/result.h"

namespace fleetwave {

// Milliseconds. Accepts Go's time.ParseDuration units h, m, s, ms (and combinations); written
// back by format_duration_ms (base/duration_text.h).
Result<std::int64_t> parse_duration_ms(std::string_view text);

}  // namespace fleetwave
