// The parts of resource.Quantity that Lua scripts can see through the `kube` module: its
// canonical string (Quantity.String) and AsApproximateFloat64, with the format a parsed
// quantity keeps (k8s.io/apimachinery/pkg/api/resource, quantity.go and amount.go).
#pragma once

#include <string>
#include <string_view>

#include "model/quantity.h"

namespace fleetwave {

enum class QuantityFormat { None, DecimalSI, BinarySI, DecimalExponent };

// The format ParseQuantity records for a quantity string: binary suffixes (Ki..Ei) give
// BinarySI, e/E exponents DecimalExponent, everything else DecimalSI.
QuantityFormat quantity_format_of(std::string_view text);

// Quantity.String(): CanonicalizeBytes. BinarySI falls back to DecimalSI below 1024 or for
// fractional values; an unset format prints as DecimalExponent.
std::string quantity_string(const Quantity& q, QuantityFormat format);

// Quantity.AsApproximateFloat64.
double quantity_approximate(const Quantity& q);

}  // namespace fleetwave
