// Standard 5-field cron schedules ("minute hour day-of-month month day-of-week"), matched
// against civil (local wall-clock) minutes. The time zone is the caller's (time_zone.h).
//
// Accepted, per field: "*" (or "?", which robfig/cron reads as "*"), numbers, ranges "a-b",
// steps "*/n", "a-b/n" and "a/n" (a to the field's end, as robfig/cron reads it), lists "a,b,c";
// month names JAN-DEC and weekday names SUN-SAT in any case; day-of-week 0-6 (robfig/cron's
// bounds, so 7 is refused as Argo CD refuses it). Descriptors: @yearly, @annually,
// @monthly, @weekly, @daily, @midnight, @hourly.
//
// Day rule (Vixie cron, robfig/cron): when day-of-month and day-of-week are both restricted, a
// day matches when EITHER matches ("0 0 13 * 5": every 13th and every Friday); when one of them is
// unrestricted, the other alone decides. A field is unrestricted when one of its list items is
// "*" or "*/1"; "1-31" or "*/2" restrict.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "base/result.h"
#include "rollout/windows/civil_time.h"

namespace fleetwave {

class CronSchedule {
 public:
  // The longest gap between triggers of a schedule that matches at all: Feb 29 can be 8 years
  // apart (2096 to 2104). Searches that are not told otherwise look this far.
  static constexpr int kMaxSearchDays = 9 * 366;

  CronSchedule() = default;  // every minute

  // InvalidInput errors name the field and the bad token: minute: "61" is out of range 0-59.
  static Result<CronSchedule> parse(std::string_view text);

  bool matches(const CivilMinute& t) const;
  bool matches_day(std::int64_t year, int month, int day) const;

  // The latest trigger at or before `at`, looking back at most `max_days` calendar days.
  std::optional<CivilMinute> latest_at_or_before(const CivilMinute& at, int max_days = kMaxSearchDays) const;
  // The earliest trigger after `at` (strictly), looking ahead at most `max_days` calendar days.
  std::optional<CivilMinute> next_after(const CivilMinute& at, int max_days = kMaxSearchDays) const;

  friend bool operator==(const CronSchedule&, const CronSchedule&) = default;

 private:
  bool day_matches(std::int64_t days, const CivilDate& date) const;
  std::optional<CivilMinute> latest_in_day(const CivilDate& date, int hour, int minute) const;
  std::optional<CivilMinute> earliest_in_day(const CivilDate& date, int hour, int minute) const;

  // Bit i set = value i matches.
  std::uint64_t minutes_ = (std::uint64_t{1} << 60) - 1;  // 0-59
  std::uint32_t hours_ = (1u << 24) - 1;                  // 0-23
  std::uint32_t days_ = ((1u << 31) - 1) << 1;            // 1-31
  std::uint32_t months_ = ((1u << 12) - 1) << 1;          // 1-12
  std::uint32_t weekdays_ = (1u << 7) - 1;                // 0-6, Sunday = 0
  bool days_star_ = true;
  bool weekdays_star_ = true;
};

}  // namespace fleetwave
