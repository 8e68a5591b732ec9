#include "rollout/duration.h"

#include <charconv>

namespace fleetwave {

Result<std::int64_t> parse_duration_ms(std::string_view text) {
  auto bad = [&] {
    return invalid_input("invalid duration \"" + std::string(text) +
                         "\"; use a number with a unit, e.g. 30s, 10m, 1h30m");
  };
  if (text.empty()) return bad();
  if (text == "0") return std::int64_t{0};
  std::int64_t total = 0;
  std::size_t i = 0;
  while (i < text.size()) {
    std::int64_t number = 0;
    auto [ptr, ec] = std::from_chars(text.data() + i, text.data() + text.size(), number);
    if (ec != std::errc() || number < 0) return bad();
    i = static_cast<std::size_t>(ptr - text.data());
    std::size_t unit_start = i;
    while (i < text.size() && (text[i] < '0' || text[i] > '9')) ++i;
    std::string_view unit = text.substr(unit_start, i - unit_start);
    std::int64_t scale = unit == "h" ? 3'600'000 : unit == "m" ? 60'000 : unit == "s" ? 1000 : unit == "ms" ? 1 : 0;
    if (scale == 0) return bad();
    if (number > (INT64_MAX - total) / scale) return bad();
    total += number * scale;
  }
  return total;
}

}  // namespace fleetwave
