// Scalar typing against go-yaml v2's resolve.go (and sigs.k8s.io/yaml's key conversion). Each
// expectation is what resolve() returns for the text, derived from the Go source.
#include "codec/scalar_resolver.h"

#include <gtest/gtest.h>

#include "codec/go_timestamp.h"

namespace fleetwave {
namespace {

// The reader gives int64 unless a value needs uint64; Json::parse gives uint64 for any
// non-negative integer, so compare integer kinds by that rule.
Json::value_t expected_type(const Json& want) {
  if (want.is_number_unsigned() && want.get<std::uint64_t>() <= static_cast<std::uint64_t>(INT64_MAX)) {
    return Json::value_t::number_integer;
  }
  return want.type();
}

struct PlainCase {
  const char* name;
  const char* text;
  const char* json;  // expected value as JSON text
};

TEST(ScalarResolver, PlainScalars) {
  const PlainCase cases[] = {
      // resolveMap words (YAML 1.1 booleans and nulls)
      {"y is true", "y", "true"},
      {"Y is true", "Y", "true"},
      {"yes is true", "yes", "true"},
      {"Yes is true", "Yes", "true"},
      {"YES is true", "YES", "true"},
      {"on is true", "on", "true"},
      {"On is true", "On", "true"},
      {"ON is true", "ON", "true"},
      {"True is true", "True", "true"},
      {"n is false", "n", "false"},
      {"no is false", "no", "false"},
      {"off is false", "off", "false"},
      {"OFF is false", "OFF", "false"},
      {"FALSE is false", "FALSE", "false"},
      {"tilde is null", "~", "null"},
      {"null is null", "null", "null"},
      {"Null is null", "Null", "null"},
      {"NULL is null", "NULL", "null"},
      {"empty is null", "", "null"},
      {"mixed case is a string", "yEs", "\"yEs\""},
      {"nULL is a string", "nULL", "\"nULL\""},
      {"word starting with a map letter", "nginx", "\"nginx\""},
      // integers: strconv.ParseInt(plain, 0, 64) after removing underscores
      {"decimal", "42", "42"},
      {"negative", "-17", "-17"},
      {"plus sign", "+1", "1"},
      {"minus zero is int zero", "-0", "0"},
      {"hex", "0x1F", "31"},
      {"upper hex prefix", "0X1f", "31"},
      {"0o octal", "0o17", "15"},
      {"leading zero octal", "017", "15"},
      {"08 is not octal but a float", "08", "8.0"},
      {"binary", "0b101", "5"},
      {"negative binary", "-0b101", "-5"},
      {"negative hex", "-0x10", "-16"},
      {"underscores", "1_000", "1000"},
      {"underscores anywhere", "1__0_", "10"},
      {"hex underscores", "0x_1F", "31"},
      {"int64 max", "9223372036854775807", "9223372036854775807"},
      {"int64 min", "-9223372036854775808", "-9223372036854775808"},
      {"beyond int64 is uint64", "9223372036854775808", "9223372036854775808"},
      {"uint64 max", "18446744073709551615", "18446744073709551615"},
      {"hex uint64 max", "0xFFFFFFFFFFFFFFFF", "18446744073709551615"},
      {"beyond uint64 is a float", "18446744073709551616", "1.8446744073709552e19"},
      {"signed beyond int64 is a float", "+9223372036854775808", "9.223372036854775808e18"},
      {"below int64 min is a float", "-9223372036854775809", "-9.223372036854775808e18"},
      {"0x alone is a string", "0x", "\"0x\""},
      {"0b alone is a string", "0b", "\"0b\""},
      {"0b2 is a string", "0b2", "\"0b2\""},
      {"sign alone is a string", "-", "\"-\""},
      {"plus alone is a string", "+", "\"+\""},
      // floats: ^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$ then ParseFloat
      {"leading dot", ".5", "0.5"},
      {"signed leading dot", "-.5", "-0.5"},
      {"plus leading dot", "+.5", "0.5"},
      {"exponent", "1e3", "1000.0"},
      {"upper exponent with sign", "1E+3", "1000.0"},
      {"version-like 1.10 is a float", "1.10", "1.1"},
      {"trailing dot", "1.", "1.0"},
      {"dot exponent", "1.e2", "100.0"},
      {"float with underscores", "1_000.5", "1000.5"},
      {"dot float with underscores (ParseFloat allows them)", ".5_0", "0.5"},
      {"dot float underscore after the dot is a string", "._5", "\"._5\""},
      {"overflowing float is a string", "1e400", "\"1e400\""},
      {"overflowing dot float is a string", ".5e400", "\".5e400\""},
      {"underflow is zero", "1e-400", "0.0"},
      {"exponent without digits is a string", "1e", "\"1e\""},
      {"two dots is a string", "1.2.3", "\"1.2.3\""},
      {"dot alone is a string", ".", "\".\""},
      {"hex float is a string", "0x1p-2", "\"0x1p-2\""},
      {"inf word is a string", "inf", "\"inf\""},
      {"nan word is a string", "nan", "\"nan\""},
      // strings
      {"timestamp stays a string", "2001-12-14", "\"2001-12-14\""},
      {"timestamp with time stays a string", "2001-12-14T21:59:43.10-05:00", "\"2001-12-14T21:59:43.10-05:00\""},
      {"base 60 stays a string", "1:30", "\"1:30\""},
      {"merge key text is a string", "<<", "\"<<\""},
      {"ip address", "10.0.0.1", "\"10.0.0.1\""},
      {"semver", "1.2.3-rc1", "\"1.2.3-rc1\""},
      {"quantity", "128Mi", "\"128Mi\""},
      {"leading underscore", "_1", "\"_1\""},
  };
  for (const PlainCase& c : cases) {
    SCOPED_TRACE(c.name);
    Result<Json> got = resolve_plain_scalar(c.text);
    ASSERT_TRUE(got.ok()) << got.error().to_string();
    Json want = Json::parse(c.json);
    EXPECT_EQ(got->type(), expected_type(want)) << got->dump();
    EXPECT_EQ(*got, want);
  }
}

TEST(ScalarResolver, NonFiniteFloatsAreErrors) {
  const char* cases[] = {".inf", ".Inf", ".INF", "+.inf", "-.inf", "-.Inf", ".nan", ".NaN", ".NAN"};
  for (const char* text : cases) {
    SCOPED_TRACE(text);
    Result<Json> got = resolve_plain_scalar(text);
    ASSERT_FALSE(got.ok());
    EXPECT_EQ(got.error().kind, ErrorKind::InvalidInput);
    EXPECT_EQ(got.error().message,
              "'" + std::string(text) +
                  "' is not a finite number and cannot be represented in JSON; quote it to keep it as a string");
  }
}

struct TaggedCase {
  const char* name;
  const char* tag;
  const char* text;
  const char* json;   // expected value, or nullptr when an error is expected
  const char* error;  // expected message when json is nullptr
};

TEST(ScalarResolver, TaggedScalars) {
  const TaggedCase cases[] = {
      {"!!str keeps a number as text", "tag:yaml.org,2002:str", "1", "\"1\"", nullptr},
      {"!!str keeps a bool word", "tag:yaml.org,2002:str", "yes", "\"yes\"", nullptr},
      {"!!int", "tag:yaml.org,2002:int", "0x1F", "31", nullptr},
      {"!!int on a float", "tag:yaml.org,2002:int", "1.5", nullptr, "cannot decode !!float `1.5` as a !!int"},
      {"!!int on a word", "tag:yaml.org,2002:int", "abc", nullptr, "cannot decode !!str `abc` as a !!int"},
      {"!!int on uint64", "tag:yaml.org,2002:int", "18446744073709551615", "18446744073709551615", nullptr},
      {"!!float on an int converts", "tag:yaml.org,2002:float", "3", "3.0", nullptr},
      {"!!float on uint64 fails as in go-yaml", "tag:yaml.org,2002:float", "18446744073709551615", nullptr,
       "cannot decode !!int `18446744073709551615` as a !!float"},
      {"!!float", "tag:yaml.org,2002:float", "1.5", "1.5", nullptr},
      {"!!bool", "tag:yaml.org,2002:bool", "on", "true", nullptr},
      {"!!bool on an int", "tag:yaml.org,2002:bool", "1", nullptr, "cannot decode !!int `1` as a !!bool"},
      {"!!null empty", "tag:yaml.org,2002:null", "", "null", nullptr},
      {"!!null tilde", "tag:yaml.org,2002:null", "~", "null", nullptr},
      {"!!null on text", "tag:yaml.org,2002:null", "x", nullptr, "cannot decode !!str `x` as a !!null"},
      {"!!timestamp keeps the text", "tag:yaml.org,2002:timestamp", "2001-12-14", "\"2001-12-14\"", nullptr},
      {"!!timestamp on text", "tag:yaml.org,2002:timestamp", "abc", nullptr,
       "cannot decode !!str `abc` as a !!timestamp"},
      {"!!int does not try timestamps", "tag:yaml.org,2002:int", "2001-12-14", nullptr,
       "cannot decode !!str `2001-12-14` as a !!int"},
      {"!!binary decodes base64", "tag:yaml.org,2002:binary", "aGVsbG8=", "\"hello\"", nullptr},
      {"!!binary ignores line breaks", "tag:yaml.org,2002:binary", "aGVs\nbG8=\n", "\"hello\"", nullptr},
      {"!!binary with invalid UTF-8 gets U+FFFD", "tag:yaml.org,2002:binary", "/w==", "\"\\ufffd\"", nullptr},
      {"!!binary invalid", "tag:yaml.org,2002:binary", "a b", nullptr, "!!binary value contains invalid base64 data"},
      {"!!binary bad padding", "tag:yaml.org,2002:binary", "aGVsbG8", nullptr,
       "!!binary value contains invalid base64 data"},
      {"unknown yaml.org tag keeps the text", "tag:yaml.org,2002:foo", "1", "\"1\"", nullptr},
      {"!!merge tag on a value keeps the text", "tag:yaml.org,2002:merge", "<<", "\"<<\"", nullptr},
      {"local tag keeps the text", "!custom", "1", "\"1\"", nullptr},
      {"non-specific tag keeps the text", "!", "true", "\"true\"", nullptr},
  };
  for (const TaggedCase& c : cases) {
    SCOPED_TRACE(c.name);
    Result<Json> got = resolve_tagged_scalar(c.tag, c.text);
    if (c.json == nullptr) {
      ASSERT_FALSE(got.ok()) << got->dump();
      EXPECT_EQ(got.error().kind, ErrorKind::InvalidInput);
      EXPECT_EQ(got.error().message, c.error);
      continue;
    }
    ASSERT_TRUE(got.ok()) << got.error().to_string();
    Json want = Json::parse(c.json);
    EXPECT_EQ(got->type(), expected_type(want)) << got->dump();
    EXPECT_EQ(*got, want);
  }
}

struct KeyCase {
  const char* name;
  const char* text;
  const char* key;    // expected key, or nullptr when an error is expected
  const char* error;  // expected message when key is nullptr
};

TEST(ScalarResolver, PlainKeys) {
  const KeyCase cases[] = {
      {"string", "name", "name", nullptr},
      {"int becomes decimal", "0x10", "16", nullptr},
      {"bool word becomes true", "yes", "true", nullptr},
      {"y becomes true (YAML 1.1)", "y", "true", nullptr},
      {"off becomes false", "off", "false", nullptr},
      {"float uses 32-bit g", "1.5", "1.5", nullptr},
      {"float rounds through float32", "0.1", "0.1", nullptr},
      {"float32 shortest digits", "3.14159265358979", "3.1415927", nullptr},
      {"big float key", "1e20", "1e+20", nullptr},
      {"float key from exponent", "1e3", "1000", nullptr},
      {"inf key", ".inf", ".inf", nullptr},
      {"negative inf key", "-.Inf", "-.inf", nullptr},
      {"nan key", ".NaN", ".nan", nullptr},
      {"timestamp key stays text", "2001-12-14", "2001-12-14", nullptr},
      {"merge text is just text here", "<<", "<<", nullptr},
      {"null key", "~", nullptr, "a mapping key is null ('~'); JSON keys must be strings, quote it"},
      {"empty key", "", nullptr, "a mapping key is null (''); JSON keys must be strings, quote it"},
      {"uint64 key", "18446744073709551615", nullptr,
       "mapping key 18446744073709551615 is an integer beyond int64, which sigs.k8s.io/yaml cannot use as a key; quote "
       "it"},
  };
  for (const KeyCase& c : cases) {
    SCOPED_TRACE(c.name);
    Result<std::string> got = resolve_plain_key(c.text);
    if (c.key == nullptr) {
      ASSERT_FALSE(got.ok()) << *got;
      EXPECT_EQ(got.error().message, c.error);
      continue;
    }
    ASSERT_TRUE(got.ok()) << got.error().to_string();
    EXPECT_EQ(*got, c.key);
  }
}

TEST(ScalarResolver, TaggedKeysAndDecodedKeys) {
  EXPECT_EQ(resolve_tagged_key("tag:yaml.org,2002:str", "1").value(), "1");
  EXPECT_EQ(resolve_tagged_key("tag:yaml.org,2002:int", "010").value(), "8");
  EXPECT_EQ(resolve_tagged_key("tag:yaml.org,2002:binary", "aGk=").value(), "hi");
  EXPECT_FALSE(resolve_tagged_key("tag:yaml.org,2002:null", "").ok());

  EXPECT_EQ(json_key_string(Json("x")).value(), "x");
  EXPECT_EQ(json_key_string(Json(true)).value(), "true");
  EXPECT_EQ(json_key_string(Json(-3)).value(), "-3");
  EXPECT_EQ(json_key_string(Json(7u)).value(), "7");
  EXPECT_EQ(json_key_string(Json(2.5)).value(), "2.5");
  EXPECT_EQ(json_key_string(Json(nullptr)).error().message,
            "a mapping key is null; JSON keys must be strings, quote it");
  EXPECT_EQ(json_key_string(Json::array()).error().message,
            "complex mapping keys (a map or list used as a key) are not supported");
}

struct QuoteCase {
  const char* text;
  bool needs_quotes;
};

// encode.go stringv: quote when resolve("", s) is not !!str, or s is a base-60 float.
TEST(ScalarResolver, GoYamlPlainNeedsQuotes) {
  const QuoteCase cases[] = {
      {"", true},           {"true", true},        {"y", true},         {"n", true},
      {"~", true},          {"null", true},        {"1", true},         {"-1", true},
      {"1.10", true},       {"0x1F", true},        {"1e3", true},       {".5", true},
      {".inf", true},       {".nan", true},        {"1_000", true},     {"08", true},
      {"2001-12-14", true}, {"2001-1-2", true},    {"1:30", true},      {"-1:30:59.5", true},
      {"1:3_0", false},     {"1:60", false},       {"190:20:30", true}, {"<<", false},
      {"abc", false},       {"yes please", false}, {"1.2.3", false},    {"10.0.0.1", false},
      {"128Mi", false},     {"0x", false},         {"._5", false},      {"2001-13-01", false},
  };
  for (const QuoteCase& c : cases) {
    SCOPED_TRACE(c.text);
    EXPECT_EQ(go_yaml_plain_needs_quotes(c.text), c.needs_quotes);
  }
  EXPECT_TRUE(plain_scalar_is_not_string("yes"));
  EXPECT_FALSE(plain_scalar_is_not_string("2001-12-14"));  // the reader keeps timestamps as strings
}

struct TimestampCase {
  const char* text;
  bool timestamp;
};

// time.Parse with "2006-1-2T15:4:5.999999999Z07:00", its lower-case t variant,
// "2006-1-2 15:4:5.999999999" and "2006-1-2" (resolve.go allowedTimestampFormats).
TEST(ScalarResolver, GoYamlTimestamps) {
  const TimestampCase cases[] = {
      {"2001-12-14", true},
      {"2001-1-2", true},
      {"2001-12-14T21:59:43.10-05:00", true},
      {"2001-12-14t21:59:43.10-05:00", true},
      {"2001-12-14T21:59:43Z", true},
      {"2001-12-14T21:59:43,5Z", true},             // a comma also separates the fraction
      {"2001-12-14T1:2:3Z", true},                  // one-digit fields
      {"2001-12-14T21:59:43.123456789123Z", true},  // any number of fraction digits
      {"2001-12-14T21:59:43+24:00", true},          // offsets up to 24:60 pass
      {"2001-12-14 21:59:43.10", true},
      {"2001-12-14   21:59:43", true},       // a layout space matches a run of spaces
      {"2000-02-29", true},                  // leap year
      {"2001-12-14T21:59:43", false},        // T form needs a zone
      {"2001-12-14 21:59:43.10 -5", false},  // the YAML spec example time.Parse rejects
      {"2001-12-14T21:59Z", false},
      {"2001-12-14T24:00:00Z", false},
      {"2001-12-14T23:60:00Z", false},
      {"2001-12-14T23:59:60Z", false},
      {"2001-12-14T21:59:43+25:00", false},
      {"2001-12-14T21:59:43+0500", false},
      {"2001-13-01", false},
      {"2001-00-01", false},
      {"2001-02-29", false},
      {"1900-02-29", false},
      {"2001-04-31", false},
      {"2001-12-0", false},
      {"2001-123-1", false},
      {"01-12-14", false},
      {"20011-12-14", false},
      {"2001-12-14 ", false},
      {"2001-12-14x", false},
  };
  for (const TimestampCase& c : cases) {
    SCOPED_TRACE(c.text);
    EXPECT_EQ(is_go_yaml_timestamp(c.text), c.timestamp);
  }
}

}  // namespace
}  // namespace fleetwave
