#include "rollout/windows/cron_schedule.h"

#include <array>
#include <bit>
#include <cctype>
#include <vector>

#include "base/text.h"

namespace fleetwave {
namespace {

struct FieldSpec {
  const char* name;
  int min;
  int max;
  const std::array<const char*, 12>* names;  // names[i] stands for min + i (nullptr: numbers only)
  const char* names_hint;                    // "month name" / "weekday name"
};

constexpr std::array<const char*, 12> kMonthNames = {"JAN", "FEB", "MAR", "APR", "MAY", "JUN",
                                                     "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"};
constexpr std::array<const char*, 12> kWeekdayNames = {"SUN", "MON", "TUE", "WED", "THU", "FRI", "SAT"};

constexpr FieldSpec kMinute{"minute", 0, 59, nullptr, nullptr};
constexpr FieldSpec kHour{"hour", 0, 23, nullptr, nullptr};
constexpr FieldSpec kDayOfMonth{"day-of-month", 1, 31, nullptr, nullptr};
constexpr FieldSpec kMonth{"month", 1, 12, &kMonthNames, "month name"};
// 0-6 as robfig/cron's dow bounds (spec.go): Argo CD refuses 7, so does fleetwave.
constexpr FieldSpec kDayOfWeek{"day-of-week", 0, 6, &kWeekdayNames, "weekday name"};

struct Field {
  std::uint64_t bits = 0;
  bool star = false;
};

Error field_error(const FieldSpec& spec, std::string_view token, const std::string& why) {
  return invalid_input(std::string(spec.name) + ": \"" + std::string(token) + "\" " + why);
}

bool all_digits(std::string_view s) {
  if (s.empty()) return false;
  for (char c : s) {
    if (c < '0' || c > '9') return false;
  }
  return true;
}

Result<int> parse_value(std::string_view token, const FieldSpec& spec) {
  if (all_digits(token)) {
    int value = 0;
    for (char c : token) {
      value = value * 10 + (c - '0');
      if (value > 1000) break;  // out of range anyway; stop before overflowing
    }
    if (value < spec.min || value > spec.max) {
      return field_error(spec, token, "is out of range " + std::to_string(spec.min) + "-" + std::to_string(spec.max));
    }
    return value;
  }
  if (spec.names != nullptr && token.size() == 3) {
    for (std::size_t i = 0; i < spec.names->size() && (*spec.names)[i] != nullptr; ++i) {
      const char* name = (*spec.names)[i];
      bool same = true;
      for (std::size_t k = 0; k < 3; ++k) {
        if (std::toupper(static_cast<unsigned char>(token[k])) != name[k]) same = false;
      }
      if (same) return spec.min + static_cast<int>(i);
    }
  }
  if (token.empty()) return field_error(spec, token, "is empty");
  return field_error(spec, token,
                     spec.names != nullptr ? std::string("is neither a number nor a ") + spec.names_hint
                                           : std::string("is not a number"));
}

// One list item: "*" (or "?"), "a", "a-b", each optionally followed by "/step".
Status<> parse_item(std::string_view item, const FieldSpec& spec, Field& field) {
  std::string_view base = item;
  int step = 1;
  bool has_step = false;
  if (std::size_t slash = item.find('/'); slash != std::string_view::npos) {
    base = item.substr(0, slash);
    std::string_view step_text = item.substr(slash + 1);
    if (!all_digits(step_text) || step_text.size() > 4) {
      return field_error(spec, item, "has an invalid step; use */n or a-b/n with n a positive number");
    }
    step = std::stoi(std::string(step_text));
    if (step < 1) return field_error(spec, item, "has step 0; the step must be at least 1");
    has_step = true;
  }
  int lo = spec.min;
  int hi = spec.max;
  if (base == "*" || base == "?") {  // robfig/cron's getRange reads "?" as "*" in every field
    if (!has_step || step == 1) field.star = true;
  } else if (std::size_t dash = base.find('-'); dash != std::string_view::npos) {
    if (dash == 0 || dash + 1 == base.size()) return field_error(spec, item, "is not a valid range; use a-b");
    FW_TRY(first, parse_value(base.substr(0, dash), spec));
    FW_TRY(last, parse_value(base.substr(dash + 1), spec));
    if (first > last) return field_error(spec, item, "is a reversed range; write the smaller value first");
    lo = first;
    hi = last;
  } else {
    FW_TRY(value, parse_value(base, spec));
    lo = value;
    hi = has_step ? spec.max : value;  // "a/n": from a to the end of the field
  }
  for (int v = lo; v <= hi; v += step) field.bits |= std::uint64_t{1} << v;
  return ok_status();
}

Result<Field> parse_field(std::string_view text, const FieldSpec& spec) {
  Field field;
  std::size_t start = 0;
  while (true) {
    std::size_t comma = text.find(',', start);
    std::string_view item =
        text.substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start);
    if (item.empty()) return field_error(spec, text, "has an empty list item");
    FW_CHECK(parse_item(item, spec, field));
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  return field;
}

std::string_view descriptor_expansion(const std::string& descriptor) {
  if (descriptor == "@yearly" || descriptor == "@annually") return "0 0 1 1 *";
  if (descriptor == "@monthly") return "0 0 1 * *";
  if (descriptor == "@weekly") return "0 0 * * 0";
  if (descriptor == "@daily" || descriptor == "@midnight") return "0 0 * * *";
  if (descriptor == "@hourly") return "0 * * * *";
  return {};
}

bool bit(std::uint64_t bits, std::int64_t i) { return ((bits >> i) & 1u) != 0; }

}  // namespace

Result<CronSchedule> CronSchedule::parse(std::string_view text) {
  std::vector<std::string_view> fields;
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && (text[i] == ' ' || text[i] == '\t')) ++i;
    std::size_t start = i;
    while (i < text.size() && text[i] != ' ' && text[i] != '\t') ++i;
    if (i > start) fields.push_back(text.substr(start, i - start));
  }
  if (fields.empty()) return invalid_input("empty schedule; use 5 fields: minute hour day-of-month month day-of-week");
  if (fields.size() == 1 && fields[0].front() == '@') {
    std::string_view expansion = descriptor_expansion(ascii_lower(fields[0]));
    if (expansion.empty()) {
      return invalid_input("unsupported descriptor \"" + std::string(fields[0]) +
                           "\"; use @yearly, @annually, @monthly, @weekly, @daily, @midnight or @hourly");
    }
    return parse(expansion);
  }
  if (fields.size() != 5) {
    return invalid_input("expected 5 fields (minute hour day-of-month month day-of-week), got " +
                         std::to_string(fields.size()));
  }
  FW_TRY(minute, parse_field(fields[0], kMinute));
  FW_TRY(hour, parse_field(fields[1], kHour));
  FW_TRY(day, parse_field(fields[2], kDayOfMonth));
  FW_TRY(month, parse_field(fields[3], kMonth));
  FW_TRY(weekday, parse_field(fields[4], kDayOfWeek));

  CronSchedule s;
  s.minutes_ = minute.bits;
  s.hours_ = static_cast<std::uint32_t>(hour.bits);
  s.days_ = static_cast<std::uint32_t>(day.bits);
  s.months_ = static_cast<std::uint32_t>(month.bits);
  s.weekdays_ = static_cast<std::uint32_t>(weekday.bits);
  s.days_star_ = day.star;
  s.weekdays_star_ = weekday.star;
  // Only the day of month decides: "0 0 30 2 *" would never fire, and a window that never opens
  // is a mistake, not a policy.
  if (!day.star && weekday.star) {
    bool possible = false;
    for (int m = 1; m <= 12; ++m) {
      if (bit(s.months_, m) && (s.days_ & ((2u << days_in_month(2000, m)) - 2)) != 0) possible = true;
    }
    if (!possible) {
      return invalid_input("day-of-month: \"" + std::string(fields[2]) + "\" never occurs in month \"" +
                           std::string(fields[3]) + "\"");
    }
  }
  return s;
}

bool CronSchedule::day_matches(std::int64_t days, const CivilDate& date) const {
  if (!bit(months_, date.month)) return false;
  const bool day_of_month = bit(days_, date.day);
  const bool day_of_week = bit(weekdays_, weekday_from_days(days));
  if (days_star_ || weekdays_star_) return day_of_month && day_of_week;
  return day_of_month || day_of_week;
}

bool CronSchedule::matches_day(std::int64_t year, int month, int day) const {
  return day_matches(days_from_civil(year, month, day), {year, month, day});
}

bool CronSchedule::matches(const CivilMinute& t) const {
  return bit(minutes_, t.minute) && bit(hours_, t.hour) && matches_day(t.year, t.month, t.day);
}

std::optional<CivilMinute> CronSchedule::latest_in_day(const CivilDate& date, int hour, int minute) const {
  for (int h = hour; h >= 0; --h) {
    if (!bit(hours_, h)) continue;
    const int last = h == hour ? minute : 59;
    const std::uint64_t candidates = minutes_ & ((std::uint64_t{2} << last) - 1);
    if (candidates != 0) return CivilMinute{date.year, date.month, date.day, h, 63 - std::countl_zero(candidates)};
  }
  return std::nullopt;
}

std::optional<CivilMinute> CronSchedule::earliest_in_day(const CivilDate& date, int hour, int minute) const {
  for (int h = hour; h < 24; ++h) {
    if (!bit(hours_, h)) continue;
    const int first = h == hour ? minute : 0;
    const std::uint64_t candidates = minutes_ & ~((std::uint64_t{1} << first) - 1);
    if (candidates != 0) return CivilMinute{date.year, date.month, date.day, h, std::countr_zero(candidates)};
  }
  return std::nullopt;
}

// Both searches walk whole days and skip months that cannot match, and find the minute inside a
// day with bit masks: a year back is at most 366 cheap steps.
std::optional<CivilMinute> CronSchedule::latest_at_or_before(const CivilMinute& at, int max_days) const {
  std::int64_t day = days_from_civil(at.year, at.month, at.day);
  const std::int64_t stop = day - max_days;
  int hour = at.hour;
  int minute = at.minute;
  while (day >= stop) {
    const CivilDate date = civil_from_days(day);
    if (!bit(months_, date.month)) {
      day = days_from_civil(date.year, date.month, 1) - 1;  // the last day of the month before
    } else {
      if (day_matches(day, date)) {
        if (auto t = latest_in_day(date, hour, minute)) return t;
      }
      --day;
    }
    hour = 23;
    minute = 59;
  }
  return std::nullopt;
}

std::optional<CivilMinute> CronSchedule::next_after(const CivilMinute& at, int max_days) const {
  const CivilMinute from = civil_from_minutes(minutes_from_civil(at) + 1);
  std::int64_t day = days_from_civil(from.year, from.month, from.day);
  const std::int64_t stop = day + max_days;
  int hour = from.hour;
  int minute = from.minute;
  while (day <= stop) {
    const CivilDate date = civil_from_days(day);
    if (!bit(months_, date.month)) {
      day = days_from_civil(date.year, date.month, days_in_month(date.year, date.month)) + 1;
    } else {
      if (day_matches(day, date)) {
        if (auto t = earliest_in_day(date, hour, minute)) return t;
      }
      ++day;
    }
    hour = 0;
    minute = 0;
  }
  return std::nullopt;
}

}  // namespace fleetwave
