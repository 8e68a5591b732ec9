// Expression (see expression.h): parse once, then per measurement check, run and require a bool,
// as Argo Rollouts' utils/evaluate/evaluate.go EvalCondition. Hand-written for exactness to
// expr-lang/expr as Argo Rollouts runs it; no C++ library implements expr.
#include "rollout/analysis/expr/expression.h"

#include "rollout/analysis/expr/expr_checker.h"
#include "rollout/analysis/expr/expr_evaluator.h"

namespace fleetwave {

Result<Expression> Expression::parse(std::string_view text) {
  FW_TRY(tree, parse_expr(text));
  return Expression(std::string(text), std::move(tree));
}

Result<bool> Expression::evaluate_condition(const ExprValue& result) const {
  FW_CHECK(check_expr(tree_, result));  // expr.Compile(condition, expr.Env(env))
  FW_TRY(output, evaluate_expr(tree_, result));
  if (output.kind() != ExprValue::Kind::Bool) {
    return invalid_input("expected bool, but got " + output.go_type());
  }
  return output.as_bool();
}

std::vector<std::string> Expression::unknown_names() const {
  std::vector<std::string> out;
  for (const ExprNode& node : tree_.nodes) {
    if (node.kind != NodeKind::Identifier) continue;
    bool known = false;
    for (const char* name : {"result", "asInt", "asFloat", "isNaN", "isInf", "isNil", "default"})
      known = known || node.text == name;
    if (!known) out.push_back(node.text);
  }
  return out;
}

}  // namespace fleetwave
