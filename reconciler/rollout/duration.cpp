#include "rollout/duration.h"

#include <cstdint>
#include <string>

namespace fleetwave {
namespace {

// Nanoseconds per unit, as Go's time package names them (unitMap in time/format.go).
std::int64_t unit_ns(std::string_view unit) {
  if (unit == "ns") return 1;
  if (unit == "us" || unit == "\u00b5s" || unit == "\u03bcs") return 1'000;
  if (unit == "ms") return 1'000'000;
  if (unit == "s") return 1'000'000'000;
  if (unit == "m") return 60'000'000'000;
  if (unit == "h") return 3'600'000'000'000;
  return 0;
}

bool is_digit(char c) { return c >= '0' && c <= '9'; }

}  // namespace

// Go's time.ParseDuration (time/format.go), written for exactness: Argo CD reads sync-window
// durations and Argo Rollouts its intervals with it. Decimal numbers, each with an optional
// fraction and a unit ("1.5h", "1h30m", ".5s", "300ms"); "0" alone needs no unit. The whole part
// is exact; the fraction is taken as Go's leadingFraction takes it (at most 19 digits) and scaled
// in float64, as Go does, so "0.3333333333333333333h" is 20m. Nanoseconds are then cut to
// milliseconds. A sign is refused: no fleetwave duration may be negative.
Result<std::int64_t> parse_duration_ms(std::string_view text) {
  auto bad = [&] {
    return invalid_input("invalid duration \"" + std::string(text) +
                         "\"; use a number with a unit, e.g. 30s, 10m, 1h30m");
  };
  if (text.empty()) return bad();
  if (text == "0") return std::int64_t{0};
  constexpr std::uint64_t kMax = std::uint64_t{1} << 63;
  std::uint64_t total_ns = 0;
  std::size_t i = 0;
  while (i < text.size()) {
    const std::size_t start = i;
    std::uint64_t whole = 0;
    for (; i < text.size() && is_digit(text[i]); ++i) {
      if (whole > kMax / 10) return bad();
      whole = whole * 10 + static_cast<std::uint64_t>(text[i] - '0');
      if (whole > kMax) return bad();
    }
    const bool has_whole = i > start;
    std::uint64_t fraction = 0;
    double scale = 1;
    bool has_fraction = false;
    if (i < text.size() && text[i] == '.') {
      bool overflow = false;
      for (++i; i < text.size() && is_digit(text[i]); ++i) {
        has_fraction = true;
        const std::uint64_t next = fraction * 10 + static_cast<std::uint64_t>(text[i] - '0');
        if (overflow || fraction > (kMax - 1) / 10 || next > kMax) {
          overflow = true;
          continue;
        }
        fraction = next;
        scale *= 10;
      }
    }
    if (!has_whole && !has_fraction) return bad();  // ".", ".s", "h"
    const std::size_t unit_start = i;
    while (i < text.size() && text[i] != '.' && !is_digit(text[i])) ++i;
    const std::uint64_t unit = static_cast<std::uint64_t>(unit_ns(text.substr(unit_start, i - unit_start)));
    if (unit == 0 || whole > kMax / unit) return bad();
    std::uint64_t ns = whole * unit;
    if (fraction > 0)
      ns += static_cast<std::uint64_t>(static_cast<double>(fraction) * (static_cast<double>(unit) / scale));
    total_ns += ns;
    if (ns > kMax || total_ns > kMax - 1) return bad();
  }
  return static_cast<std::int64_t>(total_ns / 1'000'000);
}

}  // namespace fleetwave
