// The YAML reader rejects what libyaml rejects (issue 10, D4 and D5): inputs yaml-cpp read
// silently, and every family of them, now fail with libyaml's complaint at file:line:column, on
// the fast path and the yaml-cpp path alike. fast_yaml_parser_test.cpp runs the same oracle over
// its whole corpus (which includes the string literals below) and mutants of it.
#include "codec/libyaml_oracle_test.h"

#include <yaml.h>

#include <gtest/gtest.h>

#include "codec/fast_yaml_parser.h"
#include "codec/yaml_codec.h"

namespace fleetwave {

namespace libyaml_oracle {

bool accepts(std::string_view text) {
  yaml_parser_t parser;
  if (yaml_parser_initialize(&parser) == 0) return false;
  yaml_parser_set_input_string(&parser, reinterpret_cast<const unsigned char*>(text.data()), text.size());
  bool ok = true;
  for (bool end = false; !end;) {
    yaml_event_t event;
    if (yaml_parser_parse(&parser, &event) == 0) {
      ok = false;
      break;
    }
    end = event.type == YAML_STREAM_END_EVENT;
    yaml_event_delete(&event);
  }
  yaml_parser_delete(&parser);
  return ok;
}

}  // namespace libyaml_oracle

namespace {

struct RejectCase {
  const char* name;
  const char* text;
  const char* error;  // parse_yaml_stream's error, verbatim
};

const RejectCase kRejected[] = {
    {"D4 mapping line without a colon", "data:\n  a: b\n  replicas 3\n",
     "f.yaml:3:3: invalid YAML: could not find expected ':' (while scanning a simple key); Kubernetes tools "
     "(go-yaml, libyaml) reject it"},
    {"D4 colon-less line as the last key", "apiVersion: v1\nkind: ConfigMap\ndata:\n  k: v\n  replicas 3",
     "f.yaml:5:3: invalid YAML: could not find expected ':' (while scanning a simple key); Kubernetes tools "
     "(go-yaml, libyaml) reject it"},
    {"D5 undefined tag handle", "k: !e!foo v\n",
     "f.yaml:1:4: invalid YAML: found undefined tag handle (while parsing a node that starts at 1:4); Kubernetes "
     "tools (go-yaml, libyaml) reject it"},
    {"D5 control character in a scalar",
     "k: a\x01"
     "b\n",
     "f.yaml:1:5: invalid YAML: control characters are not allowed; Kubernetes tools (go-yaml, libyaml) reject it"},
    {"D5 escape character in a plain scalar", "k: \x1b[31mred\n",
     "f.yaml:1:4: invalid YAML: control characters are not allowed; Kubernetes tools (go-yaml, libyaml) reject it"},
    {"D5 unknown directive", "%FOO bar\n---\nk: v\n",
     "f.yaml:1:1: invalid YAML: found unknown directive name (while scanning a directive); Kubernetes tools "
     "(go-yaml, libyaml) reject it"},
};

// Both parsers may accept these, with different values: libyaml (Kubernetes) breaks the line,
// yaml-cpp keeps the character as text. Refused (libyaml_check.h).
const RejectCase kAmbiguousBreaks[] = {
    {"D5 lone CR inside a key", "ke\ry: v\n",
     "f.yaml:1:3: invalid YAML: a carriage return without a line feed, which Kubernetes tools read as a line break; "
     "end lines with LF (or CRLF), or write the character as an escape in a double-quoted string"},
    {"lone CR in a nested key (both accept it)", "data:\n  ke\ry: v\n",
     "f.yaml:2:5: invalid YAML: a carriage return without a line feed, which Kubernetes tools read as a line break; "
     "end lines with LF (or CRLF), or write the character as an escape in a double-quoted string"},
    {"next line", "a: x\u0085y\n",
     "f.yaml:1:5: invalid YAML: U+0085 (next line), which Kubernetes tools read as a line break; end lines with LF "
     "(or CRLF), or write the character as an escape in a double-quoted string"},
    {"line separator in quotes", "a: \"x\u2028y\"\n",
     "f.yaml:1:6: invalid YAML: U+2028 (line separator), which Kubernetes tools read as a line break; end lines "
     "with LF (or CRLF), or write the character as an escape in a double-quoted string"},
};

TEST(LibyamlOracle, RefusesLineBreaksOnlyLibyamlKnows_D5) {
  for (const RejectCase& c : kAmbiguousBreaks) {
    SCOPED_TRACE(c.name);
    EXPECT_FALSE(fast_parse_yaml_stream(c.text, YamlLimits{}).has_value());
    auto parsed = parse_yaml_stream(c.text, "f.yaml");
    ASSERT_FALSE(parsed.ok());
    EXPECT_EQ(parsed.error().to_string(), c.error);
  }
  // Escaped in a double-quoted string, they are plain characters to everyone.
  auto escaped = parse_yaml_stream("a: \"x\\u2028y\\Nz\"\n", "f.yaml");
  ASSERT_TRUE(escaped.ok()) << escaped.error().to_string();
  EXPECT_EQ((*escaped)[0].value["a"], "x\u2028y\u0085z");
}

TEST(LibyamlOracle, RejectsWhatLibyamlRejects_D4_D5) {
  for (const RejectCase& c : kRejected) {
    SCOPED_TRACE(c.name);
    EXPECT_FALSE(libyaml_oracle::accepts(c.text));
    EXPECT_FALSE(fast_parse_yaml_stream(c.text, YamlLimits{}).has_value());
    auto parsed = parse_yaml_stream(c.text, "f.yaml");
    ASSERT_FALSE(parsed.ok());
    EXPECT_EQ(parsed.error().to_string(), c.error);
    auto slow = parse_yaml_stream_with_yaml_cpp(c.text, "f.yaml");
    ASSERT_FALSE(slow.ok());
    EXPECT_EQ(slow.error().to_string(), c.error);
  }
}

TEST(LibyamlOracle, ByteOrderMarksWhereLibyamlRejectsThem_D5) {
  // A byte order mark is allowed at the start of the stream (and of a document); elsewhere
  // libyaml rejects some placements, and then so must the reader.
  const char* texts[] = {
      "a: b\n\xEF\xBB\xBF"
      "c: d\n",
      "a: b\n  \xEF\xBB\xBF"
      "c: d\n",
      "a: [b, \xEF\xBB\xBF"
      "c]\n",
      "a:\n- b\n\xEF\xBB\xBF- c\n",
      "a: b \xEF\xBB\xBF# c\n",
      "\xEF\xBB\xBF\xEF\xBB\xBF"
      "a: b\n",
  };
  for (const char* text : texts) {
    SCOPED_TRACE(text);
    const bool libyaml = libyaml_oracle::accepts(text);
    auto parsed = parse_yaml_stream(text, "f.yaml");
    if (!libyaml) {
      EXPECT_FALSE(parsed.ok()) << "accepted what libyaml rejects";
    }
  }
}

TEST(LibyamlOracle, AcceptsWhatKubernetesManifestsUse) {
  // The gate must not refuse ordinary YAML: anchors, tags, merge keys and block scalars go to
  // the yaml-cpp path and pass libyaml too.
  const char* texts[] = {
      "base: &b {x: 1}\nuse:\n  <<: *b\n  y: 2\n", "k: !!str 3\n",         "%YAML 1.1\n---\nk: v\n",
      "script: |\n  echo \"hi\"\n  exit 0\n",      "? complex\n: value\n", "\xEF\xBB\xBFk: v\n",
  };
  for (const char* text : texts) {
    SCOPED_TRACE(text);
    EXPECT_TRUE(libyaml_oracle::accepts(text));
    auto parsed = parse_yaml_stream(text, "f.yaml");
    EXPECT_TRUE(parsed.ok()) << parsed.error().to_string();
  }
}

}  // namespace
}  // namespace fleetwave
