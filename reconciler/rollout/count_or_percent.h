// Count-or-percentage values ("25%", 2) of the WavePlan (size, maxConcurrency, maxFailures).
#pragma once

#include <cstdint>
#include <string>

#include "base/json.h"
#include "base/result.h"

namespace fleetwave {

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
