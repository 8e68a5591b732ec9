// Kubernetes resource.Quantity (k8s.io/apimachinery/pkg/api/resource), reduced to what the
// replica interpreter and the scheduler's estimator need: parse exactly as ParseQuantity does,
// add and subtract without losing precision, and read Value() / MilliValue() with their
// rounding. The value is held as a signed count of nano-units, which is the finest precision a
// parsed Quantity keeps ("0.9n" parses as "1n").
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "base/json.h"
#include "base/result.h"

namespace fleetwave {

class Quantity {
 public:
  // 128-bit so that every parsed value (binary suffixes are capped at 2^63-1 units) and the sums
  // the estimator forms stay exact. __extension__ keeps -Wpedantic quiet about the GNU type.
  __extension__ typedef __int128 Nanos;

  Quantity() = default;

  // resource.ParseQuantity. Errors use apimachinery's messages (ErrFormatWrong, ErrNumeric,
  // ErrSuffix), prefixed with the offending text.
  static Result<Quantity> parse(std::string_view text);

  // A ResourceList value as Quantity.UnmarshalJSON reads it: a string, a JSON number (its text is
  // parsed) or null (zero).
  static Result<Quantity> from_json(const Json& value);

  static Quantity from_value(std::int64_t units) { return Quantity(static_cast<Nanos>(units) * kNanosPerUnit); }
  static Quantity from_milli(std::int64_t milli) { return Quantity(static_cast<Nanos>(milli) * kNanosPerMilli); }

  // Quantity.Value(): whole units, rounded away from zero. Saturates at the int64 range where
  // apimachinery would overflow.
  std::int64_t value() const;
  // Quantity.MilliValue(): milli-units, rounded away from zero; saturates like value().
  std::int64_t milli_value() const;

  int sign() const { return nanos_ > 0 ? 1 : (nanos_ < 0 ? -1 : 0); }
  bool is_zero() const { return nanos_ == 0; }
  Nanos nanos() const { return nanos_; }

  Quantity operator+(const Quantity& other) const { return Quantity(nanos_ + other.nanos_); }
  Quantity operator-(const Quantity& other) const { return Quantity(nanos_ - other.nanos_); }
  bool operator==(const Quantity& other) const { return nanos_ == other.nanos_; }

 private:
  static constexpr Nanos kNanosPerUnit = 1000000000;
  static constexpr Nanos kNanosPerMilli = 1000000;

  explicit Quantity(Nanos nanos) : nanos_(nanos) {}

  Nanos nanos_ = 0;
};

}  // namespace fleetwave
