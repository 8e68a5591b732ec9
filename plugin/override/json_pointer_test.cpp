#include "override/json_pointer.h"

#include <gtest/gtest.h>

namespace fleetwave {
namespace {

TEST(OverrideJsonPointer, CheckMatchesJsonpointerNew) {
  struct Case {
    std::string name, pointer;
    bool valid;
  };
  // The webhook's messages: pkg/webhook/overridepolicy/validating_test.go, Handle_Invalid*Path*.
  std::vector<Case> cases = {
      {"empty is the whole document", "", true},  {"root key", "/spec", true},          {"slash only", "/", true},
      {"no leading slash", "invalidPath", false}, {"relative", "spec/replicas", false},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    std::string why = check_json_pointer(c.pointer);
    EXPECT_EQ(why.empty(), c.valid);
    if (!c.valid) {
      EXPECT_EQ(why, "JSON pointer must be empty or start with a \"/\"");
    }
  }
}

TEST(OverrideJsonPointer, SplitsAndUnescapesTokens) {
  EXPECT_EQ(split_json_pointer(""), std::vector<std::string>{});
  EXPECT_EQ(split_json_pointer("/"), std::vector<std::string>{""});
  EXPECT_EQ(split_json_pointer("/a//b/"), (std::vector<std::string>{"a", "", "b", ""}));
  struct Case {
    std::string name, token, decoded;
  };
  std::vector<Case> cases = {
      {"slash", "a~1b", "a/b"},
      {"tilde", "a~0b", "a~b"},
      {"left to right, no rescan", "~01", "~1"},
      {"tilde then slash", "~0~1", "~/"},
      {"lone tilde kept", "a~b~", "a~b~"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    EXPECT_EQ(unescape_pointer_token(c.token), c.decoded);
  }
  EXPECT_EQ(escape_pointer_token("a/b~c"), "a~1b~0c");
}

TEST(OverrideJsonPointer, GoAtoi) {
  struct Case {
    std::string name, text;
    std::optional<std::int64_t> value;
  };
  std::vector<Case> cases = {
      {"plain", "12", 12},
      {"leading zeros", "007", 7},
      {"plus sign", "+3", 3},
      {"negative", "-1", -1},
      {"empty", "", std::nullopt},
      {"sign only", "-", std::nullopt},
      {"letters", "1a", std::nullopt},
      {"dash token", "-", std::nullopt},
      {"int64 max", "9223372036854775807", INT64_MAX},
      {"overflow", "9223372036854775808", std::nullopt},
      {"int64 min", "-9223372036854775808", INT64_MIN},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    EXPECT_EQ(go_atoi(c.text), c.value);
  }
}

TEST(OverrideJsonPointer, GetFollowsGoOpenapi) {
  Json doc = Json::parse(R"({"data":{"a/b":"x","c~d":"y","":"empty","list":["p","q"],"n":null,"num":1}})");
  struct Case {
    std::string name, pointer;
    std::string value;  // dumped JSON of the result, or the error message
    bool ok;
  };
  std::vector<Case> cases = {
      {"escaped slash", "/data/a~1b", "\"x\"", true},
      {"escaped tilde", "/data/c~0d", "\"y\"", true},
      {"empty key", "/data/", "\"empty\"", true},
      {"list index", "/data/list/1", "\"q\"", true},
      {"index with plus", "/data/list/+1", "\"q\"", true},
      {"null value", "/data/n", "null", true},
      {"missing key", "/data/zz", "object has no key \"zz\"", false},
      {"out of bounds", "/data/list/2", "index out of bounds array[0,1] index '2'", false},
      {"negative index", "/data/list/-1", "index out of bounds array[0,1] index '-1'", false},
      {"dash", "/data/list/-", "cannot resolve \"-\" token on get", false},
      {"bad index", "/data/list/x", "strconv.Atoi: parsing \"x\": invalid syntax", false},
      {"through null", "/data/n/x", "nil value has no field \"x\"", false},
      {"through scalar", "/data/num/x", "invalid token reference \"x\"", false},
      {"not a pointer", "data", "JSON pointer must be empty or start with a \"/\"", false},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    auto got = json_pointer_get(doc, c.pointer);
    ASSERT_EQ(got.ok(), c.ok);
    EXPECT_EQ(c.ok ? (*got)->dump() : got.error().message, c.value);
  }
  auto whole = json_pointer_get(doc, "");
  ASSERT_TRUE(whole.ok());
  EXPECT_EQ(*whole, &doc);
}

}  // namespace
}  // namespace fleetwave
