// The run-time operations of expr-lang/expr v1.17 on Go values (vm/runtime/runtime.go and
// helpers[generated].go: Equal, Less, Add, Fetch, Slice, In...), with Go's panics returned as
// errors. Hand-written for exactness to expr-lang/expr as Argo Rollouts runs it; no C++ library
// implements expr.
#pragma once

#include <string>

#include "base/result.h"
#include "rollout/analysis/expr/expr_value.h"

namespace fleetwave {

// runtime.Equal: numbers compare by value across int and float64 (NaN equals nothing), strings
// and bools by value, two nils are equal, anything else by reflect.DeepEqual.
bool expr_equal(const ExprValue& a, const ExprValue& b);

// runtime.Less / More / LessOrEqual / MoreOrEqual for op in {<, >, <=, >=}: numbers or strings.
Result<bool> expr_compare(const std::string& op, const ExprValue& a, const ExprValue& b);

// runtime.Add / Subtract / Multiply / Divide / Modulo / Exponent for op in {+ - * / % ** ^}.
Result<ExprValue> expr_arithmetic(const std::string& op, const ExprValue& a, const ExprValue& b);

// runtime.Negate (`-x`).
Result<ExprValue> expr_negate(const ExprValue& value);

// runtime.Fetch: a[i] (negative from the end), m[key] (nil when missing).
Result<ExprValue> expr_fetch(const ExprValue& from, const ExprValue& key);

// runtime.Slice: a[from:to] with Go's clamping; from/to nil mean the start/end.
Result<ExprValue> expr_slice(const ExprValue& from, const ExprValue& low, const ExprValue& high);

// runtime.In: array membership by Equal, map key presence.
Result<bool> expr_in(const ExprValue& needle, const ExprValue& haystack);

// A value used where Go's VM asserts a bool (&&, ||, !, ?:, predicates).
Result<bool> expr_to_bool(const ExprValue& value);

// runtime.ToInt: a number truncated toward zero.
Result<std::int64_t> expr_to_int(const ExprValue& value);

}  // namespace fleetwave
