// JSON output against Go's encoding/json: Marshal (compact, HTML-escaped) and
// MarshalIndent(v, "", "  "); string escaping from encode.go appendString (Go 1.22+).
#include "codec/json_writer.h"

#include <limits>

#include <gtest/gtest.h>

namespace fleetwave {
namespace {

struct StringCase {
  const char* name;
  std::string text;
  const char* html;   // escape_html = true (json.Marshal)
  const char* plain;  // escape_html = false (Encoder.SetEscapeHTML(false))
};

TEST(JsonWriter, StringEscapes) {
  const StringCase cases[] = {
      {"plain ascii", "abc", R"("abc")", R"("abc")"},
      {"html characters", "<a href=\"x\">&</a>", R"("\u003ca href=\"x\"\u003e\u0026\u003c/a\u003e")",
       R"("<a href=\"x\">&</a>")"},
      {"quote and backslash", "a\"b\\c", R"("a\"b\\c")", R"("a\"b\\c")"},
      {"short escapes incl. \\b and \\f", "\b\f\n\r\t", R"("\b\f\n\r\t")", R"("\b\f\n\r\t")"},
      {"other control bytes", std::string("\x00\x01\x1f", 3), R"("\u0000\u0001\u001f")", R"("\u0000\u0001\u001f")"},
      {"DEL is not escaped", "\x7f", "\"\x7f\"", "\"\x7f\""},
      {"line and paragraph separators", "a\u2028b\u2029c", R"("a\u2028b\u2029c")", R"("a\u2028b\u2029c")"},
      {"unicode passes through", "h\u00e9llo \u65e5\u672c \U0001F600", "\"h\u00e9llo \u65e5\u672c \U0001F600\"",
       "\"h\u00e9llo \u65e5\u672c \U0001F600\""},
      {"valid U+FFFD passes through", "\uFFFD", "\"\uFFFD\"", "\"\uFFFD\""},
      {"invalid byte",
       "a\xff"
       "b",
       R"("a\ufffdb")", R"("a\ufffdb")"},
      {"truncated sequence", "\xc3", R"("\ufffd")", R"("\ufffd")"},
      {"overlong encoding", "\xc0\xaf", R"("\ufffd\ufffd")", R"("\ufffd\ufffd")"},
      {"surrogate", "\xed\xa0\x80", R"("\ufffd\ufffd\ufffd")", R"("\ufffd\ufffd\ufffd")"},
      {"empty", "", R"("")", R"("")"},
  };
  for (const StringCase& c : cases) {
    SCOPED_TRACE(c.name);
    std::string html, plain;
    append_json_string(html, c.text, true);
    append_json_string(plain, c.text, false);
    EXPECT_EQ(html, c.html);
    EXPECT_EQ(plain, c.plain);
  }
}

TEST(JsonWriter, CompactIsJsonMarshal) {
  Json v = Json::parse(R"({"c":"x","a":[1,2,{"b":null}],"e":{},"f":[],"g":true,"h":-1.5})");
  EXPECT_EQ(write_json(v), R"({"a":[1,2,{"b":null}],"c":"x","e":{},"f":[],"g":true,"h":-1.5})");
}

TEST(JsonWriter, IndentIsMarshalIndentWithTwoSpaces) {
  Json v = Json::parse(R"({"c":"x","a":[1,2,{"b":null}],"e":{},"f":[],"g":{"k":[]}})");
  JsonWriteOptions options;
  options.indent = 2;
  EXPECT_EQ(write_json(v, options),
            "{\n"
            "  \"a\": [\n"
            "    1,\n"
            "    2,\n"
            "    {\n"
            "      \"b\": null\n"
            "    }\n"
            "  ],\n"
            "  \"c\": \"x\",\n"
            "  \"e\": {},\n"
            "  \"f\": [],\n"
            "  \"g\": {\n"
            "    \"k\": []\n"
            "  }\n"
            "}");
}

TEST(JsonWriter, RootScalars) {
  EXPECT_EQ(write_json(Json(nullptr)), "null");
  EXPECT_EQ(write_json(Json(false)), "false");
  EXPECT_EQ(write_json(Json("s<")), R"("s\u003c")");
  EXPECT_EQ(write_json(Json(42)), "42");
  JsonWriteOptions options;
  options.indent = 2;
  EXPECT_EQ(write_json(Json(1.5), options), "1.5");
  EXPECT_EQ(write_json(Json::object(), options), "{}");
}

TEST(JsonWriter, SortedVersusInsertionOrder) {
  // map[string]interface{} keys are sorted by bytes; an OrderedJson keeps its order.
  Json sorted = Json::parse(R"({"b":1,"a":2,"B":3,"\u00e9":4,"_":5,"a1":6,"a10":7,"a2":8})");
  EXPECT_EQ(write_json(sorted), "{\"B\":3,\"_\":5,\"a\":2,\"a1\":6,\"a10\":7,\"a2\":8,\"b\":1,\"\u00e9\":4}");
  OrderedJson ordered = OrderedJson::parse(R"({"kind":"Deployment","apiVersion":"apps/v1","metadata":{"z":1,"a":2}})");
  EXPECT_EQ(write_json(ordered), R"({"kind":"Deployment","apiVersion":"apps/v1","metadata":{"z":1,"a":2}})");
}

TEST(JsonWriter, Numbers) {
  Json v = Json::array({1.0, 1e21, 1e-7, 0.000001, -0.0, std::numeric_limits<std::int64_t>::min(),
                        std::numeric_limits<std::uint64_t>::max(), 100000000.0});
  EXPECT_EQ(write_json(v), "[1,1e+21,1e-7,0.000001,-0,-9223372036854775808,18446744073709551615,100000000]");
  // encoding/json fails on these; the readers never produce them and we keep the output valid.
  EXPECT_EQ(write_json(Json::array({std::nan(""), std::numeric_limits<double>::infinity()})), "[null,null]");
}

TEST(JsonWriter, KeysAreEscapedToo) {
  Json v = Json::object({{"a<b", 1}, {"line\nbreak", 2}});
  EXPECT_EQ(write_json(v), R"({"a\u003cb":1,"line\nbreak":2})");
}

}  // namespace
}  // namespace fleetwave
