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

}  // namespace fleetwave
