// Durations as Go's time.ParseDuration reads them: the cases of Go's parseDurationTests
// (time/time_test.go) that fleetwave accepts, cut to milliseconds, and its errors; a sign, which
// Go accepts, is refused because no fleetwave duration may be negative.
#include "rollout/duration.h"

#include <gtest/gtest.h>

namespace fleetwave {
namespace {

TEST(DurationTest, ReadsWhatGoReads) {
  const std::vector<std::pair<std::string, std::int64_t>> cases = {
      {"0", 0},
      {"5s", 5'000},
      {"30s", 30'000},
      {"1478s", 1'478'000},
      {"5.0s", 5'000},
      {"5.6s", 5'600},
      {"5.s", 5'000},
      {".5s", 500},
      {"1.004s", 1'004},
      {"1.0040s", 1'004},
      {"100.00100s", 100'001},
      {"10ns", 0},
      {"11us", 0},
      {"12\u00b5s", 0},
      {"12\u03bcs", 0},
      {"13ms", 13},
      {"14s", 14'000},
      {"15m", 900'000},
      {"16h", 57'600'000},
      {"3h30m", 12'600'000},
      {"10.5s4m", 250'500},
      {"1h2m3s4ms5us6ns", 3'723'004},
      {"39h9m14.425s", 140'954'425},
      {"52763797000ns", 52'763},
      {"0.3333333333333333333h", 1'200'000},  // 20m: the fraction is scaled in float64, as in Go
      {"1.5h", 5'400'000},
      {"9223372036854775807ns", 9'223'372'036'854},  // the largest Go duration
      {"9223372036s854ms775us807ns", 9'223'372'036'854},
  };
  for (const auto& [text, ms] : cases) {
    auto parsed = parse_duration_ms(text);
    ASSERT_TRUE(parsed.ok()) << text << ": " << parsed.error().to_string();
    EXPECT_EQ(*parsed, ms) << text;
  }
}

TEST(DurationTest, RefusesWhatGoRefusesAndASign) {
  for (const char* text : {"", "3", "-", "s", ".", "-.", ".s", "+.s", "1d", "\x85\x85",
                           "\xff"
                           "fff",
                           "hello \xff\xff world", "9223372036854775808ns", "9223372036854775.808us",
                           "9223372036854ms775us808ns", "-5s", "+5s", "00"}) {
    auto parsed = parse_duration_ms(text);
    ASSERT_FALSE(parsed.ok()) << text;
    EXPECT_NE(parsed.error().message.find("invalid duration"), std::string::npos) << parsed.error().message;
  }
}

}  // namespace
}  // namespace fleetwave
