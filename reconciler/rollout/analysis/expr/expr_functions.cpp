// The functions a condition can call: Argo Rollouts' env functions (utils/evaluate/evaluate.go:
// asInt, asFloat, isNaN, isInf, isNil, default) and expr-lang/expr v1.17's plain builtins
// (builtin/builtin.go, builtin/lib.go). Hand-written for exactness to expr-lang/expr as Argo
// Rollouts runs it; no C++ library implements expr.
#include <cerrno>
#include <cmath>
#include <cstdlib>

#include "rollout/analysis/expr/expr_evaluator.h"
#include "rollout/analysis/expr/expr_runtime.h"

namespace fleetwave {
namespace {

using Kind = ExprValue::Kind;
using Args = std::vector<ExprValue>;

Error fail_with(const std::string& message) { return invalid_input(message); }

// strconv.ParseInt(s, 10, 64).
Result<std::int64_t> parse_go_int(const std::string& text, const std::string& caller) {
  std::size_t start = (!text.empty() && (text[0] == '+' || text[0] == '-')) ? 1 : 0;
  bool digits = text.size() > start;
  for (std::size_t i = start; i < text.size(); ++i) digits = digits && text[i] >= '0' && text[i] <= '9';
  if (!digits) return fail_with("strconv." + caller + ": parsing \"" + text + "\": invalid syntax");
  errno = 0;
  long long value = std::strtoll(text.c_str(), nullptr, 10);
  if (errno == ERANGE) return fail_with("strconv." + caller + ": parsing \"" + text + "\": value out of range");
  return static_cast<std::int64_t>(value);
}

// strconv.ParseFloat(s, 64), for decimal forms, inf and nan.
Result<double> parse_go_float(const std::string& text) {
  const Error syntax = fail_with("strconv.ParseFloat: parsing \"" + text + "\": invalid syntax");
  if (text.empty() || std::isspace(static_cast<unsigned char>(text[0]))) return syntax;
  if (text.find_first_of("xX") != std::string::npos) return syntax;
  char* end = nullptr;
  errno = 0;
  double value = std::strtod(text.c_str(), &end);
  if (end != text.c_str() + text.size()) return syntax;
  if (errno == ERANGE && std::isinf(value)) {
    return fail_with("strconv.ParseFloat: parsing \"" + text + "\": value out of range");
  }
  return value;
}

// evaluate.go asInt / asFloat panic text: "asInt() not supported on bool true".
Error not_supported(const std::string& name, const ExprValue& in) {
  return fail_with(name + "() not supported on " + in.go_type() + " " + in.go_string());
}

Result<ExprValue> as_int(const ExprValue& in) {
  if (in.kind() == Kind::Float) {
    FW_TRY(value, expr_to_int(in));
    return ExprValue::integer(value);
  }
  if (in.kind() == Kind::Int) return in;
  if (in.kind() == Kind::String) {
    FW_TRY(value, parse_go_int(in.as_string(), "ParseInt"));
    return ExprValue::integer(value);
  }
  return not_supported("asInt", in);
}

Result<ExprValue> as_float(const ExprValue& in) {
  if (in.is_number()) return ExprValue::number(in.to_float());
  if (in.kind() == Kind::String) {
    FW_TRY(value, parse_go_float(in.as_string()));
    return ExprValue::number(value);
  }
  return not_supported("asFloat", in);
}

// isNaN / isInf take a float64; reflect.Call panics on anything else.
Result<double> float_argument(const ExprValue& in) {
  if (in.is_number()) return in.to_float();
  if (in.is_nil()) return fail_with("reflect: Call using zero Value argument");
  return fail_with("reflect: Call using " + in.go_type() + " as type float64");
}

Error invalid_argument(const std::string& name, const ExprValue& in) {
  return fail_with("invalid argument for " + name + " (type " + in.go_type() + ")");
}

// builtin.go Abs / Ceil / Floor / Round.
Result<ExprValue> rounding(const std::string& name, const ExprValue& in) {
  if (!in.is_number()) return invalid_argument(name, in);
  if (name == "abs") {
    if (in.kind() == Kind::Int) return ExprValue::integer(in.as_int() < 0 ? -in.as_int() : in.as_int());
    return ExprValue::number(std::fabs(in.as_float()));
  }
  const double x = in.to_float();
  if (name == "ceil") return ExprValue::number(std::ceil(x));
  if (name == "floor") return ExprValue::number(std::floor(x));
  return ExprValue::number(std::round(x));  // math.Round: half away from zero
}

// builtin.go Int / Float.
Result<ExprValue> conversion(const std::string& name, const ExprValue& in) {
  if (in.kind() == Kind::String) {
    if (name == "int") {
      FW_TRY(value, parse_go_int(in.as_string(), "Atoi"));
      return ExprValue::integer(value);
    }
    FW_TRY(value, parse_go_float(in.as_string()));
    return ExprValue::number(value);
  }
  if (!in.is_number()) return fail_with("invalid operation: " + name + "(" + in.go_type() + ")");
  if (name == "float") return ExprValue::number(in.to_float());
  FW_TRY(value, expr_to_int(in));
  return ExprValue::integer(value);
}

Result<ExprValue> text_function(const std::string& name, const Args& args) {
  for (const ExprValue& arg : args) {
    if (arg.kind() != Kind::String) {
      return fail_with("interface conversion: interface {} is " + arg.go_type() + ", not string");
    }
  }
  std::string text = args[0].as_string();
  if (name == "lower" || name == "upper") {
    for (char& c : text) {
      if (name == "lower" && c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
      if (name == "upper" && c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
    }
    return ExprValue::string(text);
  }
  const std::string cutset = args.size() > 1 ? args[1].as_string() : std::string(" \t\n\v\f\r");
  const std::size_t first = text.find_first_not_of(cutset);
  if (first == std::string::npos) return ExprValue::string("");
  return ExprValue::string(text.substr(first, text.find_last_not_of(cutset) - first + 1));
}

// builtin.go minMax: arrays are flattened; every element must be a number.
Result<ExprValue> min_max(const std::string& name, const Args& args) {
  std::vector<ExprValue> values;
  for (const ExprValue& arg : args) {
    if (arg.kind() == Kind::Array) {
      values.insert(values.end(), arg.as_array().begin(), arg.as_array().end());
    } else {
      values.push_back(arg);
    }
  }
  if (values.empty()) return fail_with("not enough arguments to call " + name);
  ExprValue best;
  for (const ExprValue& value : values) {
    if (!value.is_number()) return invalid_argument(name, value);
    if (best.is_nil()) {
      best = value;
      continue;
    }
    FW_TRY(better, expr_compare(name == "max" ? ">" : "<", value, best));
    if (better) best = value;
  }
  return best;
}

Result<ExprValue> collection_function(const std::string& name, const ExprValue& in) {
  if (name == "len") {
    if (in.kind() == Kind::Array) return ExprValue::integer(static_cast<std::int64_t>(in.as_array().size()));
    if (in.kind() == Kind::Map) return ExprValue::integer(static_cast<std::int64_t>(in.as_map().size()));
    if (in.kind() == Kind::String) return ExprValue::integer(static_cast<std::int64_t>(in.as_string().size()));
    return invalid_argument("len", in);
  }
  // first / last: a failed fetch is recovered into nil (builtin.go).
  if (in.kind() != Kind::Array || in.as_array().empty()) return ExprValue::nil();
  return name == "first" ? in.as_array().front() : in.as_array().back();
}

}  // namespace

Result<ExprValue> call_expr_function(const std::string& name, const std::vector<ExprValue>& args,
                                     const ExprValue& result) {
  if (name == "isNil") return ExprValue::boolean(result.is_nil());   // evaluate.go isNilFunc
  if (name == "default") return result.is_nil() ? args[1] : result;  // evaluate.go defaultFunc
  if (name == "max" || name == "min") return min_max(name, args);
  if (args.empty()) return fail_with("not enough arguments to call " + name);
  const ExprValue& in = args[0];
  if (name == "asInt") return as_int(in);
  if (name == "asFloat") return as_float(in);
  if (name == "isNaN" || name == "isInf") {
    FW_TRY(value, float_argument(in));
    return ExprValue::boolean(name == "isNaN" ? std::isnan(value) : std::isinf(value));
  }
  if (name == "abs" || name == "ceil" || name == "floor" || name == "round") return rounding(name, in);
  if (name == "int" || name == "float") return conversion(name, in);
  if (name == "string") return ExprValue::string(in.go_string());
  if (name == "lower" || name == "upper" || name == "trim") return text_function(name, args);
  if (name == "len" || name == "first" || name == "last") return collection_function(name, in);
  return fail_with("unknown name " + name);
}

}  // namespace fleetwave
