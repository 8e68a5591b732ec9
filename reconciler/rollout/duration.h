// Go-style durations ("10m", "1h30m", "500ms") and count-or-percentage values ("25%", 2), the
// two value types of the WavePlan.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "base/json.h"
#include "base/result.h"

namespace fleetwave {

// Milliseconds. Accepts Go's time.ParseDuration units h, m, s, ms (and combinations).
Result<std::int64_t> parse_duration_ms(std::string_view text);
std::string format_duration_ms(std::int64_t ms);  // "1h30m", "5s", "250ms", "0s"

// Kubernetes IntOrString used as a count: an integer, or "<n>%" of a total.
struct CountOrPercent {
  bool percent = false;
  std::int64_t value = 0;

  // The count out of `total`: percentages round down (25% of 3 = 0), like
  // intstr.GetScaledValueFromIntOrPercent with roundUp=false.
  std::int64_t of(std::int64_t total) const;
  std::string to_string() const;
};

Result<CountOrPercent> parse_count_or_percent(const Json& value);

}  // namespace fleetwave
