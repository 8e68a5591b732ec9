#include "base/duration_text.h"

namespace fleetwave {

std::string format_duration_ms(std::int64_t ms) {
  if (ms == 0) return "0s";
  std::string out;
  auto part = [&](std::int64_t unit, const char* name) {
    if (ms >= unit) {
      out += std::to_string(ms / unit) + name;
      ms %= unit;
    }
  };
  part(3'600'000, "h");
  part(60'000, "m");
  part(1000, "s");
  part(1, "ms");
  return out;
}

std::string format_elapsed_ms(std::int64_t ms) { return format_duration_ms(ms < 0 ? 0 : ms / 1000 * 1000); }

std::string format_age_ms(std::int64_t ms) {
  // The steps of k8s.io/apimachinery's HumanDuration, which kubectl's AGE column uses.
  const std::int64_t seconds = ms < 0 ? 0 : ms / 1000;
  const std::int64_t minutes = seconds / 60, hours = minutes / 60, days = hours / 24;
  const auto two = [](std::int64_t big, const char* big_unit, std::int64_t small, const char* small_unit) {
    return std::to_string(big) + big_unit + (small == 0 ? "" : std::to_string(small) + small_unit);
  };
  if (seconds < 120) return std::to_string(seconds) + "s";
  if (minutes < 10) return two(minutes, "m", seconds % 60, "s");
  if (minutes < 180) return std::to_string(minutes) + "m";
  if (hours < 8) return two(hours, "h", minutes % 60, "m");
  if (hours < 48) return std::to_string(hours) + "h";
  if (hours < 24 * 8) return two(days, "d", hours % 24, "h");
  if (days < 365 * 2) return std::to_string(days) + "d";
  if (days < 365 * 8) return two(days / 365, "y", days % 365, "d");
  return std::to_string(days / 365) + "y";
}

}  // namespace fleetwave
