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

std::int64_t CountOrPercent::of(std::int64_t total) const { return percent ? total * value / 100 : value; }

std::string CountOrPercent::to_string() const { return std::to_string(value) + (percent ? "%" : ""); }

Result<CountOrPercent> parse_count_or_percent(const Json& value) {
  if (value.is_number_integer()) {
    std::int64_t n = value.get<std::int64_t>();
    if (n < 0) return invalid_input("must not be negative");
    return CountOrPercent{false, n};
  }
  if (value.is_string()) {
    const std::string& s = value.get_ref<const std::string&>();
    if (s.size() >= 2 && s.back() == '%') {
      std::int64_t n = 0;
      auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size() - 1, n);
      if (ec == std::errc() && ptr == s.data() + s.size() - 1 && n >= 0 && n <= 100) return CountOrPercent{true, n};
    }
  }
  return invalid_input("expected a count (e.g. 2) or a percentage (e.g. \"25%\")");
}

}  // namespace fleetwave
