// ExprValue: a Go value as an Argo Rollouts metric provider hands it to successCondition /
// failureCondition, and as expr-lang/expr v1.17 computes with it. Hand-written for exactness to
// expr-lang/expr as Argo Rollouts runs it; no C++ library implements expr.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <variant>
#include <vector>

#include "base/json.h"

namespace fleetwave {

// A Go value as an Argo Rollouts metric provider hands it to the condition.
//  - prometheus (processResponse): float64 for a scalar, []float64 for a vector or matrix (empty,
//    not nil, when there are no samples);
//  - web (parseResponse): what encoding/json decodes into `any`: float64, string, bool, nil,
//    []interface {}, map[string]interface {}.
// Arrays and maps are shared and immutable, so copies are cheap.
class ExprValue {
 public:
  enum class Kind { Nil, Bool, Int, Float, String, Array, Map };
  using Array = std::vector<ExprValue>;
  using Map = std::map<std::string, ExprValue>;

  ExprValue() = default;  // nil
  static ExprValue nil() { return ExprValue(); }
  static ExprValue boolean(bool value);
  static ExprValue integer(std::int64_t value);
  static ExprValue number(double value);
  static ExprValue string(std::string value);
  static ExprValue array(Array items);  // []interface {}
  static ExprValue map(Map entries);    // map[string]interface {}
  // []float64: typed, so the checker knows every element is a float64.
  static ExprValue floats(std::vector<double> items);
  // As Go's encoding/json decodes into `any`: every JSON number becomes a float64.
  static ExprValue from_json(const Json& json);

  Kind kind() const { return kind_; }
  bool is_nil() const { return kind_ == Kind::Nil; }
  bool is_number() const { return kind_ == Kind::Int || kind_ == Kind::Float; }
  // True for a []float64 (floats()), false for a []interface {}.
  bool has_float_elements() const { return float_elements_; }

  // Accessors; each requires the matching kind.
  bool as_bool() const { return std::get<bool>(data_); }
  std::int64_t as_int() const { return std::get<std::int64_t>(data_); }
  double as_float() const { return std::get<double>(data_); }
  // A number of either kind as a float64 (Go's runtime.ToFloat64).
  double to_float() const { return kind_ == Kind::Int ? static_cast<double>(as_int()) : as_float(); }
  const std::string& as_string() const { return std::get<std::string>(data_); }
  const Array& as_array() const { return *std::get<std::shared_ptr<const Array>>(data_); }
  const Map& as_map() const { return *std::get<std::shared_ptr<const Map>>(data_); }

  // Go's %T: "float64", "[]float64", "string", "bool", "int", "[]interface {}",
  // "map[string]interface {}", "<nil>".
  std::string go_type() const;
  // Go's %v: 0.5, 1e+06, [1 2], map[a:1], <nil>.
  std::string go_string() const;

 private:
  template <class Data>
  ExprValue(Kind kind, Data data) : kind_(kind), data_(std::move(data)) {}

  Kind kind_ = Kind::Nil;
  bool float_elements_ = false;
  std::variant<std::monostate, bool, std::int64_t, double, std::string, std::shared_ptr<const Array>,
               std::shared_ptr<const Map>>
      data_;
};

// Go's strconv.FormatFloat(f, 'g', -1, 64), which %v uses for a float64.
std::string format_go_float(double value);

}  // namespace fleetwave
