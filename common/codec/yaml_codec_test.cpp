// parse_yaml_stream: documents, typing (go-yaml v2 rules), keys, tags, anchors and merge keys,
// and errors with verbatim text and 1-based line:column positions.
#include "codec/yaml_codec.h"

#include <gtest/gtest.h>

namespace fleetwave {
namespace {

struct ParseCase {
  const char* name;
  std::string yaml;
  const char* docs;  // the documents' values as a JSON array
};

TEST(YamlCodec, ParsesStreams) {
  const ParseCase cases[] = {
      {"two documents", "a: 1\nb: yes\n---\nc: \"1.10\"\nd: 0x1F\n", R"([{"a":1,"b":true},{"c":"1.10","d":31}])"},
      {"leading marker", "---\na: 1\n", R"([{"a":1}])"},
      {"empty stream", "", "[]"},
      {"only comments", "# one\n\n# two\n", "[]"},
      {"empty documents between markers", "---\n---\n", "[null,null]"},
      {"document end marker", "a: 1\n...\n---\nb: 2\n", R"([{"a":1},{"b":2}])"},
      {"marker with a comment", "--- \na: 1\n--- # nothing here\n", R"([{"a":1},null])"},
      {"comments everywhere", "# head\na: 1 # trailing\n# between\nb: [1, # in flow\n  2]\n", R"([{"a":1,"b":[1,2]}])"},
      {"byte order mark",
       "\xEF\xBB\xBF"
       "a: 1\n",
       R"([{"a":1}])"},
      {"CRLF line ends", "a: 1\r\nb:\r\n- x\r\n", R"([{"a":1,"b":["x"]}])"},
      {"flow collections", "{a: [1, {b: c}], d: []}", R"([{"a":[1,{"b":"c"}],"d":[]}])"},
      {"block scalars", "a: |\n  x\n  y\nb: >\n  folded\n  text\nc: |-\n  z\nd: |+\n  k\n\n",
       R"([{"a":"x\ny\n","b":"folded text\n","c":"z","d":"k\n\n"}])"},
      {"plain scalar over several lines", "a: one\n  two\n\n  three\n", R"([{"a":"one two\nthree"}])"},
      {"quoted scalars keep their text", "a: \"yes\"\nb: '1.10'\nc: \"\\t\\u00e9\"\nd: 'it''s'\ne: \"\"\n",
       R"([{"a":"yes","b":"1.10","c":"\t\u00e9","d":"it's","e":""}])"},
      // yaml-cpp decodes \N and \_ to single bytes; the reader re-encodes them as UTF-8
      {"double-quoted escapes", R"(a: "\0\a\b\e\N\_\L\P\x41\xe9\U0001F600\/\ \"\\")",
       R"([{"a":"\u0000\u0007\b\u001b\u0085\u00a0\u2028\u2029A\u00e9\ud83d\ude00/ \"\\"}])"},
      {"go-yaml value typing", "a: ~\nb: null\nc:\nd: 017\ne: 08\nf: 1_000\ng: .5\nh: 2001-12-14\ni: on\nj: 1:30\n",
       R"([{"a":null,"b":null,"c":null,"d":15,"e":8.0,"f":1000,"g":0.5,"h":"2001-12-14","i":true,"j":"1:30"}])"},
      {"non-string keys become strings", "1: a\ntrue: x\n1.5: w\n0x10: z\nno: v\n2001-12-14: t\n",
       R"([{"1":"a","true":"x","1.5":"w","16":"z","false":"v","2001-12-14":"t"}])"},
      // the YAML 1.1 trap sigs.k8s.io/yaml keeps: y and n are booleans, as values and as keys
      {"y and n are booleans", "y: n\nk: y\n", R"([{"true":false,"k":true}])"},
      {"quoted keys are strings", "\"1\": a\n'true': b\n", R"([{"1":"a","true":"b"}])"},
      {"keys with dots", "a.b: 1\n\"c.d\": {e.f: 2}\n", R"([{"a.b":1,"c.d":{"e.f":2}}])"},
      {"explicit keys", "? a\n: 1\n? b\n", R"([{"a":1,"b":null}])"},
      {"tags",
       "a: !!str 1\nb: !!int \"2\"\nc: !custom x\nd: !!float 3\ne: !!binary aGk=\nf: !!null\ng: !!str\nh: !!bool y\n",
       R"([{"a":"1","b":2,"c":"x","d":3.0,"e":"hi","f":null,"g":"","h":true}])"},
      {"tagged keys", "!!str 1: a\n!!int \"010\": b\n", R"([{"1":"a","8":"b"}])"},
      {"anchors and aliases", "a: &x {k: v}\nb: *x\nc: &s str\nd: *s\ne: &n 7\nf: [*n, *n]\n",
       R"([{"a":{"k":"v"},"b":{"k":"v"},"c":"str","d":"str","e":7,"f":[7,7]}])"},
      {"alias of an anchored key", "&k 1: a\nb: *k\n", R"([{"1":"a","b":1}])"},
      {"alias used as a key", "x: &k name\n*k : 2\n", R"([{"x":"name","name":2}])"},
      {"anchors are per document", "a: &x 1\n---\na: &x 2\nb: *x\n", R"([{"a":1},{"a":2,"b":2}])"},
      {"merge key", "base: &b {x: 1, z: 2}\nm:\n  <<: *b\n  x: 3\n", R"([{"base":{"x":1,"z":2},"m":{"x":3,"z":2}}])"},
      {"explicit key before the merge still wins", "base: &b {x: 1, z: 2}\nm:\n  x: 3\n  <<: *b\n",
       R"([{"base":{"x":1,"z":2},"m":{"x":3,"z":2}}])"},
      {"merge list: earlier maps win", "a: &a {x: 1}\nb: &b {x: 2, z: 2}\nm:\n  <<: [*a, *b]\n",
       R"([{"a":{"x":1},"b":{"x":2,"z":2},"m":{"x":1,"z":2}}])"},
      {"inline merge map", "m:\n  <<: {x: 1}\n  z: 2\n", R"([{"m":{"x":1,"z":2}}])"},
      {"merge in a flow map", "b: &b {x: 1}\nm: {<<: *b, z: 0}\n", R"([{"b":{"x":1},"m":{"x":1,"z":0}}])"},
      {"!!merge tag", "b: &b {x: 1}\nm: {!!merge <<: *b}\n", R"([{"b":{"x":1},"m":{"x":1}}])"},
      {"quoted << is an ordinary key", "\"<<\": 1\n", R"([{"<<":1}])"},
      {"scalar and list documents", "--- a\n--- [1]\n", R"(["a",[1]])"},
      {"document of only a quoted comma", "\",\"\n", R"([","])"},
      {"unicode", "name: h\u00e9llo \u65e5\u672c \U0001F600\n", "[{\"name\":\"h\u00e9llo \u65e5\u672c \U0001F600\"}]"},
      {"128 levels", std::string(128, '[') + std::string(128, ']'), nullptr},
  };
  for (const ParseCase& c : cases) {
    SCOPED_TRACE(c.name);
    Result<std::vector<YamlDocument>> docs = parse_yaml_stream(c.yaml, "f.yaml");
    ASSERT_TRUE(docs.ok()) << docs.error().to_string();
    if (c.docs == nullptr) continue;
    Json got = Json::array();
    for (const YamlDocument& d : *docs) got.push_back(d.value);
    Json want = Json::parse(c.docs);
    EXPECT_EQ(got, want);
    // Floats and ints must not be confused either (8.0 vs 8).
    EXPECT_EQ(got.dump(), want.dump());
  }
}

TEST(YamlCodec, DocumentLines) {
  auto docs = parse_yaml_stream("# comment\n\na: 1\n---\n\nb: 2\n--- c\n", "f.yaml");
  ASSERT_TRUE(docs.ok()) << docs.error().to_string();
  ASSERT_EQ(docs->size(), 3u);
  EXPECT_EQ((*docs)[0].line, 3);
  EXPECT_EQ((*docs)[1].line, 4);
  EXPECT_EQ((*docs)[2].line, 7);
}

struct ErrorCase {
  const char* name;
  std::string yaml;
  std::string want;  // Error::to_string(), verbatim
};

const char kExtra[] =
    "unexpected content after the end of a document; a document must be one node (separate documents with '---')";

TEST(YamlCodec, RejectsBadInputWithPositions) {
  const ErrorCase cases[] = {
      {"duplicate key", "a: 1\nb: 2\na: 3\n", "f.yaml:3:1: duplicate key 'a'"},
      {"duplicate key in a flow map", "{a: 1, a: 2}", "f.yaml:1:8: duplicate key 'a'"},
      {"duplicate after key conversion", "1: a\n\"1\": b\n", "f.yaml:2:1: duplicate key '1'"},
      {"duplicate bool keys", "yes: 1\non: 2\n", "f.yaml:2:1: duplicate key 'true'"},
      {"explicit key twice after a merge", "b: &b {x: 1}\nm:\n  <<: *b\n  x: 2\n  x: 3\n",
       "f.yaml:5:3: duplicate key 'x'"},
      {"tab indentation", "a:\n\tb: 1\n", "f.yaml:2:3: invalid YAML: illegal map value"},
      {"map value on a map value", "a: b: c", "f.yaml:1:5: invalid YAML: illegal map value"},
      {"bad indentation", "a:\n  - 1\n  - 2\n b: 3\n", "f.yaml:4:2: invalid YAML: end of map not found"},
      {"unclosed flow list", "[1, 2", "f.yaml:1:1: invalid YAML: end of sequence flow not found"},
      {"unclosed flow map", "{a: 1", "f.yaml:1:1: invalid YAML: end of map flow not found"},
      {"unterminated double quote at EOF", "z: \"abc", "f.yaml:1:8: invalid YAML: illegal EOF in scalar"},
      {"unterminated double quote before the final newline", "z: \"abc\n",
       "f.yaml:1:4: unterminated double-quoted string"},
      {"unterminated single quote at EOF", "z: 'abc", "f.yaml:1:8: invalid YAML: illegal EOF in scalar"},
      {"unterminated single quote", "z: 'abc\n", "f.yaml:1:4: unterminated single-quoted string"},
      {"columns count bytes", "\u00e9: 'abc\n", "f.yaml:1:5: unterminated single-quoted string"},
      {"unterminated quote on a later line", "a: 1\nz: \"abc\ndef\n", "f.yaml:2:4: unterminated double-quoted string"},
      {"escaped quote does not close", "z: \"abc\\\"\n", "f.yaml:1:4: unterminated double-quoted string"},
      {"doubled single quote does not close", "z: 'it''\n", "f.yaml:1:4: unterminated single-quoted string"},
      {"unterminated quote after a tag", "a: !!str \"abc\n", "f.yaml:1:10: unterminated double-quoted string"},
      {"unterminated quote after an anchor", "a: &x 'abc\n", "f.yaml:1:7: unterminated single-quoted string"},
      {"unterminated quoted key", "\"abc: 1\n", "f.yaml:1:1: unterminated double-quoted string"},
      {"list then map without a marker", "- a\nb: c\n", std::string("f.yaml:2:1: ") + kExtra},
      {"document that is just a comma", ",", std::string("f.yaml:1:1: ") + kExtra},
      {"comma document in a stream", "a: 1\n---\n\",\"\n---\n,\n", std::string("f.yaml:5:1: ") + kExtra},
      {"cyclic alias", "a: &a [*a]",
       "f.yaml:1:8: alias *a refers to an anchor that contains it (a cycle); remove the recursive alias"},
      {"cyclic alias in a map", "a: &a {b: *a}",
       "f.yaml:1:11: alias *a refers to an anchor that contains it (a cycle); remove the recursive alias"},
      {"undefined alias", "a: *x", "f.yaml:1:4: invalid YAML: the referenced anchor is not defined"},
      {"list as a key", "? [a]\n: 1\n",
       "f.yaml:1:3: complex mapping keys (a map or list used as a key) are not supported"},
      {"flow list as a key", "{[1]: 2}",
       "f.yaml:1:2: complex mapping keys (a map or list used as a key) are not supported"},
      {"alias of a map as a key", "a: &m {x: 1}\n*m : 2\n",
       "f.yaml:2:1: complex mapping keys (a map or list used as a key) are not supported"},
      {"null key", "~: a", "f.yaml:1:1: a mapping key is empty or null; JSON keys must be strings, quote it"},
      {"empty key", ": a", "f.yaml:1:1: a mapping key is empty or null; JSON keys must be strings, quote it"},
      {"uint64 key", "a: 1\n18446744073709551615: b\n",
       "f.yaml:2:1: mapping key 18446744073709551615 is an integer beyond int64, which sigs.k8s.io/yaml cannot use as "
       "a key; quote it"},
      {"infinity", "a: .inf",
       "f.yaml:1:4: '.inf' is not a finite number and cannot be represented in JSON; quote it to keep it as a string"},
      {"not a number", "a: [1, .nan]",
       "f.yaml:1:8: '.nan' is not a finite number and cannot be represented in JSON; quote it to keep it as a string"},
      {"bad tagged value", "a: !!int abc", "f.yaml:1:4: cannot decode !!str `abc` as a !!int"},
      {"bad binary", "a: !!binary aGk", "f.yaml:1:4: !!binary value contains invalid base64 data"},
      {"merge of a scalar", "m:\n  <<: x\n", "f.yaml:2:3: a merge key (<<) needs a mapping or a list of mappings"},
      {"merge of a list of scalars", "a: 1\nm:\n  <<: [1]\n",
       "f.yaml:3:3: a merge key (<<) needs a mapping or a list of mappings"},
      {"129 levels", std::string(129, '[') + std::string(129, ']'), "f.yaml:1:129: nesting deeper than 128 levels"},
      {"unknown token", "[:", "f.yaml:1:2: invalid YAML: unknown token"},
  };
  for (const ErrorCase& c : cases) {
    SCOPED_TRACE(c.name);
    Result<std::vector<YamlDocument>> docs = parse_yaml_stream(c.yaml, "f.yaml");
    ASSERT_FALSE(docs.ok()) << Json(docs->empty() ? Json() : docs->front().value).dump();
    EXPECT_EQ(docs.error().kind, ErrorKind::InvalidInput);
    EXPECT_EQ(docs.error().to_string(), c.want);
  }
}

TEST(YamlCodec, RejectsInvalidUtf8AndNul) {
  const ErrorCase cases[] = {
      {"overlong encoding", "a: \xc0\xaf\n", "f.yaml:1:4: invalid UTF-8 byte; save the file as UTF-8"},
      {"surrogate", "a: 1\nb: x\xed\xa0\x80\n", "f.yaml:2:5: invalid UTF-8 byte; save the file as UTF-8"},
      {"truncated at the end", "a: \xc3", "f.yaml:1:4: invalid UTF-8 byte; save the file as UTF-8"},
      {"truncated before ASCII", "a: \xe2\x82x\n", "f.yaml:1:4: invalid UTF-8 byte; save the file as UTF-8"},
      {"lone continuation byte", "\x80", "f.yaml:1:1: invalid UTF-8 byte; save the file as UTF-8"},
      {"beyond U+10FFFF", "a: \xf4\x90\x80\x80", "f.yaml:1:4: invalid UTF-8 byte; save the file as UTF-8"},
      {"five-byte form", "a: \xf8\x88\x80\x80\x80", "f.yaml:1:4: invalid UTF-8 byte; save the file as UTF-8"},
      {"latin-1 file", "name: caf\xe9\n", "f.yaml:1:10: invalid UTF-8 byte; save the file as UTF-8"},
      {"after a byte order mark",
       "\xEF\xBB\xBF"
       "a: \xff",
       "f.yaml:1:4: invalid UTF-8 byte; save the file as UTF-8"},
      {"NUL byte", std::string("a: b\0c\n", 7), "f.yaml:1:5: NUL byte in a YAML file; it is binary or corrupt"},
      {"NUL on a later line", std::string("a: 1\n\0", 6),
       "f.yaml:2:1: NUL byte in a YAML file; it is binary or corrupt"},
  };
  for (const ErrorCase& c : cases) {
    SCOPED_TRACE(c.name);
    Result<std::vector<YamlDocument>> docs = parse_yaml_stream(c.yaml, "f.yaml");
    ASSERT_FALSE(docs.ok());
    EXPECT_EQ(docs.error().to_string(), c.want);
  }
}

TEST(YamlCodec, LimitsAreConfigurable) {
  YamlLimits limits;
  limits.max_depth = 3;
  EXPECT_TRUE(parse_yaml_stream("a: {b: [1]}", "f.yaml", limits).ok());
  EXPECT_EQ(parse_yaml_stream("a: {b: [[1]]}", "f.yaml", limits).error().to_string(),
            "f.yaml:1:9: nesting deeper than 3 levels");
  limits = YamlLimits();
  limits.max_nodes = 5;
  EXPECT_TRUE(parse_yaml_stream("[1, 2, 3, 4]", "f.yaml", limits).ok());
  EXPECT_EQ(parse_yaml_stream("[1, 2, 3, 4, 5]", "f.yaml", limits).error().to_string(),
            "f.yaml:1:14: the stream has more than 5 nodes");
  limits = YamlLimits();
  limits.max_alias_nodes = 4;
  EXPECT_TRUE(parse_yaml_stream("a: &a [1]\nb: [*a, *a]\n", "f.yaml", limits).ok());
  EXPECT_EQ(parse_yaml_stream("a: &a [1]\nb: [*a, *a, *a]\n", "f.yaml", limits).error().to_string(),
            "f.yaml:2:13: aliases expand to more than 4 nodes (an alias bomb?); write the values out without anchors");
}

}  // namespace
}  // namespace fleetwave
