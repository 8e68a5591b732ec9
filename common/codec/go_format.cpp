#include "codec/go_format.h"

#include <charconv>
#include <cmath>
#include <string_view>

namespace fleetwave {
namespace {

// Shortest decimal digits and the position of the decimal point: v = 0.DIGITS * 10^point.
struct Decimal {
  bool negative = false;
  std::string digits;  // no leading or trailing zeros; "0" for zero
  int point = 0;
};

template <typename F>
Decimal shortest(F v) {
  Decimal d;
  char buf[64];
  auto res = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::scientific);
  std::string_view s(buf, static_cast<std::size_t>(res.ptr - buf));  // e.g. -1.2345e+06
  if (!s.empty() && s[0] == '-') {
    d.negative = true;
    s.remove_prefix(1);
  }
  std::size_t e = s.find('e');
  std::string_view mantissa = s.substr(0, e);
  int exponent = std::stoi(std::string(s.substr(e + 1)));
  for (char c : mantissa) {
    if (c != '.') d.digits += c;
  }
  while (d.digits.size() > 1 && d.digits.back() == '0') d.digits.pop_back();
  d.point = exponent + 1;
  if (d.digits == "0") d.point = 1;
  return d;
}

std::string exponent_text(int exp, bool two_digit_min_negative) {
  std::string out = exp < 0 ? "-" : "+";
  int a = exp < 0 ? -exp : exp;
  if (a < 10 && (exp >= 0 || two_digit_min_negative)) out += '0';
  out += std::to_string(a);
  return out;
}

std::string format_e(const Decimal& d, bool two_digit_min_negative) {
  std::string out = d.negative ? "-" : "";
  out += d.digits[0];
  if (d.digits.size() > 1) {
    out += '.';
    out += d.digits.substr(1);
  }
  out += 'e';
  out += exponent_text(d.digits == "0" ? 0 : d.point - 1, two_digit_min_negative);
  return out;
}

std::string format_f(const Decimal& d) {
  std::string out = d.negative ? "-" : "";
  int nd = static_cast<int>(d.digits.size());
  if (d.point <= 0) {
    out += "0.";
    out.append(static_cast<std::size_t>(-d.point), '0');
    out += d.digits;
  } else if (d.point >= nd) {
    out += d.digits;
    out.append(static_cast<std::size_t>(d.point - nd), '0');
  } else {
    out += d.digits.substr(0, static_cast<std::size_t>(d.point));
    out += '.';
    out += d.digits.substr(static_cast<std::size_t>(d.point));
  }
  return out;
}

std::string special(double v) {
  if (std::isnan(v)) return "NaN";
  return v > 0 ? "+Inf" : "-Inf";
}

// strconv's 'g' with shortest precision: %e when the exponent is < -4 or >= 6.
std::string format_g(const Decimal& d) {
  int exp = d.digits == "0" ? 0 : d.point - 1;
  if (exp < -4 || exp >= 6) return format_e(d, true);
  return format_f(d);
}

}  // namespace

std::string format_go_float_g(double v) {
  if (!std::isfinite(v)) return special(v);
  return format_g(shortest(v));
}

std::string format_go_float32_g(double v) {
  if (!std::isfinite(v)) return special(v);
  return format_g(shortest(static_cast<float>(v)));
}

std::string format_go_json_float(double v) {
  if (!std::isfinite(v)) return special(v);
  double a = std::fabs(v);
  Decimal d = shortest(v);
  if (a != 0 && (a < 1e-6 || a >= 1e21)) return format_e(d, false);
  return format_f(d);
}

}  // namespace fleetwave
