// Go-style durations ("10m", "1h30m", "500ms"), a value type of the WavePlan and the windows.
#pragma once

#include <cstdint>
#include <string_view>

#include "base/result.h"

namespace fleetwave {

// Milliseconds, as Go's time.ParseDuration reads it ("1.5h", "1h30m", "500ms", "90s"); written
// back by format_duration_ms (base/duration_text.h).
Result<std::int64_t> parse_duration_ms(std::string_view text);

}  // namespace fleetwave
