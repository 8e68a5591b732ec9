// One escaping loop for formats whose special characters are a short list.
#include "base/escape_chars.h"

#include <gtest/gtest.h>

namespace fleetwave {
namespace {

TEST(EscapeCharsTest, ReplacesTheListedCharactersAndKeepsTheRest) {
  EXPECT_EQ(escape_chars("a/b~c", {{'~', "~0"}, {'/', "~1"}}), "a~1b~0c");
  EXPECT_EQ(escape_chars("~1", {{'~', "~0"}, {'/', "~1"}}), "~01") << "a replacement is not escaped again";
  EXPECT_EQ(escape_chars("a\"b\n", {{'"', "\\\""}, {'\n', "\\n"}}), "a\\\"b\\n");
  EXPECT_EQ(escape_chars("plain", {}), "plain");
  EXPECT_EQ(escape_chars("", {{'x', "y"}}), "");
}

}  // namespace
}  // namespace fleetwave
