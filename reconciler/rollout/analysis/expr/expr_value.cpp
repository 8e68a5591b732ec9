// ExprValue: Go values for the expr evaluator (see expr_value.h). Hand-written for exactness to
// expr-lang/expr as Argo Rollouts runs it; no C++ library implements expr.
#include "rollout/analysis/expr/expr_value.h"

#include <charconv>
#include <cmath>
#include <cstdlib>

namespace fleetwave {

ExprValue ExprValue::boolean(bool value) { return ExprValue(Kind::Bool, value); }
ExprValue ExprValue::integer(std::int64_t value) { return ExprValue(Kind::Int, value); }
ExprValue ExprValue::number(double value) { return ExprValue(Kind::Float, value); }
ExprValue ExprValue::string(std::string value) { return ExprValue(Kind::String, std::move(value)); }

ExprValue ExprValue::array(Array items) {
  return ExprValue(Kind::Array, std::make_shared<const Array>(std::move(items)));
}

ExprValue ExprValue::map(Map entries) { return ExprValue(Kind::Map, std::make_shared<const Map>(std::move(entries))); }

ExprValue ExprValue::floats(std::vector<double> items) {
  Array values;
  values.reserve(items.size());
  for (double item : items) values.push_back(number(item));
  ExprValue v = array(std::move(values));
  v.float_elements_ = true;
  return v;
}

// As encoding/json's Unmarshal into `any` (webmetric.go parseResponse).
ExprValue ExprValue::from_json(const Json& json) {
  switch (json.type()) {
    case Json::value_t::boolean:
      return boolean(json.get<bool>());
    case Json::value_t::number_integer:
    case Json::value_t::number_unsigned:
    case Json::value_t::number_float:
      return number(json.get<double>());
    case Json::value_t::string:
      return string(json.get<std::string>());
    case Json::value_t::array: {
      Array items;
      for (const Json& item : json) items.push_back(from_json(item));
      return array(std::move(items));
    }
    case Json::value_t::object: {
      Map entries;
      for (auto it = json.begin(); it != json.end(); ++it) entries.emplace(it.key(), from_json(it.value()));
      return map(std::move(entries));
    }
    default:
      return nil();
  }
}

std::string ExprValue::go_type() const {
  switch (kind_) {
    case Kind::Nil:
      return "<nil>";
    case Kind::Bool:
      return "bool";
    case Kind::Int:
      return "int";
    case Kind::Float:
      return "float64";
    case Kind::String:
      return "string";
    case Kind::Array:
      return float_elements_ ? "[]float64" : "[]interface {}";
    case Kind::Map:
      return "map[string]interface {}";
  }
  return "<nil>";
}

std::string ExprValue::go_string() const {
  switch (kind_) {
    case Kind::Nil:
      return "<nil>";
    case Kind::Bool:
      return as_bool() ? "true" : "false";
    case Kind::Int:
      return std::to_string(as_int());
    case Kind::Float:
      return format_go_float(as_float());
    case Kind::String:
      return as_string();
    case Kind::Array: {
      std::string text = "[";
      for (const ExprValue& item : as_array()) text += (text.size() > 1 ? " " : "") + item.go_string();
      return text + "]";
    }
    case Kind::Map: {
      std::string text = "map[";
      for (const auto& [key, value] : as_map()) text += (text.size() > 4 ? " " : "") + key + ":" + value.go_string();
      return text + "]";
    }
  }
  return "";
}

// strconv.FormatFloat(f, 'g', -1, 64): the shortest digits that round-trip, in %e form when the
// exponent is < -4 or >= 6 (ftoa.go: "if shortest { eprec = 6 }"), so 1e+06 but 100000.
std::string format_go_float(double value) {
  if (std::isnan(value)) return "NaN";
  if (std::isinf(value)) return value > 0 ? "+Inf" : "-Inf";
  if (value == 0) return std::signbit(value) ? "-0" : "0";
  char buffer[64];
  auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::scientific);
  std::string sci(buffer, end);  // e.g. "-1.2345e+06"
  std::size_t e = sci.find('e');
  int exponent = std::atoi(sci.c_str() + e + 1);
  bool negative = sci[0] == '-';
  std::string digits;
  for (std::size_t i = negative ? 1 : 0; i < e; ++i) {
    if (sci[i] != '.') digits += sci[i];
  }
  const int eprec = 6;
  std::string text = negative ? "-" : "";
  if (exponent < -4 || exponent >= eprec) {
    text += digits.substr(0, 1);
    if (digits.size() > 1) text += "." + digits.substr(1);
    std::string exp_digits = std::to_string(std::abs(exponent));
    if (exp_digits.size() < 2) exp_digits = "0" + exp_digits;
    return text + "e" + (exponent < 0 ? "-" : "+") + exp_digits;
  }
  if (exponent < 0) return text + "0." + std::string(-exponent - 1, '0') + digits;
  if (static_cast<int>(digits.size()) <= exponent + 1) {
    return text + digits + std::string(exponent + 1 - digits.size(), '0');
  }
  return text + digits.substr(0, exponent + 1) + "." + digits.substr(exponent + 1);
}

}  // namespace fleetwave
