// The expr evaluator: runs a checked tree on Argo Rollouts' EvalCondition env, as
// expr-lang/expr v1.17's compiler + vm would. Hand-written for exactness to expr-lang/expr as Argo
// Rollouts runs it; no C++ library implements expr.
#pragma once

#include <string>
#include <vector>

#include "base/result.h"
#include "rollout/analysis/expr/expr_syntax.h"
#include "rollout/analysis/expr/expr_value.h"

namespace fleetwave {

// Evaluates the tree with `result` bound; a Go panic in expr's VM is an InvalidInput error.
Result<ExprValue> evaluate_expr(const ExprTree& tree, const ExprValue& result);

// Rollouts' env functions (asInt, asFloat, isNaN, isInf, isNil, default; evaluate.go) and expr's
// plain builtins (len, abs, ceil, floor, round, int, float, string, lower, upper, trim, max, min,
// first, last; builtin/builtin.go). isNil and default look at `result`, whatever the argument.
Result<ExprValue> call_expr_function(const std::string& name, const std::vector<ExprValue>& args,
                                     const ExprValue& result);

}  // namespace fleetwave
