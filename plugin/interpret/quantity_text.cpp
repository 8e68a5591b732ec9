#include "interpret/quantity_text.h"

#include <cmath>

namespace fleetwave {
namespace {

using Nanos = Quantity::Nanos;

std::string digits(Nanos n) {
  if (n == 0) return "0";
  bool negative = n < 0;
  __extension__ unsigned __int128 u = negative ? static_cast<unsigned __int128>(-n) : static_cast<unsigned __int128>(n);
  std::string out;
  while (u != 0) {
    out.insert(out.begin(), static_cast<char>('0' + static_cast<int>(u % 10)));
    u /= 10;
  }
  return negative ? "-" + out : out;
}

// AsCanonicalBytes: the mantissa without trailing zeros, the exponent moved to a multiple of 3.
std::pair<Nanos, int> canonical_decimal(Nanos nanos) {
  int exponent = -9;
  while (nanos != 0 && nanos % 10 == 0) {
    nanos /= 10;
    ++exponent;
  }
  int rest = exponent % 3;
  if (rest == 1 || rest == -2) {
    nanos *= 10;
    exponent -= 1;
  } else if (rest == 2 || rest == -1) {
    nanos *= 100;
    exponent -= 2;
  }
  return {nanos, exponent};
}

std::string decimal_suffix(int exponent, QuantityFormat format) {
  if (format == QuantityFormat::DecimalSI) {
    static constexpr std::pair<int, const char*> kSuffixes[] = {{-9, "n"}, {-6, "u"}, {-3, "m"}, {0, ""},   {3, "k"},
                                                                {6, "M"},  {9, "G"},  {12, "T"}, {15, "P"}, {18, "E"}};
    for (const auto& [e, s] : kSuffixes) {
      if (e == exponent) return s;
    }
  }
  return exponent == 0 ? "" : "e" + std::to_string(exponent);
}

}  // namespace

QuantityFormat quantity_format_of(std::string_view text) {
  std::size_t i = 0;
  if (i < text.size() && (text[i] == '+' || text[i] == '-')) ++i;
  while (i < text.size() && ((text[i] >= '0' && text[i] <= '9') || text[i] == '.')) ++i;
  std::string_view suffix = text.substr(i);
  if (suffix.size() == 2 && suffix[1] == 'i') return QuantityFormat::BinarySI;
  if (!suffix.empty() && (suffix[0] == 'e' || suffix[0] == 'E') && suffix.size() > 1)
    return QuantityFormat::DecimalExponent;
  return QuantityFormat::DecimalSI;
}

std::string quantity_string(const Quantity& q, QuantityFormat format) {
  const Nanos nanos = q.nanos();
  if (nanos == 0) return "0";
  constexpr Nanos kUnit = 1000000000;
  if (format == QuantityFormat::None) format = QuantityFormat::DecimalExponent;
  if (format == QuantityFormat::BinarySI) {
    bool small = nanos > -1024 * kUnit && nanos < 1024 * kUnit;
    if (small || nanos % kUnit != 0) {
      format = QuantityFormat::DecimalSI;
    } else {
      Nanos value = nanos / kUnit;
      int power = 0;
      while (power < 6 && value % 1024 == 0) {
        value /= 1024;
        ++power;
      }
      static constexpr const char* kBinary[] = {"", "Ki", "Mi", "Gi", "Ti", "Pi", "Ei"};
      return digits(value) + kBinary[power];
    }
  }
  auto [mantissa, exponent] = canonical_decimal(nanos);
  return digits(mantissa) + decimal_suffix(exponent, format);
}

double quantity_approximate(const Quantity& q) {
  Nanos n = q.nanos();
  int exponent = -9;
  while (n != 0 && n % 10 == 0) {
    n /= 10;
    ++exponent;
  }
  double base = static_cast<double>(n);
  return exponent == 0 ? base : base * std::pow(10.0, exponent);
}

}  // namespace fleetwave
