// write_yaml against sigs.k8s.io/yaml JSONToYAML (go-yaml v2 Marshal). Every expectation was
// derived by hand from vendor/go.yaml.in/yaml/v2 (encode.go, emitterc.go, sorter.go,
// resolve.go); the comment on each case names the rule it exercises.
#include "codec/yaml_writer.h"

#include <algorithm>

#include <gtest/gtest.h>

namespace fleetwave {
namespace {

// "word01 word02 ... wordNN": 6-character words, so fold points are easy to count.
std::string words(int from, int to) {
  std::string out;
  for (int i = from; i <= to; ++i) {
    if (!out.empty()) out += ' ';
    out += (i < 10 ? "word0" : "word") + std::to_string(i);
  }
  return out;
}

struct WriteCase {
  const char* name;
  Json value;
  std::string want;
};

void run(const std::vector<WriteCase>& cases) {
  for (const WriteCase& c : cases) {
    SCOPED_TRACE(c.name);
    EXPECT_EQ(write_yaml(c.value), c.want);
  }
}

Json json(const char* text) { return Json::parse(text); }

TEST(YamlWriter, Structure) {
  run({
      // emit_flow_mapping_key / _flow_sequence_item for empty collections, then the document
      // end's write_indent adds the final line break.
      {"empty map at the root", json("{}"), "{}\n"},
      {"empty list at the root", json("[]"), "[]\n"},
      {"null at the root", json("null"), "null\n"},
      {"string at the root", json(R"("abc")"), "abc\n"},
      {"number at the root", json("42"), "42\n"},
      // block mappings: increase_indent(false, false) adds best_indent (2)
      {"nested maps indent by two", json(R"({"a":{"b":{"c":1}}})"), "a:\n  b:\n    c: 1\n"},
      // block sequences under a key are indentless (mapping_context && !indention)
      {"list under a key is not indented", json(R"({"a":[1,2]})"), "a:\n- 1\n- 2\n"},
      {"list of lists continues on the dash line", json("[[1,2],[3]]"), "- - 1\n  - 2\n- - 3\n"},
      {"map in a list starts on the dash line", json(R"([{"b":2,"a":1}])"), "- a: 1\n  b: 2\n"},
      {"list in a map in a list", json(R"([{"a":[1,{"b":[]}]}])"), "- a:\n  - 1\n  - b: []\n"},
      {"map in a list in a map", json(R"({"a":[{"b":{"c":1}}]})"), "a:\n- b:\n    c: 1\n"},
      {"empty collections are flow style", json(R"({"a":{},"b":[],"c":[{},[]]})"), "a: {}\nb: []\nc:\n- {}\n- []\n"},
      {"a Kubernetes object",
       json(R"({"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"x","labels":{"app":"web"}},
                "data":{"a.txt":"hello\n","port":"8080","enabled":"true"}})"),
       "apiVersion: v1\n"
       "data:\n"
       "  a.txt: |\n"
       "    hello\n"
       "  enabled: \"true\"\n"
       "  port: \"8080\"\n"
       "kind: ConfigMap\n"
       "metadata:\n"
       "  labels:\n"
       "    app: web\n"
       "  name: x\n"},
  });
}

TEST(YamlWriter, NumbersBoolsAndNull) {
  run({
      // encode.go intv/uintv: decimal; floatv: strconv.FormatFloat(f, 'g', -1, 64), so an
      // integral float loses its point (and reads back as an int)
      {"numbers",
       json(
           R"({"i":-7,"u":18446744073709551615,"f":1.0,"g":0.5,"h":1e6,"k":1e-5,"l":123456.0,"m":1234567.0,"n0":-0.0})"),
       "f: 1\ng: 0.5\nh: 1e+06\ni: -7\nk: 1e-05\nl: 123456\nm: 1.234567e+06\nn0: -0\nu: 18446744073709551615\n"},
      {"bools and null are plain", json(R"({"t":true,"f":false,"z":null})"), "f: false\nt: true\nz: null\n"},
      {"non-finite floats use YAML names",
       Json::array({std::numeric_limits<double>::infinity(), -std::numeric_limits<double>::infinity()}),
       "- .inf\n- -.inf\n"},
  });
}

TEST(YamlWriter, StringsThatResolveToOtherTypesAreDoubleQuoted) {
  run({
      // encode.go stringv: canUsePlain = resolve("", s) == !!str && !isBase60Float(s)
      {"YAML 1.1 words and numbers",
       json(R"({"a":"true","b":"yes","c":"1","d":"1.10","e":"0x1F","f":"null","g":"~","h":"","i":".inf",
                "j":"-.5","k":"1e3","l":"0o17","m":"+1","o":"1_000","p":"08","q":"off"})"),
       "a: \"true\"\nb: \"yes\"\nc: \"1\"\nd: \"1.10\"\ne: \"0x1F\"\nf: \"null\"\ng: \"~\"\nh: \"\"\ni: \".inf\"\n"
       "j: \"-.5\"\nk: \"1e3\"\nl: \"0o17\"\nm: \"+1\"\no: \"1_000\"\np: \"08\"\nq: \"off\"\n"},
      {"keys are quoted the same way", json(R"({"y":1,"n":2,"1":3,"true":4,"null":5,"1.5":6})"),
       "\"1\": 3\n\"1.5\": 6\n\"n\": 2\n\"null\": 5\n\"true\": 4\n\"y\": 1\n"},
      // resolve tries parseTimestamp for plain scalars; a T form needs a zone
      {"timestamps", json(R"({"a":"2001-12-14","b":"2001-12-14T21:59:43.10-05:00","c":"2001-12-14 21:59:43.10",
                "d":"2001-12-14T21:59:43","e":"2001-13-01"})"),
       "a: \"2001-12-14\"\nb: \"2001-12-14T21:59:43.10-05:00\"\nc: \"2001-12-14 21:59:43.10\"\n"
       "d: 2001-12-14T21:59:43\ne: 2001-13-01\n"},
      {"base-60 numbers", json(R"({"a":"1:30","b":"-1:30:59.5","c":"1:60"})"),
       "a: \"1:30\"\nb: \"-1:30:59.5\"\nc: 1:60\n"},
      // '<' has no entry in resolveTable, so "<<" resolves to !!str and is written plain
      {"merge key text stays plain", json(R"({"<<":"<<"})"), "<<: <<\n"},
  });
}

TEST(YamlWriter, IndicatorsForceSingleQuotes) {
  run({
      // analyze_scalar: block indicators forbid plain style in block context
      {"indicators",
       json(R"({"a":"- x","b":"a: b","c":"#x","d":"a #b","e":"@x","f":"`x","g":"x:","h":"?","i":"-","j":"---",
                "k":"... x","l":"[x]","m":"{x}","n1":"!x","o":"&x","p":"*x","q":"|x","r":">x","s":"'x",
                "t":"\"x","u":"%x",",":","})"),
       "',': ','\na: '- x'\nb: 'a: b'\nc: '#x'\nd: 'a #b'\ne: '@x'\nf: '`x'\ng: 'x:'\nh: '?'\ni: '-'\n"
       "j: '---'\nk: '... x'\nl: '[x]'\nm: '{x}'\nn1: '!x'\no: '&x'\np: '*x'\nq: '|x'\nr: '>x'\ns: '''x'\n"
       "t: '\"x'\nu: '%x'\n"},
      // flow indicators alone, or indicators not followed by a space, keep plain style
      {"harmless indicators",
       json(R"({"a":"a:b","b":"a#b","c":"-x","d":"?x","e":":x","f":"x,y","g":"x[0]","h":"a - b","i":"x?","j":"50%"})"),
       "a: a:b\nb: a#b\nc: -x\nd: ?x\ne: :x\nf: x,y\ng: x[0]\nh: a - b\ni: x?\nj: 50%\n"},
      {"leading and trailing spaces", json(R"({"a":" x","b":"x ","c":"  "})"), "a: ' x'\nb: 'x '\nc: '  '\n"},
  });
}

TEST(YamlWriter, SpecialCharactersForceDoubleQuotes) {
  run({
      // not printable (is_printable) => double quotes with go-yaml's escapes
      {"escapes", json(R"({"a":"tab\tx","b":"cr\rx","c":"bell\u0007","d":"esc\u001b","e":"del\u007f","f":"nel\u0085",
                "g":"nul\u0000","h":"\b\u000b\f","i":"\ufffe","j":"emoji \ud83d\ude00",
                "k":"quote \" and \\ backslash\tx"})"),
       "a: \"tab\\tx\"\nb: \"cr\\rx\"\nc: \"bell\\a\"\nd: \"esc\\e\"\ne: \"del\\x7F\"\nf: \"nel\\N\"\n"
       "g: \"nul\\0\"\nh: \"\\b\\v\\f\"\ni: \"\\uFFFE\"\nj: \"emoji \\U0001F600\"\n"
       "k: \"quote \\\" and \\\\ backslash\\tx\"\n"},
      {"printable unicode stays plain", json(R"({"a":"h\u00e9llo w\u00f6rld \u65e5\u672c","b":"\u00a0x"})"),
       "a: h\u00e9llo w\u00f6rld \u65e5\u672c\nb: \u00a0x\n"},
      // is_bom tests the start of the value, not the character: everything gets escaped
      {"byte order mark at the start", json(R"({"a":"\ufeffbom","b":"x\ufeff"})"),
       "a: \"\\uFEFF\\x62\\x6F\\x6D\"\nb: \"x\\uFEFF\"\n"},
      // U+2028 is printable but a line break: single quotes, written raw, then indented
      {"line separator", json(R"({"a":"a\u2028b"})"), "a: 'a\u2028  b'\n"},
  });
}

TEST(YamlWriter, MultiLineStringsAreLiteralBlocks) {
  run({
      // stringv picks literal style for "\n"; write_block_scalar_hints picks chomping
      {"strip", json(R"({"a":"x\ny"})"), "a: |-\n  x\n  y\n"},
      {"clip", json(R"({"a":"x\ny\n"})"), "a: |\n  x\n  y\n"},
      {"keep", json(R"({"a":"x\n\n"})"), "a: |+\n  x\n\n"},
      {"only a break", json(R"({"a":"\n"})"), "a: |2+\n\n"},
      {"leading space needs an indentation indicator", json(R"({"a":" x\ny"})"), "a: |2-\n   x\n  y\n"},
      {"leading break needs an indentation indicator", json(R"({"a":"\nx"})"), "a: |2-\n\n  x\n"},
      {"indented later line", json(R"({"a":"x\n y"})"), "a: |-\n  x\n   y\n"},
      {"empty line inside", json(R"({"a":"x\n\ny"})"), "a: |-\n  x\n\n  y\n"},
      // analyze_scalar: space before a break, a trailing space or a tab rule out block style
      {"space before a break", json(R"({"a":"x \ny"})"), "a: \"x \\ny\"\n"},
      {"trailing space", json(R"({"a":"x\ny "})"), "a: \"x\\ny \"\n"},
      {"tab", json(R"({"a":"x\n\ty"})"), "a: \"x\\n\\ty\"\n"},
      {"CRLF", json(R"({"a":"x\r\ny"})"), "a: \"x\\r\\ny\"\n"},
      {"in a list under a map", json(R"({"a":{"b":["x\ny"]}})"), "a:\n  b:\n  - |-\n    x\n    y\n"},
      {"at the root", json(R"("x\ny\n")"), "|\n  x\n  y\n"},
      {"then the next key", json(R"({"a":"x\n","b":1})"), "a: |\n  x\nb: 1\n"},
  });
}

TEST(YamlWriter, LongScalarsFoldAfterColumn80) {
  std::string k129(129, 'k');
  run({
      // write_plain_scalar: at a single space once column > best_width (80), break and indent
      {"plain value", Json::object({{"k", words(1, 20)}}), "k: " + words(1, 12) + "\n  " + words(13, 20) + "\n"},
      // a root scalar's indent is best_indent (increase_indent(flow) from -1)
      {"plain root", Json(words(1, 20)), words(1, 12) + "\n  " + words(13, 20) + "\n"},
      {"a long word is never broken", Json::object({{"k", std::string(100, 'x') + " y"}}),
       "k: " + std::string(100, 'x') + "\n  y\n"},
      {"double spaces are not fold points", Json::object({{"k", std::string(85, 'a') + "  b"}}),
       "k: " + std::string(85, 'a') + "  b\n"},
      // write_single_quoted: same rule, never at the first or last character
      {"single-quoted value", Json::object({{"k", "- " + words(1, 20)}}),
       "k: '- " + words(1, 11) + "\n  " + words(12, 20) + "'\n"},
      // write_double_quoted: same rule; a space after the break point is escaped
      {"double-quoted value", Json::object({{"k", "\t" + words(1, 20)}}),
       "k: \"\\t" + words(1, 11) + "\n  " + words(12, 20) + "\"\n"},
      {"double-quoted value with two spaces at the fold", Json::object({{"k", "\t" + words(1, 11) + "  word12"}}),
       "k: \"\\t" + words(1, 11) + "\n  \\ word12\"\n"},
      // simple keys are written with allow_breaks = false
      {"keys are not folded", Json::object({{words(1, 15), "v"}}), words(1, 15) + ": v\n"},
      // check_simple_key: more than 128 bytes makes a "? " complex key, which may fold
      {"complex key folds", Json::object({{words(1, 20), "v"}}),
       "? " + words(1, 12) + "\n  " + words(13, 20) + "\n: v\n"},
      {"128-byte key is simple", Json::object({{std::string(128, 'k'), "v"}}), std::string(128, 'k') + ": v\n"},
      {"129-byte key is complex", Json::object({{k129, "v"}, {"m", 1}}), "? " + k129 + "\n: v\nm: 1\n"},
      {"complex key with a map value", Json::object({{k129, json(R"({"b":1,"c":2})")}}),
       "? " + k129 + "\n: b: 1\n  c: 2\n"},
      {"complex key with a list value", Json::object({{k129, json("[1,2]")}}), "? " + k129 + "\n: - 1\n  - 2\n"},
      // a multi-line scalar is never a simple key; as a complex key it may be a literal
      {"multi-line key", json(R"({"a\nb":"v"})"), "? |-\n  a\n  b\n: v\n"},
      {"multi-line key ending in a break", json(R"({"a\n":"v"})"), "? |\n  a\n: v\n"},
  });
}

TEST(YamlWriter, KeysFollowGoYamlNaturalOrder) {
  run({
      // sorter.go: non-letters before letters, letters by code point, digit runs by value
      {"mixed keys", json(R"({"b":1,"a":2,"B":3,"A":4,"a10":5,"a2":6,"a1":7,"_":8,"-":9,"10":10,"9":11})"),
       "'-': 9\n_: 8\n\"9\": 11\n\"10\": 10\nA: 4\nB: 3\na: 2\na1: 7\na2: 6\na10: 5\nb: 1\n"},
  });
}

TEST(YamlWriter, InvalidUtf8IsWrittenAsBinary) {
  // encode.go stringv: invalid UTF-8 becomes !!binary base64 (encodeBase64: 70-char lines)
  run({
      {"short value", Json::object({{"k", "\xff\xfe"}}), "k: !!binary //4=\n"},
      {"long value is a literal block", Json::object({{"k", std::string(60, '\xff')}}),
       "k: !!binary |\n  " + std::string(70, '/') + "\n  " + std::string(10, '/') + "\n"},
      {"key", Json::object({{"\xff", 1}}), "!!binary /w==: 1\n"},
  });
}

struct OrderCase {
  const char* name;
  std::vector<std::string> want;  // ascending
};

TEST(YamlKeyLess, SortsLikeSorterGo) {
  const OrderCase cases[] = {
      {"letters by code point", {"A", "B", "a", "b"}},
      {"non-letters first, by code point when not digits", {"-", "_", "1", "x"}},
      {"digit runs by value", {"a1", "a2", "a10", "b"}},
      {"numbers", {"9", "10", "11", "100"}},
      {"shorter run first on equal value", {"a9", "a09", "a10"}},
      {"leading zeros make a longer run", {"x1", "x01"}},
      {"a zero after a non-zero digit", {"10", "11"}},
      {"prefix first", {"a", "a0", "a00"}},
      {"version-like keys", {"1.5", "1.10"}},
      // unicode.IsLetter: U+00E9 is a letter, U+20AC (euro) is not
      {"non-ASCII letters by code point", {"z", "\u00e9"}},
      {"non-ASCII non-letter before a letter", {"a\u20ac", "ab"}},
      // unicode.IsDigit includes U+0663 ARABIC-INDIC DIGIT THREE, valued as rune - '0'
      {"non-ASCII digits", {"4", "\u0663"}},
  };
  for (const OrderCase& c : cases) {
    SCOPED_TRACE(c.name);
    for (std::size_t i = 0; i + 1 < c.want.size(); ++i) {
      EXPECT_TRUE(yaml_key_less(c.want[i], c.want[i + 1])) << c.want[i] << " < " << c.want[i + 1];
      EXPECT_FALSE(yaml_key_less(c.want[i + 1], c.want[i])) << c.want[i + 1] << " !< " << c.want[i];
    }
    std::vector<std::string> shuffled(c.want.rbegin(), c.want.rend());
    std::stable_sort(shuffled.begin(), shuffled.end(), yaml_key_less);
    EXPECT_EQ(shuffled, c.want);
  }
  EXPECT_FALSE(yaml_key_less("same", "same"));
}

}  // namespace
}  // namespace fleetwave
