// LogRateLimit (issue 10, D12): a burst, then one line per interval; the rest are counted and
// the next line written says how many were left out.
#include "serve/log_rate_limit.h"

#include <gtest/gtest.h>

namespace fleetwave::serve {
namespace {

TEST(LogRateLimit, BurstThenOnePerIntervalAndCountsTheRest_D12) {
  LogRateLimit limit(3, 1000);
  int written = 0;
  for (int i = 0; i < 2000; ++i) written += limit.take(10'000).write ? 1 : 0;  // a flood in one instant
  EXPECT_EQ(written, 3);
  EXPECT_FALSE(limit.take(10'999).write);
  LogRateLimit::Verdict next = limit.take(11'000);  // a token a second
  EXPECT_TRUE(next.write);
  EXPECT_EQ(next.suppressed_before, 1998u);
  EXPECT_FALSE(limit.take(11'500).write);
  // A quiet minute refills the burst, not more.
  int later = 0;
  for (int i = 0; i < 10; ++i) later += limit.take(71'000).write ? 1 : 0;
  EXPECT_EQ(later, 3);
}

TEST(LogRateLimit, TimeGoingBackwardsGrantsNothing) {
  LogRateLimit limit(1, 1000);
  EXPECT_TRUE(limit.take(5000).write);
  EXPECT_FALSE(limit.take(1000).write);
  EXPECT_FALSE(limit.take(5999).write);
  EXPECT_TRUE(limit.take(6000).write);
}

}  // namespace
}  // namespace fleetwave::serve
