#include "model/quantity.h"

#include <algorithm>
#include <limits>
#include <optional>
#include <utility>
#include <vector>

#include "base/text.h"

namespace fleetwave {
namespace {

__extension__ typedef unsigned __int128 U128;

constexpr const char* kErrFormatWrong =
    "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'";
constexpr const char* kErrSuffix = "unable to parse quantity's suffix";
constexpr std::string_view kSuffixChars = "eEinumkKMGTP";

bool is_digit(char c) { return c >= '0' && c <= '9'; }

// The pieces apimachinery's parseQuantityString scanner cuts a quantity into.
struct Scanned {
  bool positive = true;
  std::string num;    // integer digits without leading zeros ("0" when none)
  std::string denom;  // fraction digits
  std::string suffix;
};

// Mirrors parseQuantityString, including its leniencies ("1.G", ".5", "m" and "-" are accepted).
bool scan(std::string_view s, Scanned& out) {
  std::size_t pos = 0;
  const std::size_t end = s.size();
  if (pos < end && (s[0] == '-' || s[0] == '+')) {
    out.positive = s[0] != '-';
    ++pos;
  }
  while (pos < end && s[pos] == '0') ++pos;
  if (pos >= end) {
    out.num = "0";
    return true;
  }
  std::size_t start = pos;
  while (pos < end && is_digit(s[pos])) ++pos;
  out.num = pos > start ? std::string(s.substr(start, pos - start)) : "0";
  if (pos >= end) return true;
  if (s[pos] == '.') {
    start = ++pos;
    while (pos < end && is_digit(s[pos])) ++pos;
    out.denom = std::string(s.substr(start, pos - start));
    if (pos >= end) return true;
  }
  const std::size_t suffix_start = pos;
  while (pos < end && kSuffixChars.find(s[pos]) != std::string_view::npos) ++pos;
  if (pos < end && (s[pos] == '-' || s[pos] == '+')) ++pos;
  while (pos < end && is_digit(s[pos])) ++pos;
  if (pos < end) return false;  // a character that no suffix or exponent allows
  out.suffix = std::string(s.substr(suffix_start));
  return true;
}

struct SuffixMeaning {
  int base = 10;
  std::int64_t exponent = 0;
};

// quantitySuffixer.interpret: decimal SI, binary SI, then e/E exponents.
bool interpret_suffix(const std::string& suffix, SuffixMeaning& out) {
  static constexpr std::pair<std::string_view, int> kDecimal[] = {{"", 0},  {"n", -9}, {"u", -6}, {"m", -3}, {"k", 3},
                                                                  {"M", 6}, {"G", 9},  {"T", 12}, {"P", 15}, {"E", 18}};
  static constexpr std::pair<std::string_view, int> kBinary[] = {{"Ki", 10}, {"Mi", 20}, {"Gi", 30},
                                                                 {"Ti", 40}, {"Pi", 50}, {"Ei", 60}};
  for (const auto& [name, exp] : kDecimal) {
    if (suffix == name) return out = {10, exp}, true;
  }
  for (const auto& [name, exp] : kBinary) {
    if (suffix == name) return out = {2, exp}, true;
  }
  if (suffix.size() < 2 || (suffix[0] != 'e' && suffix[0] != 'E')) return false;
  // strconv.ParseInt(suffix[1:], 10, 64), then the int32 conversion apimachinery applies.
  std::string_view digits(suffix);
  digits.remove_prefix(1);
  bool negative = false;
  if (digits[0] == '+' || digits[0] == '-') {
    negative = digits[0] == '-';
    digits.remove_prefix(1);
  }
  if (digits.empty()) return false;
  U128 magnitude = 0;
  for (char c : digits) {
    if (!is_digit(c)) return false;
    magnitude = magnitude * 10 + static_cast<unsigned>(c - '0');
    if (magnitude > static_cast<U128>(std::numeric_limits<std::int64_t>::max()) + 1) return false;
  }
  if (!negative && magnitude > static_cast<U128>(std::numeric_limits<std::int64_t>::max())) return false;
  auto parsed = static_cast<std::uint64_t>(magnitude);
  if (negative) parsed = ~parsed + 1;
  out = {10, static_cast<std::int32_t>(static_cast<std::uint32_t>(parsed))};
  return true;
}

// A tiny unsigned big integer (base 1e9 limbs, least significant first): parsing may see any
// number of digits and exponents, and the rounding must be exact.
class BigUint {
 public:
  explicit BigUint(const std::string& digits) {
    for (char c : digits) mul_add(10, static_cast<std::uint32_t>(c - '0'));
  }
  void mul_add(std::uint32_t factor, std::uint32_t add) {
    std::uint64_t carry = add;
    for (std::uint32_t& limb : limbs_) {
      std::uint64_t v = static_cast<std::uint64_t>(limb) * factor + carry;
      limb = static_cast<std::uint32_t>(v % kBase);
      carry = v / kBase;
    }
    while (carry != 0) {
      limbs_.push_back(static_cast<std::uint32_t>(carry % kBase));
      carry /= kBase;
    }
  }
  std::size_t limb_count() const { return limbs_.size(); }
  U128 to_u128() const {
    U128 v = 0;
    for (std::size_t i = limbs_.size(); i-- > 0;) v = v * kBase + limbs_[i];
    return v;
  }

 private:
  static constexpr std::uint64_t kBase = 1000000000;
  std::vector<std::uint32_t> limbs_;
};

// Four base-1e9 limbs hold magnitudes below 10^36 nanos (10^27 units), far beyond any real
// inventory; apimachinery keeps larger decimals in inf.Dec, fleetwave reports them instead.
constexpr std::size_t kMaxLimbs = 4;
constexpr std::size_t kMaxNanoDigits = 36;
// At least 10^28 nanos is more than 2^63-1 units: ParseQuantity caps binary quantities there.
constexpr std::size_t kBinaryCapDigits = 28;

// The digits without leading zeros ("" for zero).
std::string_view significant(std::string_view digits) {
  const std::size_t first = digits.find_first_not_of('0');
  return first == std::string_view::npos ? std::string_view() : digits.substr(first);
}

bool any_nonzero(std::string_view digits) { return !significant(digits).empty(); }

// floor(0.R x 2^e) and whether it was inexact, for the fraction digits R: one pass from the
// last digit, carrying (as long multiplication does), so any number of digits costs linear time.
std::pair<U128, bool> scaled_fraction(std::string_view r, std::int64_t e) {
  const U128 factor = static_cast<U128>(1) << e;
  U128 carry = 0;
  bool inexact = false;
  for (std::size_t i = r.size(); i-- > 0;) {
    const U128 t = static_cast<U128>(r[i] - '0') * factor + carry;
    inexact = inexact || t % 10 != 0;
    carry = t / 10;
  }
  return {carry, inexact};
}

struct Magnitude {
  std::optional<U128> nanos;  // nullopt: 10^36 nanos or more
  bool round_up = false;      // digits were dropped: away from zero, to the nano
};

// digits x 10^power nanos. Shifting a decimal is exact, so digits that cannot matter are never
// turned into big-number arithmetic (hostile inputs carry hundreds of thousands of digits).
Magnitude decimal_nanos(std::string_view digits, std::int64_t power) {
  Magnitude m;
  std::string_view integer = digits;
  if (power < 0) {
    const std::size_t dropped =
        static_cast<std::size_t>(std::min<std::int64_t>(-power, static_cast<std::int64_t>(digits.size())));
    integer = digits.substr(0, digits.size() - dropped);
    m.round_up = any_nonzero(digits.substr(digits.size() - dropped));
    power = 0;
  }
  integer = significant(integer);
  if (integer.empty()) return m.nanos = 0, m;
  if (static_cast<std::int64_t>(integer.size()) + power > static_cast<std::int64_t>(kMaxNanoDigits)) return m;
  BigUint value{std::string(integer)};
  for (std::int64_t i = 0; i < power; ++i) value.mul_add(10, 0);
  m.nanos = value.to_u128();
  return m;
}

// digits (the last `fraction` of them after the point) x 2^binary units, in nanos.
Magnitude binary_nanos(std::string_view digits, std::size_t fraction, std::int64_t binary) {
  Magnitude m;
  // nanos = Q x 2^e + 0.R x 2^e, Q the digits down to the nano and R the rest.
  const std::size_t rest = fraction > 9 ? fraction - 9 : 0;
  const std::string_view q = significant(digits.substr(0, digits.size() - rest));
  if (q.size() > kBinaryCapDigits) return m;
  BigUint value{std::string(q)};
  for (std::int64_t i = 0; i < binary; ++i) value.mul_add(2, 0);
  for (std::size_t i = fraction; i < 9; ++i) value.mul_add(10, 0);
  if (value.limb_count() > kMaxLimbs) return m;
  const auto [carry, inexact] = scaled_fraction(digits.substr(digits.size() - rest), binary);
  m.nanos = value.to_u128() + carry;
  m.round_up = inexact;
  return m;
}

}  // namespace

Result<Quantity> Quantity::parse(std::string_view text) {
  auto fail_with = [&](const char* why) {
    return fail(invalid_input("invalid quantity \"" + printable(text) + "\": " + why));
  };
  if (text.empty()) return fail_with(kErrFormatWrong);
  Scanned s;
  if (!scan(text, s)) return fail_with(kErrFormatWrong);
  SuffixMeaning meaning;
  if (!interpret_suffix(s.suffix, meaning)) return fail_with(kErrSuffix);

  const std::string digits = s.num + s.denom;
  // nanos = digits * 2^binary * 10^(decimal exponent - fraction digits + 9)
  const Magnitude m = meaning.base == 2
                          ? binary_nanos(digits, s.denom.size(), meaning.exponent)
                          : decimal_nanos(digits, meaning.exponent - static_cast<std::int64_t>(s.denom.size()) + 9);
  // Binary quantities are capped at 2^63-1 units (ParseQuantity's maxAllowed); decimal ones are not.
  const Nanos binary_cap = static_cast<Nanos>(std::numeric_limits<std::int64_t>::max()) * kNanosPerUnit;
  if (!m.nanos && meaning.base == 10) return fail_with("quantity is too large");
  Nanos value = m.nanos ? static_cast<Nanos>(*m.nanos + (m.round_up ? 1 : 0)) : binary_cap;
  if (meaning.base == 2 && value > binary_cap) value = binary_cap;
  return Quantity(s.positive ? value : -value);
}

Result<Quantity> Quantity::from_json(const Json& value) {
  if (value.is_null()) return Quantity();
  if (value.is_string()) return parse(value.get_ref<const std::string&>());
  if (value.is_number_integer() || value.is_number_unsigned() || value.is_number_float()) return parse(value.dump());
  return fail(invalid_input("expected a quantity string or number, got a " + std::string(value.type_name())));
}

namespace {

std::int64_t scaled_away_from_zero(Quantity::Nanos nanos, Quantity::Nanos divisor) {
  Quantity::Nanos q = nanos / divisor;
  if (nanos % divisor != 0) q += nanos > 0 ? 1 : -1;
  if (q > std::numeric_limits<std::int64_t>::max()) return std::numeric_limits<std::int64_t>::max();
  if (q < std::numeric_limits<std::int64_t>::min()) return std::numeric_limits<std::int64_t>::min();
  return static_cast<std::int64_t>(q);
}

}  // namespace

std::int64_t Quantity::value() const { return scaled_away_from_zero(nanos_, kNanosPerUnit); }

std::int64_t Quantity::milli_value() const { return scaled_away_from_zero(nanos_, kNanosPerMilli); }

}  // namespace fleetwave
