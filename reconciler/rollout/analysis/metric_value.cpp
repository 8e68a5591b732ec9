#include "rollout/analysis/metric_value.h"

#include <charconv>
#include <cmath>

namespace fleetwave {

std::string format_number(double number) {
  if (std::isnan(number)) return "NaN";
  if (std::isinf(number)) return number > 0 ? "+Inf" : "-Inf";
  char buffer[32];
  auto [ptr, ec] = std::to_chars(buffer, buffer + sizeof buffer, number);
  return ec == std::errc() ? std::string(buffer, ptr) : "?";
}

ExprValue result_of(const MetricValue& value) {
  if (value.scalar && !value.values.empty()) return ExprValue::number(value.values.front());
  return ExprValue::floats(value.values);
}

std::string format_metric_value(const MetricValue& value) {
  if (value.scalar && !value.values.empty()) return format_number(value.values.front());
  std::string out = "[";
  for (std::size_t i = 0; i < value.values.size(); ++i) {
    if (i > 0) out += ",";
    out += format_number(value.values[i]);
  }
  return out + "]";
}

}  // namespace fleetwave
