#include "base/timestamp.h"

#include <charconv>
#include <cstdio>

namespace fleetwave {
namespace {

// Days since 1970-01-01 of a civil date (Howard Hinnant's algorithm).
std::int64_t days_from_civil(std::int64_t y, unsigned m, unsigned d) {
  y -= m <= 2;
  const std::int64_t era = (y >= 0 ? y : y - 399) / 400;
  const unsigned yoe = static_cast<unsigned>(y - era * 400);
  const unsigned doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
  const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return era * 146097 + static_cast<std::int64_t>(doe) - 719468;
}

void civil_from_days(std::int64_t z, std::int64_t& y, unsigned& m, unsigned& d) {
  z += 719468;
  const std::int64_t era = (z >= 0 ? z : z - 146096) / 146097;
  const unsigned doe = static_cast<unsigned>(z - era * 146097);
  const unsigned yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  y = static_cast<std::int64_t>(yoe) + era * 400;
  const unsigned doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  const unsigned mp = (5 * doy + 2) / 153;
  d = doy - (153 * mp + 2) / 5 + 1;
  m = mp + (mp < 10 ? 3 : -9);
  y += m <= 2;
}

bool read_int(std::string_view s, std::size_t pos, std::size_t len, int& out) {
  if (pos + len > s.size()) return false;
  auto [ptr, ec] = std::from_chars(s.data() + pos, s.data() + pos + len, out);
  return ec == std::errc() && ptr == s.data() + pos + len;
}

}  // namespace

std::string format_rfc3339(std::int64_t epoch_ms) {
  std::int64_t secs = epoch_ms >= 0 ? epoch_ms / 1000 : -((-epoch_ms + 999) / 1000);
  std::int64_t days = secs >= 0 ? secs / 86400 : -((-secs + 86399) / 86400);
  std::int64_t rem = secs - days * 86400;
  std::int64_t y;
  unsigned m, d;
  civil_from_days(days, y, m, d);
  char buf[64];
  std::snprintf(buf, sizeof buf, "%04lld-%02u-%02uT%02lld:%02lld:%02lldZ", static_cast<long long>(y), m, d,
                static_cast<long long>(rem / 3600), static_cast<long long>(rem / 60 % 60),
                static_cast<long long>(rem % 60));
  return buf;
}

std::optional<std::int64_t> parse_rfc3339(std::string_view s) {
  int y, mo, d, h, mi, se;
  if (s.size() < 20 || s[4] != '-' || s[7] != '-' || (s[10] != 'T' && s[10] != 't') || s[13] != ':' || s[16] != ':') {
    return std::nullopt;
  }
  if (!read_int(s, 0, 4, y) || !read_int(s, 5, 2, mo) || !read_int(s, 8, 2, d) || !read_int(s, 11, 2, h) ||
      !read_int(s, 14, 2, mi) || !read_int(s, 17, 2, se)) {
    return std::nullopt;
  }
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || se > 60) return std::nullopt;
  std::size_t i = 19;
  std::int64_t millis = 0;
  if (i < s.size() && s[i] == '.') {
    std::int64_t scale = 100;
    for (++i; i < s.size() && s[i] >= '0' && s[i] <= '9'; ++i) {
      millis += (s[i] - '0') * scale;
      scale /= 10;
    }
  }
  std::int64_t offset_s = 0;
  if (i < s.size() && (s[i] == 'Z' || s[i] == 'z')) {
    ++i;
  } else if (i + 6 == s.size() && (s[i] == '+' || s[i] == '-') && s[i + 3] == ':') {
    int oh, om;
    if (!read_int(s, i + 1, 2, oh) || !read_int(s, i + 4, 2, om)) return std::nullopt;
    offset_s = (oh * 3600 + om * 60) * (s[i] == '-' ? -1 : 1);
    i += 6;
  } else {
    return std::nullopt;
  }
  if (i != s.size()) return std::nullopt;
  std::int64_t days = days_from_civil(y, static_cast<unsigned>(mo), static_cast<unsigned>(d));
  std::int64_t secs = days * 86400 + h * 3600 + mi * 60 + se - offset_s;
  return secs * 1000 + millis;
}

}  // namespace fleetwave
