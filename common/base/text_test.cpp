// printable(): how every message echoes input (issue 10, D7 and D10): one line, no terminal
// escapes, at most kMaxEchoBytes of the value. And Error::to_string, which applies it to the
// file name, the field and (at a larger bound) the message.
#include "base/text.h"

#include <gtest/gtest.h>

#include "base/error.h"

namespace fleetwave {
namespace {

TEST(Printable, EscapesWhatWouldSplitALineOrReachATerminal) {
  struct Case {
    const char* name;
    std::string input;
    std::string want;
  } cases[] = {
      {"plain text stays", "apps/web/deploy.yaml", "apps/web/deploy.yaml"},
      {"utf-8 stays", "caf\xC3\xA9 \xE2\x9C\x93", "caf\xC3\xA9 \xE2\x9C\x93"},
      {"newline", "a\nb", "a\\nb"},
      {"carriage return", "a\rb", "a\\rb"},
      {"tab", "a\tb", "a\\tb"},
      {"ANSI escape (D10)", "\x1b[31mred\x1b[0m", "\\x1b[31mred\\x1b[0m"},
      {"other C0 and DEL", std::string("\x01\x7f", 2), "\\x01\\x7f"},
      {"NUL", std::string("a\0b", 3), "a\\x00b"},
      {"C1 control CSI",
       "\xC2\x9B"
       "2J",
       "\\u009b2J"},
      {"line separator",
       "a\xE2\x80\xA8"
       "b",
       "a\\u2028b"},
      {"paragraph separator",
       "a\xE2\x80\xA9"
       "b",
       "a\\u2029b"},
      {"invalid UTF-8", "a\xFF\xC3", "a\\xff\\xc3"},
      {"overlong encoding", "\xC0\xAF", "\\xc0\\xaf"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    EXPECT_EQ(printable(c.input), c.want);
  }
}

TEST(Printable, CutsLongValuesAtACharacterBoundary_D7) {
  std::string want(200, 'k');
  want += "...(999800 more bytes)";
  EXPECT_EQ(printable(std::string(1'000'000, 'k')), want);
  EXPECT_EQ(printable("abcdef", 3), "abc...(3 more bytes)");
  EXPECT_EQ(printable("abc", 3), "abc");
  // A two-byte character that would straddle the bound is left out whole.
  EXPECT_EQ(printable("ab\xC3\xA9", 3), "ab...(2 more bytes)");
}

TEST(ErrorToString, EscapesFileAndFieldAndBoundsTheMessage_D10) {
  Error e = invalid_input(std::string(10'000, 'm'), "metadata.labels[\"a\nb\"]");
  e.pos = {"app/evil\n\x1b[2Jname.yaml", 3, 7};
  const std::string line = e.to_string();
  EXPECT_EQ(line.find('\n'), std::string::npos);
  EXPECT_EQ(line.find('\x1b'), std::string::npos);
  EXPECT_EQ(line.rfind("app/evil\\n\\x1b[2Jname.yaml:3:7: metadata.labels[\"a\\nb\"]: mmm", 0), 0u) << line;
  EXPECT_LT(line.size(), 4200u);
  EXPECT_NE(line.find("...(5904 more bytes)"), std::string::npos) << line.substr(line.size() - 40);
}

}  // namespace
}  // namespace fleetwave
