// Expression: an Argo Rollouts successCondition / failureCondition in the expr language
// (github.com/expr-lang/expr v1.17.8), judged as utils/evaluate/evaluate.go EvalCondition does.
// Hand-written for exactness to expr-lang/expr as Argo Rollouts runs it; no C++ library
// implements expr.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "base/result.h"
#include "rollout/analysis/expr/expr_syntax.h"
#include "rollout/analysis/expr/expr_value.h"

namespace fleetwave {

class Expression {
 public:
  // Syntax errors as InvalidInput with a 1-based column: "column 10: unexpected token ...".
  static Result<Expression> parse(std::string_view text);

  // As EvalCondition: type-check against result's Go type (expr.Compile with expr.Env), run, and
  // require a bool ("expected bool, but got int"). Every compile, type or run-time error is an
  // InvalidInput error naming the problem; Rollouts turns it into an Error measurement.
  Result<bool> evaluate_condition(const ExprValue& result) const;

  const std::string& text() const { return text_; }

  // Names the expression reads that Rollouts' environment does not define (a typo such as
  // `resutl`), in order of appearance. expr reports them only when a measurement is judged (an
  // Error); a WavePlan reports them when it is read.
  std::vector<std::string> unknown_names() const;

 private:
  Expression(std::string text, ExprTree tree) : text_(std::move(text)), tree_(std::move(tree)) {}

  std::string text_;
  ExprTree tree_;
};

}  // namespace fleetwave
