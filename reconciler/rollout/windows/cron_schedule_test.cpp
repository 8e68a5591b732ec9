// Cron schedules: every accepted form, every error, the day-of-month/day-of-week rule, and the
// trigger searches across month, year and leap-year ends (checked against a minute-by-minute
// scan).
#include "rollout/windows/cron_schedule.h"

#include <gtest/gtest.h>

namespace fleetwave {
namespace {

CronSchedule cron(const std::string& text) {
  auto parsed = CronSchedule::parse(text);
  EXPECT_TRUE(parsed.ok()) << text << ": " << (parsed.ok() ? "" : parsed.error().message);
  return parsed.ok() ? *parsed : CronSchedule{};
}

CivilMinute at(std::int64_t y, int mo, int d, int h = 0, int mi = 0) { return {y, mo, d, h, mi}; }

// The minutes of one hour (on a day that matches) that the schedule fires at.
std::vector<int> minutes_of(const CronSchedule& s, CivilMinute hour) {
  std::vector<int> out;
  for (int m = 0; m < 60; ++m) {
    hour.minute = m;
    if (s.matches(hour)) out.push_back(m);
  }
  return out;
}

TEST(CronScheduleTest, ParsesEveryFieldForm) {
  const CivilMinute noon = at(2026, 11, 27, 12);  // a Friday
  EXPECT_EQ(minutes_of(cron("* * * * *"), noon).size(), 60u);
  EXPECT_EQ(minutes_of(cron("5 * * * *"), noon), (std::vector<int>{5}));
  EXPECT_EQ(minutes_of(cron("10-13 * * * *"), noon), (std::vector<int>{10, 11, 12, 13}));
  EXPECT_EQ(minutes_of(cron("*/15 * * * *"), noon), (std::vector<int>{0, 15, 30, 45}));
  EXPECT_EQ(minutes_of(cron("0-10/5 * * * *"), noon), (std::vector<int>{0, 5, 10}));
  EXPECT_EQ(minutes_of(cron("10/20 * * * *"), noon), (std::vector<int>{10, 30, 50}));  // a/n: a to the end
  EXPECT_EQ(minutes_of(cron("1,2,40-42,*/30 * * * *"), noon), (std::vector<int>{0, 1, 2, 30, 40, 41, 42}));
  EXPECT_EQ(minutes_of(cron("  7\t*  * * *  "), noon), (std::vector<int>{7}));  // any blanks between fields

  EXPECT_TRUE(cron("0 12 * * *").matches(noon));
  EXPECT_FALSE(cron("0 13 * * *").matches(noon));
  EXPECT_FALSE(cron("0 9-17/4 * * *").matches(noon));  // 9, 13, 17
  EXPECT_TRUE(cron("0 9-17/4 * * *").matches(at(2026, 11, 27, 13)));
  EXPECT_TRUE(cron("0 9-17/3 * * *").matches(noon));  // 9, 12, 15

  // Month and weekday names, any case, also in ranges.
  EXPECT_EQ(cron("0 0 1 jan-Mar *"), cron("0 0 1 1-3 *"));
  EXPECT_EQ(cron("0 0 * NOV,dec *"), cron("0 0 * 11,12 *"));
  EXPECT_EQ(cron("0 0 * * mon-FRI"), cron("0 0 * * 1-5"));
  EXPECT_EQ(cron("0 0 * * sun,Sat"), cron("0 0 * * 0,6"));
  // "?" is "*" in any field, as robfig/cron's getRange reads it (parser.go), which Argo CD's
  // sync windows use.
  EXPECT_EQ(cron("0 0 ? * MON"), cron("0 0 * * MON"));
  EXPECT_EQ(cron("0 0 1 * ?"), cron("0 0 1 * *"));
  EXPECT_EQ(cron("? 0 * * *"), cron("* 0 * * *"));
  EXPECT_TRUE(cron("0 12 * * FRI").matches(noon));
  EXPECT_FALSE(cron("0 12 * * THU").matches(noon));
  EXPECT_TRUE(cron("0 12 27 NOV *").matches(noon));
}

TEST(CronScheduleTest, ExpandsDescriptors) {
  EXPECT_EQ(cron("@yearly"), cron("0 0 1 1 *"));
  EXPECT_EQ(cron("@annually"), cron("0 0 1 1 *"));
  EXPECT_EQ(cron("@monthly"), cron("0 0 1 * *"));
  EXPECT_EQ(cron("@weekly"), cron("0 0 * * 0"));
  EXPECT_EQ(cron("@daily"), cron("0 0 * * *"));
  EXPECT_EQ(cron("@midnight"), cron("0 0 * * *"));
  EXPECT_EQ(cron("@hourly"), cron("0 * * * *"));
  EXPECT_EQ(cron("@Daily"), cron("0 0 * * *"));
}

TEST(CronScheduleTest, ReportsEveryErrorWithFieldAndToken) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"", "empty schedule; use 5 fields: minute hour day-of-month month day-of-week"},
      {"   ", "empty schedule; use 5 fields: minute hour day-of-month month day-of-week"},
      {"* * * *", "expected 5 fields (minute hour day-of-month month day-of-week), got 4"},
      {"0 * * * * *", "expected 5 fields (minute hour day-of-month month day-of-week), got 6"},
      {"@every 5m", "expected 5 fields (minute hour day-of-month month day-of-week), got 2"},
      {"@reboot",
       "unsupported descriptor \"@reboot\"; use @yearly, @annually, @monthly, @weekly, @daily, @midnight or @hourly"},
      {"60 * * * *", "minute: \"60\" is out of range 0-59"},
      {"99999999999 * * * *", "minute: \"99999999999\" is out of range 0-59"},
      {"x * * * *", "minute: \"x\" is not a number"},
      {"* 24 * * *", "hour: \"24\" is out of range 0-23"},
      {"* * 0 * *", "day-of-month: \"0\" is out of range 1-31"},
      {"* * 32 * *", "day-of-month: \"32\" is out of range 1-31"},
      {"* * * 13 *", "month: \"13\" is out of range 1-12"},
      {"* * * 0 *", "month: \"0\" is out of range 1-12"},
      {"* * * JANUARY *", "month: \"JANUARY\" is neither a number nor a month name"},
      {"* * * MON *", "month: \"MON\" is neither a number nor a month name"},
      {"* * * * 7", "day-of-week: \"7\" is out of range 0-6"},  // robfig/cron's dow bounds (spec.go)
      {"* * * * 5-7", "day-of-week: \"7\" is out of range 0-6"},
      {"* * * * FUN", "day-of-week: \"FUN\" is neither a number nor a weekday name"},
      {"* * * * JAN", "day-of-week: \"JAN\" is neither a number nor a weekday name"},
      {"5-1 * * * *", "minute: \"5-1\" is a reversed range; write the smaller value first"},
      {"* * * * FRI-MON", "day-of-week: \"FRI-MON\" is a reversed range; write the smaller value first"},
      {"-5 * * * *", "minute: \"-5\" is not a valid range; use a-b"},
      {"1- * * * *", "minute: \"1-\" is not a valid range; use a-b"},
      {"1-2-3 * * * *", "minute: \"2-3\" is not a number"},
      {"*/0 * * * *", "minute: \"*/0\" has step 0; the step must be at least 1"},
      {"*/x * * * *", "minute: \"*/x\" has an invalid step; use */n or a-b/n with n a positive number"},
      {"*/ * * * *", "minute: \"*/\" has an invalid step; use */n or a-b/n with n a positive number"},
      {"1/2/3 * * * *", "minute: \"1/2/3\" has an invalid step; use */n or a-b/n with n a positive number"},
      {"1,,2 * * * *", "minute: \"1,,2\" has an empty list item"},
      {"1, * * * *", "minute: \"1,\" has an empty list item"},
      {"0 0 30 2 *", "day-of-month: \"30\" never occurs in month \"2\""},
      {"0 0 31 APR,jun,9,11 *", "day-of-month: \"31\" never occurs in month \"APR,jun,9,11\""},
  };
  for (const auto& [text, want] : cases) {
    SCOPED_TRACE(text);
    auto parsed = CronSchedule::parse(text);
    ASSERT_FALSE(parsed.ok());
    EXPECT_EQ(parsed.error().message, want);
    EXPECT_EQ(parsed.error().kind, ErrorKind::InvalidInput);
  }
  // Not errors: a day that exists in one of the months, or a weekday to fall back on.
  EXPECT_TRUE(CronSchedule::parse("0 0 31 2,3 *").ok());
  EXPECT_TRUE(CronSchedule::parse("0 0 29 2 *").ok());
  EXPECT_TRUE(CronSchedule::parse("0 0 30 2 1").ok());
}

TEST(CronScheduleTest, DayOfMonthOrDayOfWeekWhenBothRestricted) {
  // November 2026: the 13th is a Friday, Mondays are the 2nd, 9th, 16th, 23rd, 30th.
  const CronSchedule either = cron("0 0 13 * MON");
  std::vector<int> days;
  for (int d = 1; d <= 30; ++d) {
    if (either.matches(at(2026, 11, d))) days.push_back(d);
  }
  EXPECT_EQ(days, (std::vector<int>{2, 9, 13, 16, 23, 30}));

  // With one side unrestricted, the other alone decides.
  days.clear();
  for (int d = 1; d <= 30; ++d) {
    if (cron("0 0 13 * *").matches(at(2026, 11, d))) days.push_back(d);
  }
  EXPECT_EQ(days, (std::vector<int>{13}));
  days.clear();
  for (int d = 1; d <= 30; ++d) {
    if (cron("0 0 * * 1").matches(at(2026, 11, d))) days.push_back(d);
  }
  EXPECT_EQ(days, (std::vector<int>{2, 9, 16, 23, 30}));

  // "*/2" and "1-31" restrict (as in robfig/cron), so they OR with the weekday; "*,5" does not.
  EXPECT_TRUE(cron("0 0 */2 * MON").matches(at(2026, 11, 16)));  // even, but a Monday
  EXPECT_TRUE(cron("0 0 */2 * MON").matches(at(2026, 11, 3)));   // odd day, not a Monday
  EXPECT_FALSE(cron("0 0 */2 * MON").matches(at(2026, 11, 4)));  // even day, not a Monday
  EXPECT_TRUE(cron("0 0 1-31 * MON").matches(at(2026, 11, 4)));  // every day
  EXPECT_FALSE(cron("0 0 *,5 * MON").matches(at(2026, 11, 5)));  // star: only Mondays
  EXPECT_TRUE(cron("0 0 13 * */1").matches(at(2026, 11, 13)));   // */1 is a star: only the 13th
  EXPECT_FALSE(cron("0 0 13 * */1").matches(at(2026, 11, 14)));
  // The month always has to match.
  EXPECT_FALSE(cron("0 0 13 DEC MON").matches(at(2026, 11, 16)));
}

TEST(CronScheduleTest, FindsTriggersAcrossMonthYearAndLeapYearEnds) {
  const CronSchedule leap_day = cron("0 0 29 2 *");
  EXPECT_EQ(leap_day.next_after(at(2025, 3, 1)), at(2028, 2, 29));
  EXPECT_EQ(leap_day.latest_at_or_before(at(2028, 2, 28, 23, 59)), at(2024, 2, 29));
  EXPECT_EQ(leap_day.latest_at_or_before(at(2028, 2, 29)), at(2028, 2, 29));  // at or before: itself
  EXPECT_EQ(leap_day.next_after(at(2028, 2, 29)), at(2032, 2, 29));           // after: strictly
  EXPECT_EQ(leap_day.next_after(at(2096, 3, 1)), at(2104, 2, 29));            // 2100 is no leap year
  EXPECT_EQ(leap_day.latest_at_or_before(at(2104, 2, 28)), at(2096, 2, 29));
  EXPECT_EQ(leap_day.next_after(at(2000, 1, 1)), at(2000, 2, 29));             // 2000 is one
  EXPECT_EQ(leap_day.latest_at_or_before(at(2026, 1, 1), 365), std::nullopt);  // bounded search
  EXPECT_EQ(leap_day.next_after(at(2026, 1, 1), 365), std::nullopt);

  const CronSchedule day31 = cron("0 0 31 * *");
  EXPECT_EQ(day31.next_after(at(2026, 4, 1)), at(2026, 5, 31));
  EXPECT_EQ(day31.latest_at_or_before(at(2026, 3, 30)), at(2026, 1, 31));

  const CronSchedule new_years_eve = cron("59 23 31 12 *");
  EXPECT_EQ(new_years_eve.latest_at_or_before(at(2026, 12, 31, 23, 59)), at(2026, 12, 31, 23, 59));
  EXPECT_EQ(new_years_eve.latest_at_or_before(at(2026, 12, 31, 23, 58)), at(2025, 12, 31, 23, 59));
  EXPECT_EQ(new_years_eve.next_after(at(2026, 12, 31, 23, 59)), at(2027, 12, 31, 23, 59));

  const CronSchedule yearly = cron("@yearly");
  EXPECT_EQ(yearly.latest_at_or_before(at(2026, 6, 1)), at(2026, 1, 1));
  EXPECT_EQ(yearly.next_after(at(2026, 6, 1)), at(2027, 1, 1));
  EXPECT_EQ(yearly.next_after(at(2026, 12, 31, 23, 59)), at(2027, 1, 1));
  EXPECT_EQ(yearly.latest_at_or_before(at(2026, 12, 31, 23, 59)), at(2026, 1, 1));

  const CronSchedule weekdays = cron("30 8 * * 1-5");
  EXPECT_EQ(weekdays.next_after(at(2026, 11, 27, 9)), at(2026, 11, 30, 8, 30));  // Friday -> Monday
  EXPECT_EQ(weekdays.latest_at_or_before(at(2026, 11, 30, 8, 29)), at(2026, 11, 27, 8, 30));
  EXPECT_EQ(weekdays.next_after(at(2026, 12, 31, 9)), at(2027, 1, 1, 8, 30));

  const CronSchedule hours = cron("*/20 9-10 * * *");
  EXPECT_EQ(hours.latest_at_or_before(at(2026, 11, 27, 11, 5)), at(2026, 11, 27, 10, 40));
  EXPECT_EQ(hours.latest_at_or_before(at(2026, 11, 27, 10, 39)), at(2026, 11, 27, 10, 20));
  EXPECT_EQ(hours.latest_at_or_before(at(2026, 11, 27, 8, 59)), at(2026, 11, 26, 10, 40));
  EXPECT_EQ(hours.next_after(at(2026, 11, 27, 10, 40)), at(2026, 11, 28, 9, 0));
  EXPECT_EQ(hours.next_after(at(2026, 12, 31, 23, 59)), at(2027, 1, 1, 9, 0));

  const CronSchedule every = cron("* * * * *");
  EXPECT_EQ(every.next_after(at(2026, 12, 31, 23, 59)), at(2027, 1, 1, 0, 0));
  EXPECT_EQ(every.latest_at_or_before(at(2027, 1, 1, 0, 0)), at(2027, 1, 1, 0, 0));
}

// The day- and month-skipping searches agree with the obvious minute-by-minute scan.
TEST(CronScheduleTest, SearchesAgreeWithAMinuteScan) {
  const std::vector<std::string> schedules = {"* * * * *",       "17 * * * *",  "*/7 3-5 * * *", "0 0 13 * 5",
                                              "0 9 * * 1-5",     "45 23 * * *", "0 0 31 * *",    "0 12 1 2,3 *",
                                              "59 23 28-31 2 *", "0 0 * * 0",   "30 2 1,15 * 3"};
  const std::vector<CivilMinute> starts = {at(2026, 11, 27, 12, 34), at(2024, 2, 27, 0, 0), at(2026, 12, 30, 23, 0),
                                           at(2025, 2, 28, 23, 59)};
  constexpr int kScanMinutes = 45 * 1440;
  for (const std::string& text : schedules) {
    auto parsed = CronSchedule::parse(text);
    ASSERT_TRUE(parsed.ok());
    for (const CivilMinute& start : starts) {
      SCOPED_TRACE(text + " from " + to_string(start));
      const std::int64_t origin = minutes_from_civil(start);
      std::optional<CivilMinute> want_next;
      for (std::int64_t m = origin + 1; m <= origin + kScanMinutes && !want_next; ++m) {
        if (parsed->matches(civil_from_minutes(m))) want_next = civil_from_minutes(m);
      }
      std::optional<CivilMinute> want_prev;
      for (std::int64_t m = origin; m >= origin - kScanMinutes && !want_prev; --m) {
        if (parsed->matches(civil_from_minutes(m))) want_prev = civil_from_minutes(m);
      }
      // Beyond the scan: the search found something further away, or nothing within its bound.
      const std::optional<CivilMinute> next = parsed->next_after(start);
      if (want_next) {
        EXPECT_EQ(next, want_next);
      } else if (next) {
        EXPECT_GT(minutes_from_civil(*next), origin + kScanMinutes);
      }
      const std::optional<CivilMinute> prev = parsed->latest_at_or_before(start);
      if (want_prev) {
        EXPECT_EQ(prev, want_prev);
      } else if (prev) {
        EXPECT_LT(minutes_from_civil(*prev), origin - kScanMinutes);
      }
    }
  }
}

TEST(CronScheduleTest, CivilCalendar) {
  EXPECT_EQ(days_from_civil(1970, 1, 1), 0);
  EXPECT_EQ(days_from_civil(2000, 3, 1), 11017);
  EXPECT_EQ(days_from_civil(1969, 12, 31), -1);
  EXPECT_EQ(civil_from_days(-1), (CivilDate{1969, 12, 31}));
  EXPECT_EQ(civil_from_days(days_from_civil(2104, 2, 29)), (CivilDate{2104, 2, 29}));
  EXPECT_EQ(weekday_from_days(days_from_civil(2026, 11, 27)), 5);  // Friday
  EXPECT_EQ(weekday_from_days(days_from_civil(1969, 12, 28)), 0);  // Sunday
  EXPECT_EQ(days_in_month(2100, 2), 28);
  EXPECT_EQ(days_in_month(2000, 2), 29);
  for (std::int64_t d = -800'000; d <= 800'000; d += 997) {
    const CivilDate c = civil_from_days(d);
    ASSERT_EQ(days_from_civil(c.year, c.month, c.day), d);
  }
  EXPECT_EQ(to_string(civil_from_minutes(-1)), "1969-12-31T23:59");
}

}  // namespace
}  // namespace fleetwave
