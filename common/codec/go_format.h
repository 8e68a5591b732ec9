// Number formatting exactly as Go's strconv and encoding/json write it, so that our JSON and
// YAML match what Karmada (Go) and kubectl would produce byte for byte.
#pragma once

#include <string>

namespace fleetwave {

// strconv.FormatFloat(v, 'g', -1, 64): shortest round-trip digits, %e when exp < -4 || exp >= 6.
std::string format_go_float_g(double v);

// strconv.FormatFloat(float32(v), 'g', -1, 32).
std::string format_go_float32_g(double v);

// encoding/json's float64 encoding: 'f' form unless |v| < 1e-6 or |v| >= 1e21, then 'e' form
// with a two-digit minimum exponent only for positive exponents ("1e-7", "1e+21").
std::string format_go_json_float(double v);

}  // namespace fleetwave
