#include "codec/go_timestamp.h"

#include <cstddef>

namespace fleetwave {
namespace {

// What is left of the value, as Go's time.Parse consumes it.
struct TimestampCursor {
  std::string_view rest;

  bool digit_at(std::size_t i) const { return i < rest.size() && rest[i] >= '0' && rest[i] <= '9'; }

  // time.getnum: one or two digits (exactly two when fixed).
  bool number(bool fixed, int& out) {
    if (!digit_at(0)) return false;
    if (!digit_at(1)) {
      if (fixed) return false;
      out = rest[0] - '0';
      rest.remove_prefix(1);
      return true;
    }
    out = (rest[0] - '0') * 10 + (rest[1] - '0');
    rest.remove_prefix(2);
    return true;
  }

  // time.skip for a one-character layout literal; a layout space matches any run of spaces.
  bool literal(char c) {
    if (c == ' ') {
      if (!rest.empty() && rest[0] != ' ') return false;
      while (!rest.empty() && rest[0] == ' ') rest.remove_prefix(1);
      return true;
    }
    if (rest.empty() || rest[0] != c) return false;
    rest.remove_prefix(1);
    return true;
  }

  // ".999999999": optional; "." or "," followed by any number of digits.
  void fraction() {
    if (rest.size() < 2 || (rest[0] != '.' && rest[0] != ',') || !digit_at(1)) return;
    std::size_t i = 1;
    while (digit_at(i)) ++i;
    rest.remove_prefix(i);
  }

  // "Z07:00": "Z", or a sign and hh:mm (hours up to 24 and minutes up to 60 are accepted).
  bool zone() {
    if (!rest.empty() && rest[0] == 'Z') {
      rest.remove_prefix(1);
      return true;
    }
    if (rest.size() < 6 || rest[3] != ':') return false;
    TimestampCursor hour{rest.substr(1, 2)}, minute{rest.substr(4, 2)};
    int hh = 0, mm = 0;
    if (!hour.number(true, hh) || !minute.number(true, mm) || hh > 24 || mm > 60) return false;
    if (rest[0] != '+' && rest[0] != '-') return false;
    rest.remove_prefix(6);
    return true;
  }
};

bool leap(int year) { return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0); }

int days_in(int month, int year) {
  static constexpr int kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  return month == 2 && leap(year) ? 29 : kDays[month - 1];
}

enum class Layout { DateTimeZoneUpperT, DateTimeZoneLowerT, DateSpaceTime, Date };

bool parse(std::string_view text, Layout layout) {
  TimestampCursor c{text.substr(4)};
  int year = (text[0] - '0') * 1000 + (text[1] - '0') * 100 + (text[2] - '0') * 10 + (text[3] - '0');
  int month = 0, day = 0;
  if (!c.literal('-') || !c.number(false, month) || month < 1 || month > 12) return false;
  if (!c.literal('-') || !c.number(false, day)) return false;
  if (layout != Layout::Date) {
    char separator = layout == Layout::DateTimeZoneUpperT ? 'T' : layout == Layout::DateTimeZoneLowerT ? 't' : ' ';
    int hour = 0, minute = 0, second = 0;
    if (!c.literal(separator) || !c.number(false, hour) || hour > 23) return false;
    if (!c.literal(':') || !c.number(false, minute) || minute > 59) return false;
    if (!c.literal(':') || !c.number(false, second) || second > 59) return false;
    c.fraction();
    if (layout != Layout::DateSpaceTime && !c.zone()) return false;
  }
  return c.rest.empty() && day >= 1 && day <= days_in(month, year);
}

}  // namespace

bool is_go_yaml_timestamp(std::string_view text) {
  // Quick check from parseTimestamp: every layout starts with four digits and '-'.
  std::size_t i = 0;
  while (i < text.size() && text[i] >= '0' && text[i] <= '9') ++i;
  if (i != 4 || i == text.size() || text[i] != '-') return false;
  for (Layout layout : {Layout::DateTimeZoneUpperT, Layout::DateTimeZoneLowerT, Layout::DateSpaceTime, Layout::Date}) {
    if (parse(text, layout)) return true;
  }
  return false;
}

}  // namespace fleetwave
