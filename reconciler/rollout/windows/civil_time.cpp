#include "rollout/windows/civil_time.h"

#include <cstdio>

namespace fleetwave {

std::int64_t floor_div(std::int64_t a, std::int64_t b) {
  std::int64_t q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
  return q;
}

std::int64_t floor_mod(std::int64_t a, std::int64_t b) { return a - floor_div(a, b) * b; }

bool is_leap_year(std::int64_t year) { return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0); }

int days_in_month(std::int64_t year, int month) {
  static constexpr int kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  if (month == 2 && is_leap_year(year)) return 29;
  return kDays[(month - 1) % 12];
}

// Counting in 400-year eras that start on March 1st puts the leap day last, so the day of the
// era is a closed formula of year-of-era and day-of-year.
std::int64_t days_from_civil(std::int64_t year, int month, int day) {
  const std::int64_t y = month <= 2 ? year - 1 : year;
  const std::int64_t era = floor_div(y, 400);
  const std::int64_t year_of_era = y - era * 400;                           // [0, 399]
  const std::int64_t month_from_march = month > 2 ? month - 3 : month + 9;  // [0, 11]
  const std::int64_t day_of_year = (153 * month_from_march + 2) / 5 + day - 1;
  const std::int64_t day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
  return era * 146097 + day_of_era - 719468;  // 719468: days from 0000-03-01 to 1970-01-01
}

CivilDate civil_from_days(std::int64_t days) {
  const std::int64_t z = days + 719468;
  const std::int64_t era = floor_div(z, 146097);
  const std::int64_t day_of_era = z - era * 146097;  // [0, 146096]
  const std::int64_t year_of_era =
      (day_of_era - day_of_era / 1460 + day_of_era / 36524 - day_of_era / 146096) / 365;  // [0, 399]
  const std::int64_t day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
  const std::int64_t month_from_march = (5 * day_of_year + 2) / 153;
  CivilDate d;
  d.day = static_cast<int>(day_of_year - (153 * month_from_march + 2) / 5 + 1);
  d.month = static_cast<int>(month_from_march < 10 ? month_from_march + 3 : month_from_march - 9);
  d.year = year_of_era + era * 400 + (d.month <= 2 ? 1 : 0);
  return d;
}

int weekday_from_days(std::int64_t days) {
  return static_cast<int>(floor_mod(days + 4, 7));  // 1970-01-01 was a Thursday
}

std::int64_t minutes_from_civil(const CivilMinute& t) {
  return days_from_civil(t.year, t.month, t.day) * 1440 + t.hour * 60 + t.minute;
}

CivilMinute civil_from_minutes(std::int64_t minutes) {
  const std::int64_t days = floor_div(minutes, 1440);
  const std::int64_t in_day = minutes - days * 1440;
  const CivilDate d = civil_from_days(days);
  return {d.year, d.month, d.day, static_cast<int>(in_day / 60), static_cast<int>(in_day % 60)};
}

std::string to_string(const CivilMinute& t) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%04lld-%02d-%02dT%02d:%02d", static_cast<long long>(t.year), t.month, t.day, t.hour,
                t.minute);
  return buf;
}

}  // namespace fleetwave
