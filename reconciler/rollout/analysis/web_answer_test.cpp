// jsonPath parsing (errors with the column) and reading the number of a web answer.
#include "rollout/analysis/web_answer.h"

#include <gtest/gtest.h>

namespace fleetwave {
namespace {

TEST(WebAnswerTest, ReadsTheValueAtThePath) {
  const std::string body =
      R"({"data": {"errorRate": 0.02, "ok": true, "down": false, "count": "12", "series": [{"v": 3}, {"v": 4}],
          "odd key": 7, "text": "n/a", "none": null}})";
  struct Case {
    std::string path;
    double want;
  };
  const std::vector<Case> cases = {
      {"$.data.errorRate", 0.02},
      {"{$.data.errorRate}", 0.02},  // kubectl style
      {"$['data']['errorRate']", 0.02},
      {"$[\"data\"].errorRate", 0.02},
      {"$.data.ok", 1},
      {"$.data.down", 0},
      {"$.data.count", 12},  // a number written as a string
      {"$.data.series[1].v", 4},
      {"$.data['odd key']", 7},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.path);
    auto path = JsonPath::parse(c.path);
    ASSERT_TRUE(path.ok()) << path.error().message;
    EXPECT_EQ(path->text(), c.path);
    auto value = read_web_answer(body, *path);
    ASSERT_TRUE(value.ok()) << value.error().message;
    EXPECT_EQ(value->values, std::vector<double>{c.want});
  }
  auto whole = read_web_answer("42", JsonPath());
  ASSERT_TRUE(whole.ok());
  EXPECT_EQ(whole->values, std::vector<double>{42});
}

// A missing path or a value of another type is an inconclusive measurement (Transient).
TEST(WebAnswerTest, MissingValuesAreInconclusive) {
  const std::string body = R"({"data": {"text": "n/a", "none": null, "list": [1], "map": {}}})";
  struct Case {
    std::string path;
    std::string want;
  };
  const std::vector<Case> cases = {
      {"$.data.errorRate", "$.data.errorRate: not found in the answer"},
      {"$.data.list[1]", "$.data.list[1]: not found in the answer"},
      {"$.data[0]", "$.data[0]: not found in the answer"},
      {"$.data.text.x", "$.data.text.x: not found in the answer"},
      {"$.data.text", "$.data.text: expected a number, got the string \"n/a\""},
      {"$.data.none", "$.data.none: expected a number, got a null"},
      {"$.data.list", "$.data.list: expected a number, got a list"},
      {"$.data.map", "$.data.map: expected a number, got a map"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.path);
    auto path = JsonPath::parse(c.path);
    ASSERT_TRUE(path.ok()) << path.error().message;
    auto value = read_web_answer(body, *path);
    ASSERT_FALSE(value.ok());
    EXPECT_EQ(value.error().kind, ErrorKind::Transient);
    EXPECT_EQ(value.error().message, c.want);
  }
  auto not_json = read_web_answer("<html>", JsonPath());
  ASSERT_FALSE(not_json.ok());
  EXPECT_EQ(not_json.error().kind, ErrorKind::Transient);
  EXPECT_EQ(not_json.error().message,
            "the answer is invalid JSON: syntax error while parsing value - invalid literal; last read: '<' (line 1, "
            "column 1)");
}

TEST(WebAnswerTest, RejectsMalformedPathsWithTheColumn) {
  struct Case {
    std::string path;
    std::string want;
  };
  const std::vector<Case> cases = {
      {"", "column 1: a jsonPath starts with \"$\""},
      {"data.value", "column 1: a jsonPath starts with \"$\""},
      {"{}", "column 2: a jsonPath starts with \"$\""},
      {"{$.a", "column 5: expected \"}\" closing the \"{\" at column 1"},
      {"$.", "column 3: expected a field name after \".\""},
      {"$..a", "column 3: expected a field name after \".\""},
      {"$.a b", "column 4: expected \".field\", \"['field']\" or \"[N]\", found \" \""},
      {"$[", "column 3: expected an array index (0, 1, ...) or a quoted field name"},
      {"$[*]", "column 3: expected an array index (0, 1, ...) or a quoted field name"},
      {"$[-1]", "column 3: expected an array index (0, 1, ...) or a quoted field name"},
      {"$[1", "column 4: expected \"]\""},
      {"$['a]", "column 3: the quoted name is not closed by '"},
      {"$['a'", "column 6: expected \"]\" after the quoted name"},
      {"$['']", "column 3: expected a field name inside the quotes"},
      {"{$.a}x", "column 7: expected \"}\" closing the \"{\" at column 1"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.path);
    auto path = JsonPath::parse(c.path);
    ASSERT_FALSE(path.ok());
    EXPECT_EQ(path.error().kind, ErrorKind::InvalidInput);
    EXPECT_EQ(path.error().message, c.want);
  }
}

}  // namespace
}  // namespace fleetwave
