#include "rollout/windows/time_zone.h"

#include <algorithm>
#include <array>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace fleetwave {

namespace {

// A POSIX TZ rule date: Jn (1-365, February 29 never counted), n (0-365), Mm.w.d.
struct PosixRule {
  char kind = 'M';
  int day = 0;  // J and n
  int month = 0;
  int week = 0;                  // 1-5, 5 = the last
  int weekday = 0;               // 0 = Sunday
  std::int32_t time = 2 * 3600;  // local time of the change, -167h to 167h (TZif v3)
};

struct PosixTz {
  LocalTimeType standard;
  std::optional<LocalTimeType> dst;
  PosixRule start;  // standard -> dst, in standard local time
  PosixRule end;    // dst -> standard, in dst local time
};

struct FooterTransition {
  std::int64_t at = 0;
  bool to_dst = false;
};

// Offsets RFC 8536 allows (-25h < offset < 26h): the local->UTC search looks this far.
constexpr std::int64_t kMaxOffset = 26 * 3600;

}  // namespace

struct TimeZone::Data {
  std::string name;
  std::vector<std::int64_t> transitions;       // ascending
  std::vector<std::uint8_t> transition_types;  // index into types
  std::vector<LocalTimeType> types;            // never empty
  std::optional<PosixTz> footer;               // for times after the last transition
  std::int32_t min_offset = 0;
  std::int32_t max_offset = 0;
};

namespace {

// --- POSIX TZ strings (the TZif footer) -------------------------------------------------------

class PosixParser {
 public:
  explicit PosixParser(std::string_view text) : s_(text) {}

  Result<PosixTz> parse() {
    PosixTz tz;
    FW_TRY(std_name, name());
    FW_TRY(std_offset, hms(24));
    tz.standard = {static_cast<std::int32_t>(-std_offset), false, std_name};
    if (done()) return tz;
    FW_TRY(dst_name, name());
    LocalTimeType dst{tz.standard.offset + 3600, true, dst_name};
    if (!done() && peek() != ',') {
      FW_TRY(dst_offset, hms(24));
      dst.offset = static_cast<std::int32_t>(-dst_offset);
    }
    tz.dst = dst;
    if (done()) {  // no rules: POSIX leaves them to the implementation; tzcode uses the US ones
      tz.start = {'M', 0, 3, 2, 0, 7200};
      tz.end = {'M', 0, 11, 1, 0, 7200};
      return tz;
    }
    if (!eat(',')) return bad("expected ',' before the daylight saving rule");
    FW_TRY(start, rule());
    if (!eat(',')) return bad("expected ',' between the two rules");
    FW_TRY(end, rule());
    if (!done()) return bad("unexpected text after the rules");
    tz.start = start;
    tz.end = end;
    return tz;
  }

 private:
  bool done() const { return i_ >= s_.size(); }
  char peek() const { return done() ? '\0' : s_[i_]; }
  bool eat(char c) {
    if (peek() != c) return false;
    ++i_;
    return true;
  }
  static bool digit(char c) { return c >= '0' && c <= '9'; }
  Error bad(const std::string& why) const {
    return invalid_input("footer \"" + std::string(s_) + "\": " + why + " at offset " + std::to_string(i_));
  }

  // "CET" (3+ letters) or "<+0545>" (3+ of letters, digits, '+', '-').
  Result<std::string> name() {
    std::size_t start = i_;
    if (eat('<')) {
      while (!done() && peek() != '>') {
        char c = peek();
        if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '+' || c == '-')) return bad("bad zone name");
        ++i_;
      }
      if (!eat('>') || i_ - start < 5) return bad("bad zone name");
      return std::string(s_.substr(start + 1, i_ - start - 2));
    }
    while (!done() && std::isalpha(static_cast<unsigned char>(peek()))) ++i_;
    if (i_ - start < 3) return bad("zone name must have at least 3 letters");
    return std::string(s_.substr(start, i_ - start));
  }

  Result<std::int64_t> number(int max) {
    if (!digit(peek())) return bad("expected a number");
    std::int64_t n = 0;
    while (digit(peek())) {
      n = n * 10 + (s_[i_++] - '0');
      if (n > max) return bad("number out of range");
    }
    return n;
  }

  // [+-]hh[:mm[:ss]] in seconds, hours up to max_hours.
  Result<std::int64_t> hms(int max_hours) {
    std::int64_t sign = 1;
    if (eat('-')) {
      sign = -1;
    } else {
      eat('+');
    }
    FW_TRY(hours, number(max_hours));
    std::int64_t seconds = hours * 3600;
    if (eat(':')) {
      FW_TRY(minutes, number(59));
      seconds += minutes * 60;
      if (eat(':')) {
        FW_TRY(secs, number(59));
        seconds += secs;
      }
    }
    return sign * seconds;
  }

  Result<PosixRule> rule() {
    PosixRule r;
    if (eat('J')) {
      r.kind = 'J';
      FW_TRY(day, number(365));
      if (day < 1) return bad("Jn day must be 1-365");
      r.day = static_cast<int>(day);
    } else if (eat('M')) {
      r.kind = 'M';
      FW_TRY(month, number(12));
      if (month < 1 || !eat('.')) return bad("bad Mm.w.d rule");
      FW_TRY(week, number(5));
      if (week < 1 || !eat('.')) return bad("bad Mm.w.d rule");
      FW_TRY(weekday, number(6));
      r.month = static_cast<int>(month);
      r.week = static_cast<int>(week);
      r.weekday = static_cast<int>(weekday);
    } else {
      r.kind = 'n';
      FW_TRY(day, number(365));
      r.day = static_cast<int>(day);
    }
    if (eat('/')) {
      FW_TRY(time, hms(167));
      r.time = static_cast<std::int32_t>(time);
    }
    return r;
  }

  std::string_view s_;
  std::size_t i_ = 0;
};

// The UTC instant `rule` names in `year`; `offset_before` is the offset in effect until then.
std::int64_t rule_instant(const PosixRule& rule, std::int64_t year, std::int32_t offset_before) {
  const std::int64_t jan1 = days_from_civil(year, 1, 1);
  std::int64_t day = 0;
  if (rule.kind == 'J') {
    day = jan1 + rule.day - 1 + (is_leap_year(year) && rule.day >= 60 ? 1 : 0);
  } else if (rule.kind == 'n') {
    day = jan1 + rule.day;
  } else {
    const std::int64_t first = days_from_civil(year, rule.month, 1);
    day = first + floor_mod(rule.weekday - weekday_from_days(first), 7) + (rule.week - 1) * 7;
    while (day >= first + days_in_month(year, rule.month)) day -= 7;  // week 5 = the last one
  }
  return day * 86400 + rule.time - offset_before;
}

// The footer's changes from the year before `utc_seconds` on, in order (fixed size: this runs
// for every lookup past the table). On a tie the change to standard time comes first, so a rule
// for permanent DST ("0/0,J365/25") stays in DST.
struct FooterChanges {
  std::array<FooterTransition, 8> at;
  std::size_t size = 0;
};

FooterChanges footer_transitions(const PosixTz& tz, std::int64_t utc_seconds, int years_after) {
  FooterChanges out;
  const std::int64_t year = civil_from_days(floor_div(utc_seconds + tz.standard.offset, 86400)).year;
  for (std::int64_t y = year - 1; y <= year + years_after; ++y) {
    out.at[out.size++] = {rule_instant(tz.start, y, tz.standard.offset), true};
    out.at[out.size++] = {rule_instant(tz.end, y, tz.dst->offset), false};
  }
  std::sort(out.at.begin(), out.at.begin() + static_cast<std::ptrdiff_t>(out.size),
            [](const FooterTransition& a, const FooterTransition& b) {
              return a.at != b.at ? a.at < b.at : !a.to_dst && b.to_dst;
            });
  return out;
}

const LocalTimeType& footer_type(const PosixTz& tz, std::int64_t utc_seconds) {
  if (!tz.dst) return tz.standard;
  const FooterChanges changes = footer_transitions(tz, utc_seconds, 1);
  bool in_dst = !changes.at[0].to_dst;  // before the first change: the other state
  for (std::size_t k = 0; k < changes.size && changes.at[k].at <= utc_seconds; ++k) in_dst = changes.at[k].to_dst;
  return in_dst ? *tz.dst : tz.standard;
}

// --- TZif -------------------------------------------------------------------------------------

class Bytes {
 public:
  explicit Bytes(std::string_view data) : data_(data) {}
  bool has(std::size_t n) const { return data_.size() - pos_ >= n; }
  std::size_t pos() const { return pos_; }
  void skip(std::size_t n) { pos_ += n; }
  std::int64_t big_endian(std::size_t n) {  // signed, n = 4 or 8
    std::uint64_t v = 0;
    for (std::size_t k = 0; k < n; ++k) v = (v << 8) | static_cast<unsigned char>(data_[pos_ + k]);
    pos_ += n;
    if (n == 4) return static_cast<std::int32_t>(static_cast<std::uint32_t>(v));
    return static_cast<std::int64_t>(v);
  }
  unsigned char byte() { return static_cast<unsigned char>(data_[pos_++]); }
  std::string_view rest() const { return data_.substr(pos_); }

 private:
  std::string_view data_;
  std::size_t pos_ = 0;
};

struct Header {
  char version = 0;
  std::uint64_t isutcnt = 0, isstdcnt = 0, leapcnt = 0, timecnt = 0, typecnt = 0, charcnt = 0;

  // The size of the data block after the header, with `time_size`-byte times.
  std::uint64_t block_size(std::uint64_t time_size) const {
    return timecnt * time_size + timecnt + typecnt * 6 + charcnt + leapcnt * (time_size + 4) + isstdcnt + isutcnt;
  }
};

// `time_size`: 4 for the version 1 block, 8 for the 64-bit one.
Result<Header> read_header(Bytes& in, std::size_t time_size) {
  if (!in.has(44) || in.rest().substr(0, 4) != "TZif") return invalid_input("not a TZif file");
  Header h;
  in.skip(4);
  h.version = static_cast<char>(in.byte());
  if (h.version != '\0' && (h.version < '2' || h.version > '4')) return invalid_input("unsupported TZif version");
  in.skip(15);
  for (std::uint64_t* count : {&h.isutcnt, &h.isstdcnt, &h.leapcnt, &h.timecnt, &h.typecnt, &h.charcnt}) {
    std::int64_t v = in.big_endian(4);
    if (v < 0 || v > 100'000) return invalid_input("implausible header counts");
    *count = static_cast<std::uint64_t>(v);
  }
  if (h.typecnt == 0 || h.charcnt == 0) return invalid_input("no local time types");
  if ((h.isutcnt != 0 && h.isutcnt != h.typecnt) || (h.isstdcnt != 0 && h.isstdcnt != h.typecnt)) {
    return invalid_input("inconsistent header counts");
  }
  if (!in.has(h.block_size(time_size))) return invalid_input("truncated data");
  return h;
}

Status<> read_block(Bytes& in, const Header& h, std::size_t time_size, TimeZone::Data& zone) {
  if (h.leapcnt != 0) return invalid_input("leap-second (\"right/\") zones are not supported");
  for (std::uint64_t k = 0; k < h.timecnt; ++k) {
    std::int64_t t = in.big_endian(time_size);
    if (!zone.transitions.empty() && t <= zone.transitions.back()) {
      return invalid_input("transition times are not ascending");
    }
    zone.transitions.push_back(t);
  }
  for (std::uint64_t k = 0; k < h.timecnt; ++k) {
    unsigned char type = in.byte();
    if (type >= h.typecnt) return invalid_input("transition type out of range");
    zone.transition_types.push_back(type);
  }
  std::vector<std::pair<std::int64_t, std::size_t>> raw;  // offset, designation index
  std::vector<bool> dst;
  for (std::uint64_t k = 0; k < h.typecnt; ++k) {
    std::int64_t offset = in.big_endian(4);
    unsigned char is_dst = in.byte();
    unsigned char designation = in.byte();
    if (offset <= -25 * 3600 || offset >= kMaxOffset) return invalid_input("UT offset out of range");
    if (is_dst > 1) return invalid_input("bad DST flag");
    if (designation >= h.charcnt) return invalid_input("designation index out of range");
    raw.emplace_back(offset, designation);
    dst.push_back(is_dst == 1);
  }
  const std::string_view chars = in.rest().substr(0, h.charcnt);
  for (std::size_t k = 0; k < raw.size(); ++k) {
    std::string_view abbreviation = chars.substr(raw[k].second);
    abbreviation = abbreviation.substr(0, abbreviation.find('\0'));
    zone.types.push_back({static_cast<std::int32_t>(raw[k].first), dst[k], std::string(abbreviation)});
  }
  in.skip(h.charcnt + h.isstdcnt + h.isutcnt);
  return ok_status();
}

Result<TimeZone::Data> parse_tzif(std::string_view data) {
  Bytes in(data);
  FW_TRY(header, read_header(in, 4));
  TimeZone::Data zone;
  if (header.version == '\0') {
    FW_CHECK(read_block(in, header, 4, zone));
    return zone;
  }
  in.skip(header.block_size(4));  // the 32-bit section: superseded by the 64-bit one
  FW_TRY(header64, read_header(in, 8));
  FW_CHECK(read_block(in, header64, 8, zone));
  std::string_view rest = in.rest();
  if (rest.empty() || rest.front() != '\n') return invalid_input("missing footer");
  std::size_t end = rest.find('\n', 1);
  if (end == std::string_view::npos) return invalid_input("unterminated footer");
  std::string_view footer = rest.substr(1, end - 1);
  if (!footer.empty()) {
    FW_TRY(tz, PosixParser(footer).parse());
    zone.footer = std::move(tz);
  }
  return zone;
}

bool is_utc_name(const std::string& name) {
  return name == "UTC" || name == "Etc/UTC" || name == "GMT" || name == "Etc/GMT";
}

// Letters, digits and "_+-", parts joined by single '/': nothing that can leave the folder.
bool valid_zone_name(const std::string& name) {
  if (name.empty() || name.size() > 255 || name.front() == '/' || name.back() == '/') return false;
  if (name.find("..") != std::string::npos || name.find("//") != std::string::npos) return false;
  for (char c : name) {
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '+' || c == '-' || c == '/')) return false;
  }
  return true;
}

}  // namespace

Result<std::string> read_zoneinfo_file(const std::string& path) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) return not_found(path + ": no such file");
  std::ifstream file(path, std::ios::binary);
  std::ostringstream contents;
  contents << file.rdbuf();
  if (!file) return transient(path + ": read failed");
  return contents.str();
}

TimeZone::TimeZone() : TimeZone(utc()) {}

TimeZone TimeZone::utc(const std::string& name) {
  auto data = std::make_shared<Data>();
  data->name = name;
  data->types.push_back({0, false, "UTC"});
  return TimeZone(std::move(data));
}

Result<TimeZone> TimeZone::from_tzif(const std::string& name, std::string_view data) {
  auto parsed = parse_tzif(data);
  if (!parsed.ok()) {
    return invalid_input("time zone \"" + name + "\": invalid TZif data: " + parsed.error().message);
  }
  auto zone = std::make_shared<Data>(std::move(parsed).value());
  zone->name = name;
  std::vector<std::int32_t> offsets;
  for (const LocalTimeType& t : zone->types) offsets.push_back(t.offset);
  if (zone->footer) {
    offsets.push_back(zone->footer->standard.offset);
    if (zone->footer->dst) offsets.push_back(zone->footer->dst->offset);
  }
  zone->min_offset = *std::min_element(offsets.begin(), offsets.end());
  zone->max_offset = *std::max_element(offsets.begin(), offsets.end());
  return TimeZone(std::move(zone));
}

const std::string& TimeZone::name() const { return data_->name; }
std::int32_t TimeZone::min_offset() const { return data_->min_offset; }
std::int32_t TimeZone::max_offset() const { return data_->max_offset; }

const LocalTimeType& TimeZone::type_at(std::int64_t utc_seconds) const {
  const Data& z = *data_;
  if (z.transitions.empty()) return z.footer ? footer_type(*z.footer, utc_seconds) : z.types.front();
  if (utc_seconds < z.transitions.front()) return z.types.front();  // RFC 8536: type 0 before
  const std::size_t i = static_cast<std::size_t>(
      std::upper_bound(z.transitions.begin(), z.transitions.end(), utc_seconds) - z.transitions.begin() - 1);
  if (i + 1 == z.transitions.size() && z.footer) return footer_type(*z.footer, utc_seconds);
  return z.types[z.transition_types[i]];
}

std::optional<std::int64_t> TimeZone::next_transition_after(std::int64_t utc_seconds) const {
  const Data& z = *data_;
  auto it = std::upper_bound(z.transitions.begin(), z.transitions.end(), utc_seconds);
  if (it != z.transitions.end()) return *it;
  if (!z.footer || !z.footer->dst) return std::nullopt;
  const FooterChanges changes = footer_transitions(*z.footer, utc_seconds, 2);
  for (std::size_t k = 0; k < changes.size; ++k) {
    if (changes.at[k].at > utc_seconds) return changes.at[k].at;
  }
  return std::nullopt;
}

CivilMinute TimeZone::to_local(std::int64_t utc_seconds) const {
  return civil_from_minutes(floor_div(utc_seconds + offset_at(utc_seconds), 60));
}

// Walks the spans of constant offset that can hold `local` (offsets are below 26h): the first
// span where it exists gives the earliest occurrence; if none, `local` fell into a gap.
std::int64_t TimeZone::to_utc(const CivilMinute& local) const {
  const std::int64_t wall = minutes_from_civil(local) * 60;
  std::optional<std::int64_t> gap;
  std::int64_t span_start = wall - kMaxOffset;
  while (span_start <= wall + kMaxOffset) {
    const std::int32_t offset = offset_at(span_start);
    const std::optional<std::int64_t> span_end = next_transition_after(span_start);
    const std::int64_t candidate = wall - offset;
    if (candidate >= span_start && (!span_end || candidate < *span_end)) return candidate;
    if (!span_end) break;
    if (!gap && *span_end + offset <= wall && wall < *span_end + offset_at(*span_end)) gap = *span_end;
    span_start = *span_end;
  }
  if (gap) return *gap;
  return wall - offset_at(wall);  // not reached with sane data; stays deterministic
}

Result<TimeZone> load_time_zone(const std::string& name, const TimeZoneReader& reader) {
  if (!valid_zone_name(name)) return invalid_input("invalid time zone name \"" + name + "\"");
  // UTC is built in: every install needs it, also where tzdata is missing.
  if (is_utc_name(name)) return TimeZone::utc(name);
  auto data = reader(std::string(kZoneinfoDir) + name);
  if (!data.ok()) {
    if (data.error().kind == ErrorKind::NotFound) return invalid_input("unknown time zone \"" + name + "\"");
    return invalid_input("cannot read time zone \"" + name + "\": " + data.error().message);
  }
  return TimeZone::from_tzif(name, *data);
}

std::string format_time(const TimeZone& zone, std::int64_t utc_seconds) {
  const std::int32_t offset = zone.offset_at(utc_seconds);
  const std::int64_t local = utc_seconds + offset;
  const std::int64_t days = floor_div(local, 86400);
  const std::int64_t second_of_day = local - days * 86400;
  const CivilDate date = civil_from_days(days);
  char buf[80];
  int n = std::snprintf(buf, sizeof buf, "%04lld-%02d-%02dT%02d:%02d:%02d", static_cast<long long>(date.year),
                        date.month, date.day, static_cast<int>(second_of_day / 3600),
                        static_cast<int>(second_of_day / 60 % 60), static_cast<int>(second_of_day % 60));
  std::string out(buf, static_cast<std::size_t>(n));
  if (offset == 0) return out + "Z";
  const std::int32_t magnitude = offset < 0 ? -offset : offset;
  std::snprintf(buf, sizeof buf, "%c%02d:%02d", offset < 0 ? '-' : '+', magnitude / 3600, magnitude / 60 % 60);
  return out + buf;
}

}  // namespace fleetwave
