// Civil (wall-clock) time without a time zone: the proleptic Gregorian calendar that cron
// schedules and TZif rules are written in. Pure arithmetic on 64-bit counts, so no date a caller
// can pass overflows (std::chrono::year stops at 32767).
#pragma once

#include <compare>
#include <cstdint>
#include <string>

namespace fleetwave {

struct CivilDate {
  std::int64_t year = 1970;
  int month = 1;  // 1-12
  int day = 1;    // 1-31
  friend auto operator<=>(const CivilDate&, const CivilDate&) = default;
};

// A local minute: what a cron schedule matches.
struct CivilMinute {
  std::int64_t year = 1970;
  int month = 1;   // 1-12
  int day = 1;     // 1-31
  int hour = 0;    // 0-23
  int minute = 0;  // 0-59
  friend auto operator<=>(const CivilMinute&, const CivilMinute&) = default;
};

bool is_leap_year(std::int64_t year);
int days_in_month(std::int64_t year, int month);

// Days since 1970-01-01 and back; day numbers of invalid dates (Feb 30) roll over.
std::int64_t days_from_civil(std::int64_t year, int month, int day);
CivilDate civil_from_days(std::int64_t days);
int weekday_from_days(std::int64_t days);  // 0 = Sunday ... 6 = Saturday

// Minutes since 1970-01-01T00:00 of the same calendar and back.
std::int64_t minutes_from_civil(const CivilMinute& t);
CivilMinute civil_from_minutes(std::int64_t minutes);

// Floor division and modulo (the remainder has the divisor's sign), for negative times.
std::int64_t floor_div(std::int64_t a, std::int64_t b);
std::int64_t floor_mod(std::int64_t a, std::int64_t b);

// "2026-11-27T17:00" (tests and messages).
std::string to_string(const CivilMinute& t);

}  // namespace fleetwave
