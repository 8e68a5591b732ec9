// gopher-lua's number formatting (LNumber.String in gopher-lua's value.go): integral values as
// int64, the rest through Go's fmt %v, i.e. strconv 'g' with the shortest digits.
#include <charconv>
#include <cmath>
#include <cstdlib>

#include "interpret/lua_vm.h"

namespace fleetwave {

std::string gopher_number_string(double value) {
  if (std::isnan(value)) return "NaN";
  if (std::isinf(value)) return value > 0 ? "+Inf" : "-Inf";
  if (value == std::trunc(value) && std::fabs(value) < 9.2233720368547758e18) {
    return std::to_string(static_cast<std::int64_t>(value));
  }
  // Go's %v: the shortest digits that round-trip, %e form when the exponent is < -4 or >= 6.
  char buf[64];
  auto end = std::to_chars(buf, buf + sizeof buf, value, std::chars_format::scientific).ptr;
  std::string sci(buf, end);  // "-1.2345e+06"
  std::size_t e = sci.find('e');
  std::string mantissa = sci.substr(0, e);
  int exponent = std::atoi(sci.c_str() + e + 1);
  bool negative = mantissa[0] == '-';
  std::string digits;
  for (char c : mantissa) {
    if (c >= '0' && c <= '9') digits += c;
  }
  if (exponent < -4 || exponent >= 6) {
    std::string out = (negative ? "-" : "") + digits.substr(0, 1);
    if (digits.size() > 1) out += "." + digits.substr(1);
    std::string exp = std::to_string(std::abs(exponent));
    return out + "e" + (exponent < 0 ? "-" : "+") + (exp.size() < 2 ? "0" : "") + exp;
  }
  std::string out;
  if (exponent < 0) {
    out = "0." + std::string(static_cast<std::size_t>(-exponent - 1), '0') + digits;
  } else if (static_cast<std::size_t>(exponent) + 1 >= digits.size()) {
    out = digits + std::string(static_cast<std::size_t>(exponent) + 1 - digits.size(), '0');
  } else {
    out = digits.substr(0, static_cast<std::size_t>(exponent) + 1) + "." +
          digits.substr(static_cast<std::size_t>(exponent) + 1);
  }
  return (negative ? "-" : "") + out;
}

}  // namespace fleetwave
