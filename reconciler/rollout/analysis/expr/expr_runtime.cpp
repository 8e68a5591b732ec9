// Run-time operations of expr on Go values (see expr_runtime.h), mirroring expr-lang/expr v1.17's
// vm/runtime: the messages are Go's panic texts, returned as errors. Hand-written for exactness to
// expr-lang/expr as Argo Rollouts runs it; no C++ library implements expr.
#include "rollout/analysis/expr/expr_runtime.h"

#include <cmath>
#include <cstdint>

namespace fleetwave {
namespace {

using Kind = ExprValue::Kind;

Error runtime_error(const std::string& message) { return invalid_input(message); }

// reflect.DeepEqual for the values a condition meets: same Go type, then by value.
bool deep_equal(const ExprValue& a, const ExprValue& b) {
  if (a.go_type() != b.go_type()) return false;
  switch (a.kind()) {
    case Kind::Nil:
      return true;
    case Kind::Bool:
      return a.as_bool() == b.as_bool();
    case Kind::Int:
      return a.as_int() == b.as_int();
    case Kind::Float:
      return a.as_float() == b.as_float();
    case Kind::String:
      return a.as_string() == b.as_string();
    case Kind::Array: {
      const auto& x = a.as_array();
      const auto& y = b.as_array();
      if (x.size() != y.size()) return false;
      for (std::size_t i = 0; i < x.size(); ++i) {
        if (!deep_equal(x[i], y[i])) return false;
      }
      return true;
    }
    case Kind::Map: {
      const auto& x = a.as_map();
      const auto& y = b.as_map();
      if (x.size() != y.size()) return false;
      for (auto i = x.begin(), j = y.begin(); i != x.end(); ++i, ++j) {
        if (i->first != j->first || !deep_equal(i->second, j->second)) return false;
      }
      return true;
    }
  }
  return false;
}

// Go's signed integer arithmetic wraps around; do it on unsigned values to stay defined in C++.
std::int64_t wrap(std::uint64_t value) { return static_cast<std::int64_t>(value); }

}  // namespace

bool expr_equal(const ExprValue& a, const ExprValue& b) {
  if (a.kind() == Kind::Int && b.kind() == Kind::Int) return a.as_int() == b.as_int();
  if (a.is_number() && b.is_number()) return a.to_float() == b.to_float();
  if (a.kind() == Kind::String && b.kind() == Kind::String) return a.as_string() == b.as_string();
  if (a.kind() == Kind::Bool && b.kind() == Kind::Bool) return a.as_bool() == b.as_bool();
  if (a.is_nil() && b.is_nil()) return true;
  return deep_equal(a, b);
}

Result<bool> expr_compare(const std::string& op, const ExprValue& a, const ExprValue& b) {
  int order = 0;  // -1, 0, 1; NaN compares false with everything
  if (a.kind() == Kind::Int && b.kind() == Kind::Int) {
    order = a.as_int() < b.as_int() ? -1 : (a.as_int() > b.as_int() ? 1 : 0);
  } else if (a.is_number() && b.is_number()) {
    const double x = a.to_float();
    const double y = b.to_float();
    if (std::isnan(x) || std::isnan(y)) return false;
    order = x < y ? -1 : (x > y ? 1 : 0);
  } else if (a.kind() == Kind::String && b.kind() == Kind::String) {
    const int c = a.as_string().compare(b.as_string());
    order = c < 0 ? -1 : (c > 0 ? 1 : 0);
  } else {
    return runtime_error("invalid operation: " + a.go_type() + " " + op + " " + b.go_type());
  }
  if (op == "<") return order < 0;
  if (op == ">") return order > 0;
  if (op == "<=") return order <= 0;
  return order >= 0;
}

Result<ExprValue> expr_arithmetic(const std::string& op, const ExprValue& a, const ExprValue& b) {
  const std::string mismatch = "invalid operation: " + a.go_type() + " " + op + " " + b.go_type();
  if (op == "+" && a.kind() == Kind::String && b.kind() == Kind::String) {
    return ExprValue::string(a.as_string() + b.as_string());
  }
  if (op == "**" || op == "^") {  // runtime.Exponent: math.Pow(ToFloat64(a), ToFloat64(b))
    if (!a.is_number()) return runtime_error("invalid operation: float(" + a.go_type() + ")");
    if (!b.is_number()) return runtime_error("invalid operation: float(" + b.go_type() + ")");
    return ExprValue::number(std::pow(a.to_float(), b.to_float()));
  }
  if (!a.is_number() || !b.is_number()) return runtime_error(mismatch);
  if (op == "/") return ExprValue::number(a.to_float() / b.to_float());
  if (op == "%") {
    if (a.kind() != Kind::Int || b.kind() != Kind::Int) return runtime_error(mismatch);
    if (b.as_int() == 0) return runtime_error("runtime error: integer divide by zero");
    if (b.as_int() == -1) return ExprValue::integer(0);
    return ExprValue::integer(a.as_int() % b.as_int());
  }
  if (a.kind() == Kind::Int && b.kind() == Kind::Int) {
    const auto x = static_cast<std::uint64_t>(a.as_int());
    const auto y = static_cast<std::uint64_t>(b.as_int());
    if (op == "+") return ExprValue::integer(wrap(x + y));
    if (op == "-") return ExprValue::integer(wrap(x - y));
    return ExprValue::integer(wrap(x * y));
  }
  const double x = a.to_float();
  const double y = b.to_float();
  if (op == "+") return ExprValue::number(x + y);
  if (op == "-") return ExprValue::number(x - y);
  return ExprValue::number(x * y);
}

Result<ExprValue> expr_negate(const ExprValue& value) {
  if (value.kind() == Kind::Int) return ExprValue::integer(wrap(0 - static_cast<std::uint64_t>(value.as_int())));
  if (value.kind() == Kind::Float) return ExprValue::number(-value.as_float());
  return runtime_error("invalid operation: - " + value.go_type());
}

Result<std::int64_t> expr_to_int(const ExprValue& value) {
  if (value.kind() == Kind::Int) return value.as_int();
  if (value.kind() == Kind::Float) {
    const double f = value.as_float();
    if (std::isnan(f) || f >= 9.3e18 || f <= -9.3e18) return std::int64_t{INT64_MIN};  // Go's amd64 result
    return static_cast<std::int64_t>(f);
  }
  return runtime_error("invalid operation: int(" + value.go_type() + ")");
}

Result<ExprValue> expr_fetch(const ExprValue& from, const ExprValue& key) {
  if (from.kind() == Kind::Array || from.kind() == Kind::String) {
    FW_TRY(index, expr_to_int(key));
    const auto length =
        static_cast<std::int64_t>(from.kind() == Kind::Array ? from.as_array().size() : from.as_string().size());
    if (index < 0) index += length;
    if (index < 0 || index >= length) {
      return runtime_error("index out of range: " + std::to_string(index) + " (array length is " +
                           std::to_string(length) + ")");
    }
    if (from.kind() == Kind::String) {  // a Go string indexes to a byte (uint8)
      return ExprValue::integer(static_cast<unsigned char>(from.as_string()[static_cast<std::size_t>(index)]));
    }
    return from.as_array()[static_cast<std::size_t>(index)];
  }
  if (from.kind() == Kind::Map) {
    if (key.kind() != Kind::String) {
      return runtime_error("reflect.Value.MapIndex: value of type " + key.go_type() +
                           " is not assignable to type string");
    }
    auto it = from.as_map().find(key.as_string());
    return it == from.as_map().end() ? ExprValue::nil() : it->second;
  }
  return runtime_error("cannot fetch " + key.go_string() + " from " + from.go_type());
}

Result<ExprValue> expr_slice(const ExprValue& from, const ExprValue& low, const ExprValue& high) {
  if (from.kind() != Kind::Array && from.kind() != Kind::String) {
    return runtime_error("cannot slice " + low.go_string());
  }
  const bool is_array = from.kind() == Kind::Array;
  const auto length = static_cast<std::int64_t>(is_array ? from.as_array().size() : from.as_string().size());
  std::int64_t a = 0;
  std::int64_t b = length;
  if (!low.is_nil()) {
    FW_TRY(value, expr_to_int(low));
    a = value;
  }
  if (!high.is_nil()) {
    FW_TRY(value, expr_to_int(high));
    b = value;
  }
  if (a < 0) a += length;
  if (a < 0) a = 0;
  if (b < 0) b += length;
  if (b < 0) b = 0;
  if (b > length) b = length;
  if (a > b) a = b;
  const auto start = static_cast<std::size_t>(a);
  const auto count = static_cast<std::size_t>(b - a);
  if (!is_array) return ExprValue::string(from.as_string().substr(start, count));
  const auto& items = from.as_array();
  if (from.has_float_elements()) {
    std::vector<double> floats;
    for (std::size_t i = start; i < start + count; ++i) floats.push_back(items[i].as_float());
    return ExprValue::floats(std::move(floats));
  }
  return ExprValue::array(ExprValue::Array(items.begin() + static_cast<std::ptrdiff_t>(start),
                                           items.begin() + static_cast<std::ptrdiff_t>(start + count)));
}

Result<bool> expr_in(const ExprValue& needle, const ExprValue& haystack) {
  if (haystack.is_nil()) return false;
  if (haystack.kind() == Kind::Array) {
    for (const ExprValue& item : haystack.as_array()) {
      if (expr_equal(item, needle)) return true;
    }
    return false;
  }
  if (haystack.kind() == Kind::Map) {
    if (needle.kind() != Kind::String) {
      return runtime_error("reflect.Value.MapIndex: value of type " + needle.go_type() +
                           " is not assignable to type string");
    }
    return haystack.as_map().count(needle.as_string()) > 0;
  }
  return runtime_error("operator \"in\" not defined on " + haystack.go_type());
}

Result<bool> expr_to_bool(const ExprValue& value) {
  if (value.kind() == Kind::Bool) return value.as_bool();
  const std::string type = value.is_nil() ? "nil" : value.go_type();
  return runtime_error("interface conversion: interface {} is " + type + ", not bool");
}

}  // namespace fleetwave
