// Conditions: every form, the evaluation outcomes (passed, failed, inconclusive, misfit) and
// parse errors with their column.
#include "rollout/analysis/condition.h"

#include <cmath>
#include <limits>

#include <gtest/gtest.h>

namespace fleetwave {
namespace {

MetricValue one(double v) { return MetricValue{{v}}; }

TEST(ConditionTest, EvaluatesEveryForm) {
  struct Case {
    std::string condition;
    MetricValue value;
    bool want;
  };
  const std::vector<Case> cases = {
      {"result < 0.05", one(0.031), true},
      {"result < 0.05", one(0.05), false},
      {"result <= 0.05", one(0.05), true},
      {"result > 1", one(1), false},
      {"result >= 1", one(1), true},
      {"result == 0", one(0), true},
      {"result == 0", one(-0.0), true},
      {"result != 0", one(0), false},
      {"0.05 > result", one(0.01), true},  // number on the left
      {"0.05 > result", one(0.06), false},
      {"1 <= result", one(1), true},
      {"result>=-1", one(-1), true},  // no spaces, negative number
      {"result > +1", one(2), true},
      {"result < 1e-3", one(0.0009), true},
      {"result < 2.5E+2", one(249), true},
      {"result < 1.5e2", one(151), false},
      {"result[0] == 1 && result[1] == 2", MetricValue{{1, 2}}, true},
      {"result[0] == 1 && result[1] == 3", MetricValue{{1, 2}}, false},
      {"result[0] == 5 || result[1] == 2", MetricValue{{1, 2}}, true},
      {"result[0] == 5 || result[1] == 5", MetricValue{{1, 2}}, false},
      {"result[0] < 1", one(0.5), true},  // an index on a single series
      // && binds tighter than ||: true || (false && false)
      {"result == 1 || result == 2 && result == 3", one(1), true},
      {"(result == 1 || result == 2) && result == 3", one(1), false},
      {" ( ( result > 0 ) ) ", one(1), true},
      {"result > 0 && result < 1 && result != 0.5", one(0.25), true},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.condition);
    auto parsed = Condition::parse(c.condition);
    ASSERT_TRUE(parsed.ok()) << parsed.error().message;
    EXPECT_EQ(parsed->text(), c.condition);
    auto holds = parsed->evaluate(c.value);
    ASSERT_TRUE(holds.ok()) << holds.error().message;
    EXPECT_EQ(*holds, c.want);
  }
}

TEST(ConditionTest, ReportsMalformedConditionsWithTheColumn) {
  struct Case {
    std::string condition;
    std::string want;
  };
  const std::vector<Case> cases = {
      {"", "column 1: expected a number or result, found the end"},
      {"result", "column 7: expected a comparison (<, <=, >, >=, ==, !=), found the end"},
      {"result <> 1", "column 9: expected a number or result, found \">\""},
      {"result < ", "column 10: expected a number or result, found the end"},
      {"result = 1", "column 8: expected a comparison (<, <=, >, >=, ==, !=), found \"=\""},
      {"value < 1", "column 1: unknown name \"value\"; a condition compares result or result[N]"},
      {"results < 1", "column 1: unknown name \"results\"; a condition compares result or result[N]"},
      {"result < 1 and result > 0", "column 12: expected && or || or the end of the condition, found \"and\""},
      {"result < 1 &&", "column 14: expected a number or result, found the end"},
      {"result < 1 & result > 0", "column 12: expected && or || or the end of the condition, found \"&\""},
      {"!(result < 1)", "column 1: expected a number or result, found \"!\""},
      {"(result < 1", "column 12: expected \")\", found the end"},
      {"result < 1)", "column 11: expected && or || or the end of the condition, found \")\""},
      {"result[] < 1", "column 8: expected a series index (0, 1, ...), found \"]\""},
      {"result[-1] < 1", "column 8: expected a series index (0, 1, ...), found \"-\""},
      {"result[0 < 1", "column 10: expected \"]\", found \"<\""},
      {"result < 1.", "column 12: expected digits after the decimal point, found the end"},
      {"result < .5", "column 10: expected a number or result, found \".\""},
      {"result < 1e", "column 12: expected the digits of the exponent, found the end"},
      {"result < 5m", "column 11: expected a space or an operator, found \"m\""},
      {"result < 1e999", "column 10: number \"1e999\" is out of range"},
      {"result < result", "column 10: compare result with a number, not with result"},
      {"1 < 2", "column 1: a comparison needs result on one side"},
      {"result < NaN", "column 10: unknown name \"NaN\"; a condition compares result or result[N]"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.condition);
    auto parsed = Condition::parse(c.condition);
    ASSERT_FALSE(parsed.ok());
    EXPECT_EQ(parsed.error().kind, ErrorKind::InvalidInput);
    EXPECT_EQ(parsed.error().message, c.want);
  }
}

TEST(ConditionTest, RejectsVeryDeepNesting) {
  std::string deep = std::string(100, '(') + "result > 0" + std::string(100, ')');
  auto parsed = Condition::parse(deep);
  ASSERT_FALSE(parsed.ok());
  EXPECT_EQ(parsed.error().message, "column 65: parentheses nested too deeply");
}

// NaN, ±Inf and no data make a measurement inconclusive (Transient), never a pass or a failure;
// a condition that does not fit the data is InvalidInput.
TEST(ConditionTest, TellsInconclusiveAndMisfitApart) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double inf = std::numeric_limits<double>::infinity();
  struct Case {
    std::string name;
    std::string condition;
    MetricValue value;
    ErrorKind kind;
    std::string want;
  };
  const std::vector<Case> cases = {
      {"no data", "result < 1", MetricValue{}, ErrorKind::Transient, "the query returned no data"},
      {"no data indexed", "result[0] < 1", MetricValue{}, ErrorKind::Transient, "the query returned no data"},
      {"NaN", "result < 1", one(nan), ErrorKind::Transient, "result is NaN"},
      {"NaN with !=", "result != 0", one(nan), ErrorKind::Transient, "result is NaN"},
      {"+Inf", "result > 0", one(inf), ErrorKind::Transient, "result is +Inf"},
      {"-Inf", "result < 0", one(-inf), ErrorKind::Transient, "result is -Inf"},
      {"NaN in the other branch of ||", "result[0] == 1 || result[1] < 1", MetricValue{{1, nan}}, ErrorKind::Transient,
       "result[1] is NaN"},
      {"unindexed on a vector", "result < 1", MetricValue{{1, 2, 3}}, ErrorKind::InvalidInput,
       "the query returned 3 series: index the result (result[0])"},
      {"index out of range", "result[2] < 1", MetricValue{{1, 2}}, ErrorKind::InvalidInput,
       "result[2] is out of range: the query returned 2 series (result[0] to result[1])"},
      {"index out of range of one", "result[1] < 1", one(1), ErrorKind::InvalidInput,
       "result[1] is out of range: the query returned 1 series"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    auto parsed = Condition::parse(c.condition);
    ASSERT_TRUE(parsed.ok()) << parsed.error().message;
    auto holds = parsed->evaluate(c.value);
    ASSERT_FALSE(holds.ok());
    EXPECT_EQ(holds.error().kind, c.kind);
    EXPECT_EQ(holds.error().message, c.want);
  }
}

TEST(ConditionTest, UnparsedConditionIsAnInternalError) {
  auto holds = Condition().evaluate(one(1));
  ASSERT_FALSE(holds.ok());
  EXPECT_EQ(holds.error().kind, ErrorKind::Internal);
}

TEST(ConditionTest, FormatsValues) {
  EXPECT_EQ(format_metric_value(MetricValue{}), "no data");
  EXPECT_EQ(format_metric_value(one(0.031)), "0.031");
  EXPECT_EQ(format_metric_value(one(std::numeric_limits<double>::quiet_NaN())), "NaN");
  EXPECT_EQ(format_metric_value(one(-std::numeric_limits<double>::infinity())), "-Inf");
  EXPECT_EQ(format_metric_value(MetricValue{{1, 2.5}}), "[1, 2.5]");
}

}  // namespace
}  // namespace fleetwave
