// jsonPath parsing (errors with the column) and reading the value of a web answer.
#include "rollout/analysis/web_answer.h"

#include <gtest/gtest.h>

namespace fleetwave {
namespace {

// webmetric.go parseResponse/getValue: the first value at the path, decoded as Go decodes into
// `any` (numbers are float64, strings stay strings), and recorded as its JSON.
TEST(WebAnswerTest, ReadsTheValueAtThePathAsRolloutsDoes) {
  const std::string body =
      R"({"data": {"errorRate": 0.02, "ok": true, "count": "12", "series": [{"v": 3}, {"v": 4}],
          "odd key": 7, "none": null, "map": {"a": 1}}})";
  struct Case {
    std::string path;
    std::string go_type, text;
  };
  const std::vector<Case> cases = {
      {"$.data.errorRate", "float64", "0.02"},
      {"{$.data.errorRate}", "float64", "0.02"},  // kubectl style
      {"$['data']['errorRate']", "float64", "0.02"},
      {"$[\"data\"].errorRate", "float64", "0.02"},
      {"$.data.ok", "bool", "true"},
      {"$.data.count", "string", "\"12\""},  // a string stays a string (asFloat converts it)
      {"$.data.series[1].v", "float64", "4"},
      {"$.data['odd key']", "float64", "7"},
      {"$.data.none", "<nil>", "null"},
      {"$.data.series", "[]interface {}", "[{\"v\":3},{\"v\":4}]"},
      {"$.data.map", "map[string]interface {}", "{\"a\":1}"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.path);
    auto path = JsonPath::parse(c.path);
    ASSERT_TRUE(path.ok()) << path.error().message;
    EXPECT_EQ(path->text(), c.path);
    auto value = read_web_answer(body, *path);
    ASSERT_TRUE(value.ok()) << value.error().message;
    EXPECT_EQ(value->result.go_type(), c.go_type);
    EXPECT_EQ(value->text, c.text);
  }
  auto whole = read_web_answer("42", JsonPath());
  ASSERT_TRUE(whole.ok());
  EXPECT_EQ(whole->result.to_float(), 42);
  // An answer that is not JSON is handed to the condition as its text.
  auto text = read_web_answer("OK", JsonPath());
  ASSERT_TRUE(text.ok());
  EXPECT_EQ(text->result.go_type(), "string");
  EXPECT_EQ(text->result.as_string(), "OK");
}

// A path that finds nothing is an Error measurement ("Could not find JSONPath in body").
TEST(WebAnswerTest, APathThatFindsNothingIsAnError) {
  const std::string body = R"({"data": {"text": "n/a", "list": [1]}})";
  for (const std::string text : {"$.data.errorRate", "$.data.list[1]", "$.data[0]", "$.data.text.x"}) {
    SCOPED_TRACE(text);
    auto path = JsonPath::parse(text);
    ASSERT_TRUE(path.ok()) << path.error().message;
    auto value = read_web_answer(body, *path);
    ASSERT_FALSE(value.ok());
    EXPECT_EQ(value.error().kind, ErrorKind::InvalidInput);
    EXPECT_EQ(value.error().message, "could not find JSONPath " + text + " in the answer");
  }
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
