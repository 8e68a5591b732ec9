#include "rollout/count_or_percent.h"

#include <charconv>

namespace fleetwave {

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
