// JSON manifests and payloads: values, streams of values, positions in errors, the nesting
// limit and duplicate keys.
#include "codec/json_reader.h"

#include <gtest/gtest.h>

namespace fleetwave {
namespace {

struct ValueCase {
  const char* name;
  std::string text;
  const char* want;  // as JSON text
  Json::value_t type;
};

TEST(JsonReader, ParsesValues) {
  const ValueCase cases[] = {
      {"object", R"({"a": [1, "x", null, true]})", R"({"a":[1,"x",null,true]})", Json::value_t::object},
      {"non-negative integer", "1", "1", Json::value_t::number_unsigned},
      {"negative integer", "-1", "-1", Json::value_t::number_integer},
      {"float", "1.0", "1.0", Json::value_t::number_float},
      {"exponent is a float", "1e2", "100.0", Json::value_t::number_float},
      {"beyond uint64 is a float", "18446744073709551616", "1.8446744073709552e19", Json::value_t::number_float},
      {"surrounding whitespace", " \n\t\"s\" \r\n", "\"s\"", Json::value_t::string},
      {"byte order mark", "\xEF\xBB\xBF{}", "{}", Json::value_t::object},
      {"escapes", R"("\u00e9\ud83d\ude00\n")", "\"\u00e9\U0001F600\\n\"", Json::value_t::string},
  };
  for (const ValueCase& c : cases) {
    SCOPED_TRACE(c.name);
    Result<Json> got = parse_json(c.text, "f.json");
    ASSERT_TRUE(got.ok()) << got.error().to_string();
    EXPECT_EQ(*got, Json::parse(c.want));
    EXPECT_EQ(got->type(), c.type);
  }
}

struct ErrorCase {
  const char* name;
  std::string text;
  const char* want;  // Error::to_string(), verbatim
};

std::string nested(std::size_t depth) { return std::string(depth, '[') + std::string(depth, ']'); }

TEST(JsonReader, ReportsErrorsWithPositions) {
  const ErrorCase cases[] = {
      {"bad literal", "[1, x]",
       "f.json:1:5: invalid JSON: syntax error while parsing value - invalid literal; last read: '1, x'"},
      {"on a later line", "{\n  \"a\": 1,\n  \"b\": }\n",
       "f.json:3:8: invalid JSON: syntax error while parsing value - unexpected '}'; expected '[', '{', or a literal"},
      {"empty input", "",
       "f.json:1:1: invalid JSON: syntax error while parsing value - unexpected end of input; expected '[', '{', or a "
       "literal"},
      {"trailing content", "{} x",
       "f.json:1:4: invalid JSON: syntax error while parsing value - invalid literal; last read: '{} x'; expected end "
       "of input"},
      {"trailing comma", "[1,]",
       "f.json:1:4: invalid JSON: syntax error while parsing value - unexpected ']'; expected '[', '{', or a literal"},
      {"invalid UTF-8 in a string", "\"a\xff\"",
       "f.json:1:3: invalid JSON: syntax error while parsing value - invalid string: ill-formed UTF-8 byte; last read: "
       "'\"a\\xff'"},  // the byte escaped: messages are printable (base/text.h)
      {"duplicate key", "{\"a\": 1,\n \"a\": 2}", "f.json:2:2: duplicate key 'a'"},
      {"duplicate nested key with escapes", "{\"o\": {\"k\\\"\": 1, \"k\\\"\": 2}}",
       "f.json:1:18: duplicate key 'k\"'"},
      {"too deep", nested(129), "f.json:1:129: JSON nested deeper than 128 levels"},
  };
  for (const ErrorCase& c : cases) {
    SCOPED_TRACE(c.name);
    Result<Json> got = parse_json(c.text, "f.json");
    ASSERT_FALSE(got.ok()) << got->dump();
    EXPECT_EQ(got.error().kind, ErrorKind::InvalidInput);
    EXPECT_EQ(got.error().to_string(), c.want);
  }
}

TEST(JsonReader, DepthLimitIsInclusive) {
  EXPECT_TRUE(parse_json(nested(128), "f.json").ok());
  EXPECT_TRUE(parse_json(nested(16), "f.json", 16).ok());
  EXPECT_EQ(parse_json(nested(17), "f.json", 16).error().to_string(), "f.json:1:17: JSON nested deeper than 16 levels");
  // Far deeper than any stack could take: rejected at the limit, not overflowed.
  EXPECT_FALSE(parse_json(nested(100000), "f.json").ok());
}

struct StreamCase {
  const char* name;
  std::string text;
  const char* want;  // the values as a JSON array
};

TEST(JsonReader, ParsesStreams) {
  const StreamCase cases[] = {
      {"empty", "", "[]"},
      {"blank", " \n\t ", "[]"},
      {"one object", R"({"a": 1})", R"([{"a":1}])"},
      {"objects on lines", "{\"a\": 1}\n{\"b\": 2}\n", R"([{"a":1},{"b":2}])"},
      {"no separator between objects", "{}{}[]", "[{},{},[]]"},
      {"numbers", "1 2 3", "[1,2,3]"},
      {"number followed by a list", "1[2]", "[1,[2]]"},
      {"signed numbers back to back", "-1-2", "[-1,-2]"},
      {"strings back to back", R"("a""b")", R"(["a","b"])"},
      {"literals", "true false null", "[true,false,null]"},
      {"byte order mark", "\xEF\xBB\xBF[1] [2]", "[[1],[2]]"},
  };
  for (const StreamCase& c : cases) {
    SCOPED_TRACE(c.name);
    Result<std::vector<Json>> got = parse_json_stream(c.text, "f.json");
    ASSERT_TRUE(got.ok()) << got.error().to_string();
    EXPECT_EQ(Json(*got), Json::parse(c.want));
  }
}

TEST(JsonReader, StreamErrorsPointIntoTheFile) {
  const ErrorCase cases[] = {
      {"second value broken", "{\"a\": 1}\n{\"b\": x}\n",
       "f.json:2:7: invalid JSON: syntax error while parsing value - invalid literal; last read: '\"b\": x'"},
      {"unclosed last value", "[1]\n  [2,",
       "f.json:2:6: invalid JSON: syntax error while parsing value - unexpected end of input; expected '[', '{', or a "
       "literal"},
      {"duplicate in second value", "{}\n{\"a\":1,\"a\":2}", "f.json:2:8: duplicate key 'a'"},
  };
  for (const ErrorCase& c : cases) {
    SCOPED_TRACE(c.name);
    Result<std::vector<Json>> got = parse_json_stream(c.text, "f.json");
    ASSERT_FALSE(got.ok());
    EXPECT_EQ(got.error().to_string(), c.want);
  }
}

}  // namespace
}  // namespace fleetwave

namespace fleetwave {
namespace {

// A mask builds the members it names, the whole value under a member whose mask is empty, and
// applies an array's mask to every element; what it drops is still read (and must be JSON).
TEST(JsonReader, AMaskBuildsOnlyTheMembersItNames) {
  const std::string text = R"({"items": [
      {"metadata": {"name": "a", "uid": "1", "labels": {"x": "y"}}, "spec": {"big": [1, 2, {"z": null}]},
       "status": {"sync": {"status": "Synced", "comparedTo": {"k": 1}}, "resources": [{"kind": "Service"}]}},
      {"metadata": {"name": "b"}, "status": {"sync": {"status": "OutOfSync"}}}],
    "metadata": {"resourceVersion": "7"}})";
  const JsonMask all;
  const JsonMask mask{{{"items", JsonMask{{{"metadata", JsonMask{{{"name", all}, {"labels", all}}}},
                                           {"status", JsonMask{{{"sync", JsonMask{{{"status", all}}}}}}}}}}}};
  auto masked = parse_json_masked(text, "list.json", mask);
  ASSERT_TRUE(masked.ok()) << masked.error().to_string();
  EXPECT_EQ(*masked, Json::parse(R"({"items": [
      {"metadata": {"name": "a", "labels": {"x": "y"}}, "status": {"sync": {"status": "Synced"}}},
      {"metadata": {"name": "b"}, "status": {"sync": {"status": "OutOfSync"}}}]})"));
  // An empty mask builds everything, as parse_json does.
  auto whole = parse_json_masked(text, "list.json", all);
  ASSERT_TRUE(whole.ok());
  EXPECT_EQ(*whole, Json::parse(text));
}

TEST(JsonReader, AMaskedParseStillReadsWhatItDrops) {
  const JsonMask all;
  const JsonMask mask{{{"keep", all}}};
  auto broken = parse_json_masked(R"({"keep": 1, "drop": [1, 2,]})", "x.json", mask);
  ASSERT_FALSE(broken.ok());
  EXPECT_NE(broken.error().to_string().find("x.json:1:"), std::string::npos) << broken.error().to_string();
  auto duplicate = parse_json_masked(R"({"keep": 1, "keep": 2})", "x.json", mask);
  ASSERT_FALSE(duplicate.ok());
  EXPECT_NE(duplicate.error().message.find("duplicate key 'keep'"), std::string::npos);
  // Dropped members are never built, so their duplicates go unseen.
  auto dropped = parse_json_masked(R"({"keep": {"a": 1}, "drop": 1, "drop": 2})", "x.json", mask);
  ASSERT_TRUE(dropped.ok());
  EXPECT_EQ(*dropped, Json::parse(R"({"keep": {"a": 1}})"));
}

// The masked parse steps over what it drops without decoding it; what it keeps, and what it
// refuses, are those of the parse that builds everything.
TEST(JsonReader, AMaskedParseKeepsAndRefusesWhatTheWholeParseDoes) {
  const JsonMask all;
  const JsonMask mask{{{"items", JsonMask{{{"name", all}, {"tags", all}, {"spec", JsonMask{{{"n", all}}}}}}}}};
  auto keep = [](Json item) {
    Json out = Json::object();
    for (const char* key : {"name", "tags"})
      if (item.contains(key)) out[key] = item[key];
    if (item.contains("spec"))
      out["spec"] =
          item["spec"].is_object() && item["spec"].contains("n") ? Json{{"n", item["spec"]["n"]}} : item["spec"];
    return out;
  };
  const std::string good[] = {
      R"({"items": []})",
      R"( { "items" : [ { "name" : "a\"b\\c\u00e9\n" , "drop" : "x\ty\u12AB\/" } ] } )",
      R"({"drop": {"deep": [[[{"a": [true, false, null, -0, 0.5, 1e10, -2.5E-3, 12]}]]]}, "items": [{"spec": {"n": 1, "m": [1]}}]})",
      R"({"items": [{"spec": "not an object", "tags": ["a", {"b": null}]}, {"name": null}, 7, "s"]})",
      "{\"items\":[{\"dr\\u006Fp\": \"escaped key\", \"n\\u0061me\": \"n\"}]}",
      "\xEF\xBB\xBF{\"items\": [{\"name\": \"bom\"}]}",
      R"({"items": [{"name": "plain", "tags": ["a", {"b": null, "c": [true, false, {}]}], "spec": {"n": "x", "m": 2},
                     "drop": [1, "\u00e9"]}, {"tags": {"k": "v"}, "spec": {"n": {"deep": [[]]}}}]})",
      "{\"items\": [{\"name\": \"caf\xC3\xA9\", \"tags\": [\"\xE2\x82\xAC\"]}]}",
      // Dropped strings with every length of UTF-8 sequence, its edges, and an escaped surrogate pair.
      "{\"items\": [{\"drop\": \"\xC2\x80 \xDF\xBF \xE0\xA0\x80 \xED\x9F\xBF \xEF\xBF\xBF \xF0\x90\x80\x80 "
      "\xF4\x8F\xBF\xBF\"}], \"drop\": \"\\ud834\\udd1e \\uE000\"}",
  };
  for (const std::string& text : good) {
    SCOPED_TRACE(text);
    auto masked = parse_json_masked(text, "x.json", mask);
    ASSERT_TRUE(masked.ok()) << masked.error().to_string();
    Json whole = Json::parse(text);
    Json expected = Json::object();
    if (whole.contains("items")) {
      expected["items"] = Json::array();
      for (const Json& item : whole["items"]) expected["items"].push_back(item.is_object() ? keep(item) : item);
    }
    EXPECT_EQ(*masked, expected);
  }
  const std::string bad[] = {
      R"({"items": [], "drop": "unterminated})",
      R"({"items": [], "drop": "bad \x escape"})",
      "{\"items\": [], \"drop\": \"raw\ttab\"}",
      R"({"items": [], "drop": 01})",
      R"({"items": [], "drop": 1.})",
      R"({"items": [], "drop": -})",
      R"({"items": [], "drop": nul})",
      R"({"items": [], "drop": {"a": 1,}})",
      R"({"items": [], "drop": [1 2]})",
      R"({"items": [], "drop": {"a" 1}})",
      R"({"items": [{"name": "a", "name": "b"}]})",
      R"({"items": [{"name": tru}]})",
      "{\"items\": [{\"name\": \"\xFF\"}]}",
      R"({"items": [{"tags": [1, 2], "tags": []}]})",
      R"({"items": []} trailing)",
      R"({"items": [])",
  };
  for (const std::string& text : bad) {
    SCOPED_TRACE(text);
    auto masked = parse_json_masked(text, "x.json", mask);
    ASSERT_FALSE(masked.ok());
    EXPECT_EQ(masked.error().pos.file, "x.json");
    EXPECT_GE(masked.error().pos.line, 1);
  }
  // A dropped string the whole parse refuses, refused with the same error: ill-formed UTF-8
  // (a stray continuation, a bad second byte, overlong forms, an encoded surrogate, past U+10FFFF,
  // cut short) and a lone escaped surrogate.
  const std::string bad_strings[] = {
      "\x80",         "\xC3\x28",         "\xC0\xAF",         "\xC1\xBF",         "\xE0\x80\xAF",
      "\xED\xA0\x80", "\xF0\x80\x80\xAF", "\xF4\x90\x80\x80", "\xF5\x80\x80\x80", "\xE2\x82",
      "\xFF",         "\\ud800",          "\\udc00x",         "\\ud800\\u0041",
  };
  for (const std::string& inner : bad_strings) {
    const std::string text = "{\"items\": [{\"drop\": \"a" + inner + "b\"}]}";
    SCOPED_TRACE(text);
    auto masked = parse_json_masked(text, "x.json", mask);
    auto whole = parse_json(text, "x.json");
    ASSERT_FALSE(whole.ok());
    ASSERT_FALSE(masked.ok());
    EXPECT_EQ(masked.error().to_string(), whole.error().to_string());
  }
}

}  // namespace
}  // namespace fleetwave
