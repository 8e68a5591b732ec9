// Durations as people read them: configured ones exactly as written back ("1h30m"), measured
// spans to the second and never more than observed, ages in kubectl's steps.
#include "base/duration_text.h"

#include <gtest/gtest.h>

namespace fleetwave {
namespace {

constexpr std::int64_t kSecond = 1000, kMinute = 60 * kSecond, kHour = 60 * kMinute, kDay = 24 * kHour;

TEST(DurationTextTest, ConfiguredDurationsAreExact) {
  EXPECT_EQ(format_duration_ms(0), "0s");
  EXPECT_EQ(format_duration_ms(250), "250ms");
  EXPECT_EQ(format_duration_ms(kHour + 30 * kMinute), "1h30m");
  EXPECT_EQ(format_duration_ms(4959), "4s959ms");
}

TEST(DurationTextTest, ElapsedSpansStopAtTheSecondRoundedDown) {
  EXPECT_EQ(format_elapsed_ms(4959), "4s");
  EXPECT_EQ(format_elapsed_ms(7030), "7s");
  EXPECT_EQ(format_elapsed_ms(999), "0s");
  EXPECT_EQ(format_elapsed_ms(-5), "0s");
  EXPECT_EQ(format_elapsed_ms(10 * kMinute + 5 * kSecond + 900), "10m5s");
}

TEST(DurationTextTest, AgesFollowKubectlSteps) {
  const struct {
    std::int64_t ms;
    const char* age;
  } cases[] = {
      {0, "0s"},
      {119 * kSecond + 999, "119s"},
      {2 * kMinute, "2m"},
      {3 * kMinute + 12 * kSecond, "3m12s"},
      {10 * kMinute + 59 * kSecond, "10m"},
      {179 * kMinute, "179m"},
      {3 * kHour, "3h"},
      {5 * kHour + 30 * kMinute, "5h30m"},
      {8 * kHour + 30 * kMinute, "8h"},
      {47 * kHour, "47h"},
      {2 * kDay + 3 * kHour, "2d3h"},
      {8 * kDay + 3 * kHour, "8d"},
      {400 * kDay, "400d"},
      {3 * 365 * kDay + 10 * kDay, "3y10d"},
      {9 * 365 * kDay + 10 * kDay, "9y"},
  };
  for (const auto& c : cases) EXPECT_EQ(format_age_ms(c.ms), c.age) << c.ms;
}

}  // namespace
}  // namespace fleetwave
