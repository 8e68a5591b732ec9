// Table tests for the expr evaluator: each row is a condition, a metric result and the outcome
// Argo Rollouts' EvalCondition (utils/evaluate/evaluate.go, expr-lang/expr v1.17.8) gives.
#include "rollout/analysis/expr/expression.h"

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace fleetwave {
namespace {

enum class Want { True, False, Error };

struct Row {
  std::string condition;
  ExprValue result;
  Want want;
  std::string error = {};  // verbatim when not empty
};

ExprValue f(double value) { return ExprValue::number(value); }
ExprValue s(const char* value) { return ExprValue::string(value); }
ExprValue b(bool value) { return ExprValue::boolean(value); }
ExprValue json(const char* text) { return ExprValue::from_json(Json::parse(text)); }
const double kNaN = std::numeric_limits<double>::quiet_NaN();
const double kInf = std::numeric_limits<double>::infinity();

void run_rows(const std::vector<Row>& rows) {
  for (const Row& row : rows) {
    SCOPED_TRACE(row.condition + " with " + row.result.go_type() + " " + row.result.go_string());
    auto expression = Expression::parse(row.condition);
    ASSERT_TRUE(expression.ok()) << expression.error().message;
    auto got = expression->evaluate_condition(row.result);
    if (row.want == Want::Error) {
      ASSERT_FALSE(got.ok()) << "got " << got.value();
      EXPECT_EQ(got.error().kind, ErrorKind::InvalidInput);
      if (!row.error.empty()) {
        EXPECT_EQ(got.error().message, row.error);
      }
      continue;
    }
    ASSERT_TRUE(got.ok()) << got.error().message;
    EXPECT_EQ(got.value(), row.want == Want::True);
  }
}

// The cases of argo-rollouts utils/evaluate/evaluate_test.go, as rows.
TEST(ExpressionTest, MirrorsRolloutsEvaluateTest) {
  run_rows({
      {"true", b(true), Want::True},                                              // TestEvaluateResultWithSuccess
      {"false", b(true), Want::False},                                            // TestEvaluateResultInconclusive
      {"result == true", b(true), Want::True},                                    // TestEvaluateConditionWithSuccess
      {"result == false", b(true), Want::False},                                  // TestEvaluateConditionWithFailure
      {"1", b(true), Want::Error, "expected bool, but got int"},                  // TestErrorWithNonBoolReturn
      {"invalidVariable", b(true), Want::Error, "unknown name invalidVariable"},  // TestErrorWithInvalidReference
      {"a == true", b(true), Want::Error, "unknown name a"},                      // invalidRefCondition
      {"invalidVar == true", b(true), Want::Error, "unknown name invalidVar"},    // ...OnFailureCondition
      // TestEvaluateArray
      {"all(result.service_apdex.values.values, {# > 1})",
       json(R"({"service_apdex": {"label": null, "values": {"values": [2, 2]}}})"), Want::True},
      {"2 in result", ExprValue::floats({2, 2}), Want::True},                           // TestEvaluateInOperator
      {"result > 1", f(5), Want::True},                                                 // TestEvaluateFloat64
      {"result.Name() == 'hi'", b(true), Want::Error, "type bool has no method Name"},  // TestEvaluateInvalidStruct
      {"asInt(result) == 1.1", s("1.1"), Want::Error,                                   // TestEvaluateAsIntPanic
       "strconv.ParseInt: parsing \"1.1\": invalid syntax"},
      {"asInt(result) == 1", s("1"), Want::True},  // TestEvaluateAsInt
      {"asInt(result) == 1", ExprValue::integer(1), Want::True},
      {"asInt(result) == 1", f(1.123), Want::True},
      {"asFloat(result) == 1.1", s("NotANum"), Want::Error,  // TestEvaluateAsFloatError
       "strconv.ParseFloat: parsing \"NotANum\": invalid syntax"},
      {"asFloat(result) == \"1.1\"", s("1.1"), Want::Error,
       "invalid operation: == (mismatched types float64 and string)"},
      {"asFloat(result) == 1.1", s("1.1"), Want::True},  // TestEvaluateAsFloat
      {"asFloat(result) >= 1.1", s("1.1"), Want::True},
      {"asFloat(result) <= 1.1", s("1.1"), Want::True},
      {"asFloat(result) == 1.1", f(1.1), Want::True},
      {"asFloat(result) == 1", ExprValue::integer(1), Want::True},
      {"asFloat(result) >= 1", ExprValue::integer(1), Want::True},
      {"asInt(result) == 1", s("notint"), Want::Error,
       "strconv.ParseInt: parsing \"notint\": invalid syntax"},  // TestAsInt
      {"asFloat(result) == 1", s("notfloat"), Want::Error},      // TestAsFloat
      {"isInf(result)", f(kInf), Want::True},                    // TestIsInf
      {"isInf(result)", f(0), Want::False},
      {"default(result, 0) == 0", ExprValue::nil(), Want::True},  // TestDefaultFunc
      {"default(result, 2) == 2", ExprValue::nil(), Want::True},
      {"default(result, 0) == 1", f(1), Want::True},
      {"isNil(result)", ExprValue::nil(), Want::True},  // TestIsNilFunc
      {"isNil(result)", f(1), Want::False},
      {"isNil(result)", ExprValue::array({s("hi"), s("hello")}), Want::False},
      {"isNil(result)", b(false), Want::False},
      {"result[0] >= 0.95", ExprValue::nil(), Want::Error},      // TestEvaluateResultErrorMessageWithNilResult
      {"result[0] >= 0.95", ExprValue::floats({}), Want::Error,  // ...WithEmptySlice
       "index out of range: 0 (array length is 0)"},
  });
}

// Prometheus results (metricproviders/prometheus/prometheus.go processResponse): float64 or []float64.
TEST(ExpressionTest, PrometheusResults) {
  run_rows({
      {"result >= 0.9", f(kNaN), Want::False},  // Go: NaN compares false
      {"result != 0", f(kNaN), Want::True},
      {"result == result", f(kNaN), Want::False},
      {"result > 100", f(kInf), Want::True},  // ±Inf compare as numbers
      {"result < 0", f(-kInf), Want::True},
      {"isNaN(result) || result < 0.05", f(kNaN), Want::True},
      {"isNaN(result) || result < 0.05", f(0.5), Want::False},
      {"result[0] < 0.05", ExprValue::floats({}), Want::Error, "index out of range: 0 (array length is 0)"},
      {"result < 0.05", ExprValue::floats({0.01}), Want::Error,  // checker.go BinaryNode
       "invalid operation: < (mismatched types []float64 and float64)"},
      {"result[0] < 0.05", ExprValue::floats({0.01}), Want::True},
      {"result[-1] == 3", ExprValue::floats({1, 2, 3}), Want::True},  // runtime.Fetch: negative from the end
      {"result[3] == 3", ExprValue::floats({1, 2, 3}), Want::Error, "index out of range: 3 (array length is 3)"},
      {"result['a'] == 3", ExprValue::floats({1}), Want::Error,
       "array elements can only be selected using an integer (got string)"},
      {"len(result) == 0 || all(result, # < 1)", ExprValue::floats({}), Want::True},
      {"len(result) == 0 || all(result, # < 1)", ExprValue::floats({0.5, 0.9}), Want::True},
      {"len(result) == 0 || all(result, # < 1)", ExprValue::floats({0.5, 1.5}), Want::False},
      {"all(result, {# < 1})", ExprValue::floats({0.5}), Want::True},
      {"any(result, # > 1)", ExprValue::floats({0.5, 2}), Want::True},
      {"none(result, # > 1)", ExprValue::floats({0.5, 2}), Want::False},
      {"one(result, # > 1)", ExprValue::floats({0.5, 2}), Want::True},
      {"count(result, # > 0) == 2", ExprValue::floats({0.5, 2, -1}), Want::True},
      {"len(filter(result, # > 0)) == 2", ExprValue::floats({0.5, 2, -1}), Want::True},
      {"map(result, # * 2)[1] == 4", ExprValue::floats({1, 2}), Want::True},
      {"sum(result) == 3.5", ExprValue::floats({1, 2.5}), Want::True},
      {"max(result) == 2.5 && min(result) == 1", ExprValue::floats({1, 2.5}), Want::True},
      {"first(result) == 1 && last(result) == 2.5", ExprValue::floats({1, 2.5}), Want::True},
      {"first(result) == nil", ExprValue::floats({}), Want::True},
      {"len(result[1:]) == 2 && result[:1][0] == 1", ExprValue::floats({1, 2, 3}), Want::True},
      {"all(result, # < 1)", f(0.5), Want::Error, "builtin all takes only array (got float64)"},
      {"isNaN(result)", ExprValue::floats({1}), Want::Error,
       "cannot use []float64 as argument (type float64) to call isNaN"},
      {"result", f(1), Want::Error, "expected bool, but got float64"},
  });
}

// Nil results: what isNil/default are for (evaluate.go isNilFunc / defaultFunc).
TEST(ExpressionTest, NilResults) {
  run_rows({
      {"result == nil", ExprValue::nil(), Want::True},
      {"result != nil", f(1), Want::True},
      {"isNil(result)", ExprValue::nil(), Want::True},
      {"isNil(1)", ExprValue::nil(), Want::True},  // looks at result, whatever the argument
      {"default(result, 0) < 1", ExprValue::nil(), Want::True},
      {"default(result, 0) < 1", f(5), Want::False},
      {"(result ?? 7) == 7", ExprValue::nil(), Want::True},
      {"result < 1", ExprValue::nil(), Want::Error, "invalid operation: < (mismatched types unknown and int)"},
      {"result.x == 1", ExprValue::nil(), Want::Error, "type nil has no field x"},
      {"asInt(result) == 1", ExprValue::nil(), Want::Error, "asInt() not supported on <nil> <nil>"},
  });
}

// Web results (metricproviders/webmetric/webmetric.go): JSON decoded into `any`.
TEST(ExpressionTest, WebResults) {
  const ExprValue body = json(R"({"status": "ok", "count": 5, "items": [1, "a", true], "ratio": 0.2})");
  run_rows({
      {"result.status == \"ok\"", body, Want::True},
      {"result[\"count\"] > 3", body, Want::True},
      {"result.count > 3 && result.ratio < 0.5", body, Want::True},
      {"result.missing == nil", body, Want::True},  // runtime.Fetch: a missing key is nil
      {"result.missing > 3", body, Want::Error, "invalid operation: <nil> > int"},
      {"result.status > 3", body, Want::Error, "invalid operation: string > int"},
      {"result.items[1] == 'a' && len(result.items) == 3", body, Want::True},
      {"'status' in result && !('nope' in result)", body, Want::True},
      {"result.status.x == 1", body, Want::Error, "invalid operation: int(string)"},  // runtime.Fetch on a string
      {"result.missing.x == 1", body, Want::Error, "cannot fetch x from <nil>"},
      {"result.missing?.x == nil", body, Want::True},
      {"result.items[5] == 1", body, Want::Error, "index out of range: 5 (array length is 3)"},
      {"result.count + 1 == 6", body, Want::True},
      {"result.status && true", body, Want::Error, "interface conversion: interface {} is string, not bool"},
      {"all(result.items, # != nil)", body, Want::True},
      {"result[0] == 1", json("[1, 2]"), Want::True},
      {"len(result) == 2", json("[1, 2]"), Want::True},
      {"result == 'up'", s("up"), Want::True},  // a body that is not JSON is a string
      {"result contains 'p' and result startsWith 'u' and result endsWith 'p'", s("up"), Want::True},
      {"result matches '^u.$'", s("up"), Want::True},
      {"result not matches '^x'", s("up"), Want::True},
      {"lower(upper(result)) == 'up' && trim('  x ') == 'x'", s("up"), Want::True},
      {"result > 1", s("up"), Want::Error, "invalid operation: > (mismatched types string and int)"},
      {"result", b(true), Want::True},
      {"!result", b(true), Want::False},
  });
}

// Operators, literals and precedence (parser/operator/operator.go).
TEST(ExpressionTest, OperatorsAndPrecedence) {
  const ExprValue none = ExprValue::nil();
  run_rows({
      {"1 + 2 * 3 == 7", none, Want::True},
      {"(1 + 2) * 3 == 9", none, Want::True},
      {"true || false && false", none, Want::True},  // && binds tighter
      {"2 ** 3 ** 2 == 512", none, Want::True},      // ** is right-associative
      {"2 ^ 3 == 8", none, Want::True},
      {"-2 ** 2 == -4", none, Want::True},  // unary - (90) takes the ** (100)
      {"7 / 2 == 3.5", none, Want::True},   // / is always float
      {"7 % 3 == 1", none, Want::True},
      {"7.0 % 2 == 1", none, Want::Error, "invalid operation: % (mismatched types float64 and int)"},
      {"1 % 0 == 0", none, Want::Error, "runtime error: integer divide by zero"},
      {"1 / 0 > 1e308", none, Want::True},
      {"1 == 1.0", none, Want::True},
      {"1.5e2 == 150", none, Want::True},
      {"1_000 == 1000 && 0x10 == 16", none, Want::True},
      {"'a\\'b' == \"a'b\"", none, Want::True},
      {"\"x\" in [\"x\", \"y\"]", none, Want::True},
      {"\"z\" not in [\"x\", \"y\"]", none, Want::True},
      {"not (1 > 2)", none, Want::True},
      {"not true == false", none, Want::True},  // (not true) == false: not (50) binds tighter than == (20)
      {"1 < 2 < 3", none, Want::True},          // chained comparison
      {"3 > 2 > 2", none, Want::False},
      {"true ? 1 == 1 : false", none, Want::True},
      {"false ? true : 1 > 2", none, Want::False},
      {"{a: 1, 'b': 2}.b == 2", none, Want::True},
      {"[1, 2, 3][1:][0] == 2", none, Want::True},
      {"len('héllo') == 6", none, Want::True},  // bytes, as Go's len
      {"int('42') + int(2.9) == 44", none, Want::True},
      {"float('1.5') == 1.5 && string(1.5) == '1.5' && string(1000000.0) == '1e+06'", none, Want::True},
      {"abs(-2) == 2 && ceil(1.2) == 2 && floor(1.8) == 1 && round(2.5) == 3", none, Want::True},
      {"1 + 'a' == 1", none, Want::Error, "invalid operation: + (mismatched types int and string)"},
      {"'a' in 'abc'", none, Want::Error, "invalid operation: in (mismatched types string and string)"},
      {"!1", none, Want::Error, "invalid operation: ! (mismatched type int)"},
      {"1 ? true : false", none, Want::Error, "non-bool expression (type int) used as condition"},
  });
}

// Syntax errors keep expr's message and give the 1-based column.
TEST(ExpressionTest, ParseErrors) {
  struct ParseRow {
    std::string condition;
    std::string error;
  };
  const std::vector<ParseRow> rows = {
      {"result >", "column 8: unexpected token EOF"},
      {"result > 0.5)", "column 13: unexpected token Bracket(\")\")"},
      {"(result > 0.5", "column 13: unexpected token EOF"},
      {"result @ 1", "column 8: unrecognized character: U+0040 '@'"},
      {"result == 'abc", "column 15: literal not terminated"},
      {"result > 1x", "column 11: bad number syntax: \"1x\""},
      {"result ?? 0 == 0",
       "column 13: Operator (==) and coalesce expressions (?"
       "?) cannot be mixed. Wrap either by "
       "parentheses."},
      {"all(result)", "column 11: expected at least 2 arguments"},
      {"result not 1", "column 12: unexpected token Number(\"1\")"},
      {"# > 1", "column 1: unexpected token Operator(\"#\")"},
      {"", "column 1: unexpected token EOF"},
  };
  for (const ParseRow& row : rows) {
    SCOPED_TRACE(row.condition);
    auto got = Expression::parse(row.condition);
    ASSERT_FALSE(got.ok());
    EXPECT_EQ(got.error().kind, ErrorKind::InvalidInput);
    EXPECT_EQ(got.error().message, row.error);
  }
}

TEST(ExpressionTest, ValuesReportGoTypes) {
  EXPECT_EQ(ExprValue::floats({1}).go_type(), "[]float64");
  EXPECT_EQ(json("[1]").go_type(), "[]interface {}");
  EXPECT_EQ(json("{}").go_type(), "map[string]interface {}");
  EXPECT_EQ(json("null").go_type(), "<nil>");
  EXPECT_EQ(json("3").go_type(), "float64");  // encoding/json: every number is a float64
  EXPECT_EQ(Expression::parse("result > 1")->text(), "result > 1");
}

}  // namespace
}  // namespace fleetwave
