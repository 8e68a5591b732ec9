// An app's error is logged the cycle it appears, counted while it repeats, and reported with
// its count the cycle it is gone.
#include "serve/repeat_filter.h"

#include <gtest/gtest.h>

namespace fleetwave::serve {
namespace {

using Ended = std::vector<std::pair<std::string, int>>;

TEST(RepeatFilterTest, SaysAMessageOnceAndHowLongItLasted) {
  RepeatFilter f;
  EXPECT_TRUE(f.seen("shop: broken"));
  EXPECT_FALSE(f.seen("shop: broken")) << "twice in a cycle is said once";
  EXPECT_EQ(f.end_cycle(), Ended{});
  EXPECT_FALSE(f.seen("shop: broken"));
  EXPECT_TRUE(f.seen("web: down"));
  EXPECT_EQ(f.end_cycle(), Ended{});
  EXPECT_FALSE(f.seen("shop: broken"));
  EXPECT_EQ(f.end_cycle(), (Ended{{"web: down", 1}}));
  EXPECT_EQ(f.end_cycle(), (Ended{{"shop: broken", 3}}));
  EXPECT_TRUE(f.seen("shop: broken")) << "back again: new";
}

}  // namespace
}  // namespace fleetwave::serve
