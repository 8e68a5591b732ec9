// The expr type checker: what expr-lang/expr v1.17's checker/checker.go rejects at compile time,
// given the concrete Go type of `result` in Argo Rollouts' EvalCondition env. Hand-written for
// exactness to expr-lang/expr as Argo Rollouts runs it; no C++ library implements expr.
#pragma once

#include <memory>
#include <string>

#include "base/result.h"
#include "rollout/analysis/expr/expr_syntax.h"
#include "rollout/analysis/expr/expr_value.h"

namespace fleetwave {

// The static type of a node, as expr's checker/nature Nature: Unknown is `interface {}` (checks
// happen at run time), Nil the type of a nil literal or a nil result.
struct ExprType {
  enum class Kind { Unknown, Nil, Bool, Int, Float, String, Array, Map, Func };
  Kind kind = Kind::Unknown;
  std::shared_ptr<const ExprType> elem;  // element of an Array or Map; null: unknown

  static ExprType of(Kind kind) { return ExprType{kind, nullptr}; }
  static ExprType array_of(ExprType elem) { return ExprType{Kind::Array, std::make_shared<ExprType>(elem)}; }
  static ExprType of_value(const ExprValue& value);

  ExprType element() const { return elem ? *elem : ExprType{}; }
  bool is(Kind k) const { return kind == k; }
  bool unknown() const { return kind == Kind::Unknown; }
  bool number() const { return kind == Kind::Int || kind == Kind::Float; }
  // As Nature.String: Go's reflect type names.
  std::string name() const;
};

// As checker.Check with expr.Env(env) for env = {result, asInt, asFloat, isNaN, isInf, isNil,
// default}: an InvalidInput error with expr's message ("unknown name x", "invalid operation: <
// (mismatched types []float64 and float64)").
Status<> check_expr(const ExprTree& tree, const ExprValue& result);

}  // namespace fleetwave
