// TZif reading: the real files of Debian's tzdata (DST transitions, a 30-minute DST, a 45-minute
// offset, dates past the last transition where the footer rule applies), synthetic files for
// every footer form and every error, and the injected reader.
#include "rollout/windows/time_zone.h"

#include <gtest/gtest.h>

namespace fleetwave {
namespace {

TimeZone zone(const std::string& name) {
  auto loaded = load_time_zone(name);
  EXPECT_TRUE(loaded.ok()) << (loaded.ok() ? "" : loaded.error().message);
  return loaded.ok() ? *loaded : TimeZone::utc();
}

CivilMinute at(std::int64_t y, int mo, int d, int h = 0, int mi = 0) { return {y, mo, d, h, mi}; }

// --- synthetic TZif files ---

struct TypeSpec {
  std::int32_t offset;
  bool dst;
  std::string abbreviation;
};

void put(std::string& out, std::int64_t value, int bytes) {
  for (int k = bytes - 1; k >= 0; --k) out.push_back(static_cast<char>((value >> (8 * k)) & 0xff));
}

std::string block(char version, int time_size, const std::vector<std::pair<std::int64_t, int>>& transitions,
                  const std::vector<TypeSpec>& types, int leaps = 0) {
  std::string chars;
  std::vector<std::size_t> index;
  for (const TypeSpec& t : types) {
    index.push_back(chars.size());
    chars += t.abbreviation + '\0';
  }
  std::string out = "TZif";
  out.push_back(version);
  out.append(15, '\0');
  for (std::int64_t count : {0L, 0L, static_cast<long>(leaps), static_cast<long>(transitions.size()),
                             static_cast<long>(types.size()), static_cast<long>(chars.size())}) {
    put(out, count, 4);
  }
  for (const auto& t : transitions) put(out, t.first, time_size);
  for (const auto& t : transitions) out.push_back(static_cast<char>(t.second));
  for (std::size_t k = 0; k < types.size(); ++k) {
    put(out, types[k].offset, 4);
    out.push_back(types[k].dst ? 1 : 0);
    out.push_back(static_cast<char>(index[k]));
  }
  out += chars;
  for (int k = 0; k < leaps; ++k) put(out, 0, time_size + 4);
  return out;
}

std::string tzif_v1(const std::vector<std::pair<std::int64_t, int>>& transitions, const std::vector<TypeSpec>& types) {
  return block('\0', 4, transitions, types);
}

std::string tzif_v2(const std::vector<std::pair<std::int64_t, int>>& transitions, const std::vector<TypeSpec>& types,
                    const std::string& footer, char version = '2') {
  return block(version, 4, {}, {{0, false, "LMT"}}) + block(version, 8, transitions, types) + "\n" + footer + "\n";
}

TimeZone from(const std::string& data, const std::string& name = "Test/Zone") {
  auto parsed = TimeZone::from_tzif(name, data);
  EXPECT_TRUE(parsed.ok()) << (parsed.ok() ? "" : parsed.error().message);
  return parsed.ok() ? *parsed : TimeZone::utc();
}

TimeZone footer_only(const std::string& footer) { return from(tzif_v2({}, {{0, false, "LMT"}}, footer)); }

// --- the real files ---

TEST(TimeZoneTest, BerlinTransitionsInTheTableAndPastItsEnd) {
  const TimeZone berlin = zone("Europe/Berlin");
  EXPECT_EQ(berlin.name(), "Europe/Berlin");
  // 2026: CEST from 2026-03-29T01:00Z to 2026-10-25T01:00Z.
  EXPECT_EQ(berlin.type_at(1774746000 - 1).abbreviation, "CET");
  EXPECT_EQ(berlin.offset_at(1774746000 - 1), 3600);
  EXPECT_EQ(berlin.type_at(1774746000).abbreviation, "CEST");
  EXPECT_TRUE(berlin.type_at(1774746000).dst);
  EXPECT_EQ(berlin.offset_at(1774746000), 7200);
  EXPECT_EQ(berlin.offset_at(1792890000 - 1), 7200);
  EXPECT_EQ(berlin.offset_at(1792890000), 3600);
  EXPECT_EQ(berlin.next_transition_after(1774746000 - 100), 1774746000);
  EXPECT_EQ(berlin.next_transition_after(1774746000), 1792890000);
  // 2050 is past the last transition of any tzdata build: the footer rule decides.
  EXPECT_EQ(berlin.offset_at(2531955600 - 1), 3600);
  EXPECT_EQ(berlin.offset_at(2531955600), 7200);
  EXPECT_EQ(berlin.type_at(2531955600).abbreviation, "CEST");
  EXPECT_EQ(berlin.offset_at(2550704400 - 1), 7200);
  EXPECT_EQ(berlin.offset_at(2550704400), 3600);
  EXPECT_EQ(berlin.next_transition_after(2531955600 - 86400 * 30), 2531955600);
  EXPECT_EQ(berlin.next_transition_after(2531955600), 2550704400);
  EXPECT_EQ(berlin.offset_at(4118083200), 7200);  // 2100-07-01
  // Before 1893 Berlin kept local mean time (+00:53:28).
  EXPECT_EQ(berlin.offset_at(-5364662400), 3208);  // 1800-01-01
  EXPECT_EQ(berlin.min_offset(), 3208);
  EXPECT_EQ(berlin.max_offset(), 3 * 3600);  // 1945's double summer time

  EXPECT_EQ(berlin.to_local(1774746000 - 60), at(2026, 3, 29, 1, 59));
  EXPECT_EQ(berlin.to_local(1774746000), at(2026, 3, 29, 3, 0));
  EXPECT_EQ(berlin.to_local(1792890000 - 60), at(2026, 10, 25, 2, 59));
  EXPECT_EQ(berlin.to_local(1792890000), at(2026, 10, 25, 2, 0));
  EXPECT_EQ(berlin.to_utc(at(2026, 11, 30, 8, 0)), 1796022000);
  // Gap: 02:30 does not exist on 2026-03-29; it is the instant the clocks jump (03:00 CEST).
  EXPECT_EQ(berlin.to_utc(at(2026, 3, 29, 2, 0)), 1774746000);
  EXPECT_EQ(berlin.to_utc(at(2026, 3, 29, 2, 30)), 1774746000);
  EXPECT_EQ(berlin.to_utc(at(2026, 3, 29, 3, 0)), 1774746000);
  EXPECT_EQ(berlin.to_utc(at(2026, 3, 29, 1, 59)), 1774746000 - 60);
  // Overlap: 02:30 on 2026-10-25 happens twice; the first (CEST, 00:30Z) counts.
  EXPECT_EQ(berlin.to_utc(at(2026, 10, 25, 2, 30)), 1792890000 - 1800);
  EXPECT_EQ(berlin.to_utc(at(2026, 10, 25, 3, 0)), 1792890000 + 3600);
  // The same rules past the table.
  EXPECT_EQ(berlin.to_utc(at(2050, 3, 27, 2, 30)), 2531955600);
  EXPECT_EQ(berlin.to_utc(at(2050, 10, 30, 2, 30)), 2550704400 - 1800);

  EXPECT_EQ(format_time(berlin, 1796022000), "2026-11-30T08:00:00+01:00");
  EXPECT_EQ(format_time(berlin, 1774746000), "2026-03-29T03:00:00+02:00");
}

TEST(TimeZoneTest, NewYork) {
  const TimeZone new_york = zone("America/New_York");
  EXPECT_EQ(new_york.offset_at(1772953200 - 1), -5 * 3600);
  EXPECT_EQ(new_york.type_at(1772953200).abbreviation, "EDT");
  EXPECT_EQ(new_york.offset_at(1793512800 - 1), -4 * 3600);
  EXPECT_EQ(new_york.type_at(1793512800).abbreviation, "EST");
  EXPECT_EQ(new_york.to_utc(at(2026, 3, 8, 2, 30)), 1772953200);          // gap
  EXPECT_EQ(new_york.to_utc(at(2026, 11, 1, 1, 30)), 1793512800 - 1800);  // overlap: EDT
  EXPECT_EQ(new_york.to_utc(at(2026, 11, 1, 2, 0)), 1793512800 + 3600);
  // Past the table: 2060-03-14T07:00Z and 2060-11-07T06:00Z.
  EXPECT_EQ(new_york.offset_at(2846473200 - 1), -5 * 3600);
  EXPECT_EQ(new_york.offset_at(2846473200), -4 * 3600);
  EXPECT_EQ(new_york.offset_at(2867032800 - 1), -4 * 3600);
  EXPECT_EQ(new_york.offset_at(2867032800), -5 * 3600);
  EXPECT_EQ(format_time(new_york, 1796022000), "2026-11-30T02:00:00-05:00");
}

TEST(TimeZoneTest, LordHoweHasAThirtyMinuteShift) {
  const TimeZone lord_howe = zone("Australia/Lord_Howe");
  // 2026-04-05 02:00 +11 -> 01:30 +10:30 (at 2026-04-04T15:00Z).
  EXPECT_EQ(lord_howe.offset_at(1775314800 - 1), 11 * 3600);
  EXPECT_EQ(lord_howe.offset_at(1775314800), 10 * 3600 + 1800);
  EXPECT_EQ(lord_howe.to_local(1775314800), at(2026, 4, 5, 1, 30));
  EXPECT_EQ(lord_howe.to_utc(at(2026, 4, 5, 1, 45)), 1775314800 - 900);  // first of two
  EXPECT_EQ(lord_howe.to_utc(at(2026, 4, 5, 2, 0)), 1775314800 + 1800);
  // 2026-10-04 02:00 +10:30 -> 02:30 +11 (at 2026-10-03T15:30Z).
  EXPECT_EQ(lord_howe.offset_at(1791041400 - 1), 10 * 3600 + 1800);
  EXPECT_EQ(lord_howe.offset_at(1791041400), 11 * 3600);
  EXPECT_EQ(lord_howe.to_utc(at(2026, 10, 4, 2, 15)), 1791041400);  // gap
  EXPECT_EQ(lord_howe.to_utc(at(2026, 10, 4, 2, 30)), 1791041400);
  // 2045, past the table: a southern rule, DST across the new year.
  EXPECT_EQ(lord_howe.offset_at(2374671600 - 1), 11 * 3600);
  EXPECT_EQ(lord_howe.offset_at(2374671600), 10 * 3600 + 1800);
  EXPECT_EQ(lord_howe.offset_at(2390398200 - 1), 10 * 3600 + 1800);
  EXPECT_EQ(lord_howe.offset_at(2390398200), 11 * 3600);
  EXPECT_EQ(lord_howe.type_at(2390398200).abbreviation, "+11");
  EXPECT_EQ(format_time(lord_howe, 2390398200), "2045-10-01T02:30:00+11:00");
}

TEST(TimeZoneTest, KathmanduHasAFortyFiveMinuteOffset) {
  const TimeZone kathmandu = zone("Asia/Kathmandu");
  EXPECT_EQ(kathmandu.offset_at(0), 5 * 3600 + 1800);
  EXPECT_EQ(kathmandu.offset_at(504901800 - 1), 5 * 3600 + 1800);
  EXPECT_EQ(kathmandu.offset_at(504901800), 5 * 3600 + 2700);  // 1986-01-01 00:00 -> 00:15
  EXPECT_EQ(kathmandu.offset_at(4118083200), 5 * 3600 + 2700);
  EXPECT_EQ(kathmandu.type_at(4118083200).abbreviation, "+0545");
  // Nothing changes after 1986 (a "fat" file may still list a no-op transition at 2^31 - 1).
  if (auto next = kathmandu.next_transition_after(504901800)) {
    EXPECT_EQ(kathmandu.offset_at(*next), 5 * 3600 + 2700);
  }
  EXPECT_EQ(kathmandu.to_utc(at(1986, 1, 1, 0, 10)), 504901800);  // in the 15-minute gap
  EXPECT_EQ(kathmandu.to_local(1796022000), at(2026, 11, 30, 12, 45));
  EXPECT_EQ(kathmandu.to_utc(at(2026, 11, 30, 12, 45)), 1796022000);
  EXPECT_EQ(format_time(kathmandu, 1796022000), "2026-11-30T12:45:00+05:45");
}

// Around every 2026 and 2050 change in Berlin and New York: local -> UTC -> local is the
// identity except for the second pass of an overlap, and later local times are never earlier.
TEST(TimeZoneTest, LocalToUtcIsMonotonicAroundChanges) {
  for (const char* name : {"Europe/Berlin", "America/New_York", "Australia/Lord_Howe"}) {
    const TimeZone z = zone(name);
    for (std::int64_t year : {2026, 2050}) {
      for (int month : {3, 4, 9, 10, 11}) {
        SCOPED_TRACE(std::string(name) + " " + std::to_string(year) + "-" + std::to_string(month));
        const std::int64_t first = days_from_civil(year, month, 1) * 1440;
        std::int64_t previous = INT64_MIN;
        for (std::int64_t m = first; m < first + 31 * 1440; m += 15) {
          const std::int64_t u = z.to_utc(civil_from_minutes(m));
          ASSERT_GE(u, previous);
          previous = u;
          const CivilMinute local = z.to_local(m * 60 - z.offset_at(m * 60));
          const std::int64_t back = z.to_utc(local);
          ASSERT_EQ(z.to_local(back), local);
        }
      }
    }
  }
}

TEST(TimeZoneTest, UtcNeedsNoFile) {
  const TimeZoneReader no_files = [](const std::string& path) -> Result<std::string> {
    ADD_FAILURE() << "UTC read " << path;
    return not_found(path);
  };
  for (const char* name : {"UTC", "Etc/UTC", "GMT", "Etc/GMT"}) {
    auto utc = load_time_zone(name, no_files);
    ASSERT_TRUE(utc.ok()) << name;
    EXPECT_EQ(utc->name(), name);
    EXPECT_EQ(utc->offset_at(1796022000), 0);
    EXPECT_EQ(utc->to_utc(at(2026, 11, 30, 7, 0)), 1796022000);
    EXPECT_EQ(format_time(*utc, 1796022000), "2026-11-30T07:00:00Z");
  }
  EXPECT_EQ(TimeZone().name(), "UTC");
  EXPECT_EQ(format_time(TimeZone(), -1), "1969-12-31T23:59:59Z");
}

TEST(TimeZoneTest, ReaderGetsTheZoneinfoPathAndItsErrorsAreExplained) {
  std::vector<std::string> paths;
  const TimeZoneReader missing = [&](const std::string& path) -> Result<std::string> {
    paths.push_back(path);
    return not_found(path + ": no such file");
  };
  auto unknown = load_time_zone("Europ/Berlin", missing);
  ASSERT_FALSE(unknown.ok());
  EXPECT_EQ(unknown.error().message, "unknown time zone \"Europ/Berlin\"");
  EXPECT_EQ(unknown.error().kind, ErrorKind::InvalidInput);
  EXPECT_EQ(paths, std::vector<std::string>{"/usr/share/zoneinfo/Europ/Berlin"});

  auto real_unknown = load_time_zone("Europ/Berlin");  // the default reader
  ASSERT_FALSE(real_unknown.ok());
  EXPECT_EQ(real_unknown.error().message, "unknown time zone \"Europ/Berlin\"");
  auto directory = load_time_zone("Europe");
  ASSERT_FALSE(directory.ok());
  EXPECT_EQ(directory.error().message, "unknown time zone \"Europe\"");

  auto broken = load_time_zone("Europe/Berlin",
                               [](const std::string&) -> Result<std::string> { return transient("disk on fire"); });
  ASSERT_FALSE(broken.ok());
  EXPECT_EQ(broken.error().message, "cannot read time zone \"Europe/Berlin\": disk on fire");

  auto garbage = load_time_zone(
      "Europe/Berlin", [](const std::string&) -> Result<std::string> { return std::string("<html>not found</html>"); });
  ASSERT_FALSE(garbage.ok());
  EXPECT_EQ(garbage.error().message, "time zone \"Europe/Berlin\": invalid TZif data: not a TZif file");

  const std::string real = *read_zoneinfo_file("/usr/share/zoneinfo/Europe/Berlin");
  auto truncated =
      load_time_zone("Europe/Berlin", [&](const std::string&) -> Result<std::string> { return real.substr(0, 100); });
  ASSERT_FALSE(truncated.ok());
  EXPECT_EQ(truncated.error().message, "time zone \"Europe/Berlin\": invalid TZif data: truncated data");
  auto injected = load_time_zone("Fake/Berlin", [&](const std::string&) -> Result<std::string> { return real; });
  ASSERT_TRUE(injected.ok());
  EXPECT_EQ(injected->name(), "Fake/Berlin");
  EXPECT_EQ(injected->offset_at(1774746000), 7200);
}

TEST(TimeZoneTest, RejectsNamesThatCouldLeaveTheZoneinfoFolder) {
  const TimeZoneReader never = [](const std::string& path) -> Result<std::string> {
    ADD_FAILURE() << "read " << path;
    return not_found(path);
  };
  for (const char* name : {"", "../../etc/passwd", "/etc/localtime", "Europe/../Berlin", "Europe//Berlin",
                           "Europe/Berlin/", "Europe/Ber lin", "Europe/Berlin\n", "Europe\\Berlin", ".", "a.b"}) {
    auto loaded = load_time_zone(name, never);
    ASSERT_FALSE(loaded.ok()) << name;
    EXPECT_EQ(loaded.error().message, "invalid time zone name \"" + std::string(name) + "\"");
  }
  EXPECT_EQ(load_time_zone("Etc/GMT+5").ok(), true);  // '+' and '-' are part of real names
  EXPECT_EQ(load_time_zone("America/Port-au-Prince").ok(), true);
}

// --- synthetic files ---

TEST(TimeZoneTest, ReadsVersionOneFiles) {
  const TimeZone v1 = from(tzif_v1({{0, 1}, {1'000'000, 0}}, {{0, false, "ZER"}, {3600, true, "ONE"}}));
  EXPECT_EQ(v1.type_at(-1).abbreviation, "ZER");  // before the first transition: type 0
  EXPECT_EQ(v1.type_at(0).abbreviation, "ONE");
  EXPECT_EQ(v1.offset_at(999'999), 3600);
  EXPECT_EQ(v1.offset_at(1'000'000), 0);
  EXPECT_EQ(v1.offset_at(4'000'000'000), 0);  // no footer: the last type stays
  EXPECT_EQ(v1.next_transition_after(1'000'000), std::nullopt);
}

TEST(TimeZoneTest, ReadsVersionThreeFilesAndEveryFooterForm) {
  // A footer alone decides every time (no transitions).
  const TimeZone cet = from(tzif_v2({}, {{3600, false, "CET"}}, "CET-1CEST,M3.5.0,M10.5.0/3", '3'));
  EXPECT_EQ(cet.offset_at(1774746000 - 1), 3600);
  EXPECT_EQ(cet.offset_at(1774746000), 7200);
  EXPECT_EQ(cet.offset_at(1792890000), 3600);
  EXPECT_EQ(cet.next_transition_after(1767225600), 1774746000);
  EXPECT_EQ(cet.min_offset(), 3600);
  EXPECT_EQ(cet.max_offset(), 7200);

  // Fixed, with a quoted name and minutes.
  EXPECT_EQ(footer_only("<+0545>-5:45").offset_at(0), 5 * 3600 + 2700);
  EXPECT_EQ(footer_only("<+0545>-5:45").next_transition_after(0), std::nullopt);
  EXPECT_EQ(footer_only("<-03>3").offset_at(0), -3 * 3600);
  // No rules: the US ones (second Sunday of March, first of November).
  EXPECT_EQ(footer_only("EST5EDT").offset_at(1772953200), -4 * 3600);
  EXPECT_EQ(footer_only("EST5EDT").offset_at(1772953200 - 1), -5 * 3600);
  // An explicit DST offset and times with minutes.
  EXPECT_EQ(footer_only("AAA-10BBB-10:30,M10.1.0/2:00,M4.1.0/2:00:00").offset_at(1768435200), 10 * 3600 + 1800);
  // Jn never counts February 29, n does: both 2028-03-01 and 2028-02-29 at 02:00 local.
  EXPECT_EQ(footer_only("AAA-2BBB,J60,J300").next_transition_after(1835000000), 1835481600);
  EXPECT_EQ(footer_only("AAA-2BBB,59,299").next_transition_after(1835000000), 1835395200);
  // Negative rule times (America/Nuuk): last Sunday of March at -1:00, of October at 0:00.
  const TimeZone nuuk = footer_only("<-02>2<-01>,M3.5.0/-1,M10.5.0/0");
  EXPECT_EQ(nuuk.offset_at(1774746000 - 1), -2 * 3600);
  EXPECT_EQ(nuuk.offset_at(1774746000), -3600);
  EXPECT_EQ(nuuk.offset_at(1792890000 - 1), -3600);
  EXPECT_EQ(nuuk.offset_at(1792890000), -2 * 3600);
  // Permanent DST written as a rule (tzfile(5)): always EDT.
  const TimeZone always = footer_only("EST5EDT,0/0,J365/25");
  for (std::int64_t t : {1767225600L, 1767225600L + 3600 * 5, 1782864000L, 1798761600L - 1}) {
    EXPECT_EQ(always.offset_at(t), -4 * 3600) << t;
  }
  // The footer takes over after the table's last transition.
  const TimeZone both =
      from(tzif_v2({{0, 1}}, {{0, false, "LMT"}, {3600, false, "CET"}}, "CET-1CEST,M3.5.0,M10.5.0/3"));
  EXPECT_EQ(both.offset_at(-1), 0);
  EXPECT_EQ(both.offset_at(1782864000), 7200);
  EXPECT_EQ(both.next_transition_after(-1), 0);
  EXPECT_EQ(both.next_transition_after(0), 7520400);  // 1970-03-29T01:00Z, by the footer
}

TEST(TimeZoneTest, ReportsBadFilesClearly) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"", "not a TZif file"},
      {"TZif2", "not a TZif file"},
      {std::string("TZif9") + std::string(39, '\0'), "unsupported TZif version"},
      {block('2', 4, {}, {}), "no local time types"},
      {tzif_v1({{10, 0}, {5, 0}}, {{0, false, "A"}}), "transition times are not ascending"},
      {tzif_v1({{10, 3}}, {{0, false, "A"}}), "transition type out of range"},
      {tzif_v1({}, {{26 * 3600, false, "A"}}), "UT offset out of range"},
      {block('\0', 4, {}, {{0, false, "A"}}, 1), "leap-second (\"right/\") zones are not supported"},
      {tzif_v1({}, {{0, false, "A"}}).substr(0, 50), "truncated data"},
      {block('2', 4, {}, {{0, false, "A"}}) + block('2', 8, {}, {{0, false, "A"}}), "missing footer"},
      {block('2', 4, {}, {{0, false, "A"}}) + block('2', 8, {}, {{0, false, "A"}}) + "\nCET-1", "unterminated footer"},
      {tzif_v2({}, {{0, false, "A"}}, "CET-1CEST,M3.5.0"),
       "footer \"CET-1CEST,M3.5.0\": expected ',' between the two rules at offset 16"},
      {tzif_v2({}, {{0, false, "A"}}, "C-1"), "footer \"C-1\": zone name must have at least 3 letters at offset 1"},
      {tzif_v2({}, {{0, false, "A"}}, "CET"), "footer \"CET\": expected a number at offset 3"},
      {tzif_v2({}, {{0, false, "A"}}, "CET-1CEST,M13.5.0,M10.5.0"),
       "footer \"CET-1CEST,M13.5.0,M10.5.0\": number out of range at offset 13"},
      {tzif_v2({}, {{0, false, "A"}}, "CET-1CEST,M3.5.0,M10.5.0x"),
       "footer \"CET-1CEST,M3.5.0,M10.5.0x\": unexpected text after the rules at offset 24"},
  };
  for (const auto& [data, want] : cases) {
    SCOPED_TRACE(want);
    auto parsed = TimeZone::from_tzif("Bad/Zone", data);
    ASSERT_FALSE(parsed.ok());
    EXPECT_EQ(parsed.error().message, "time zone \"Bad/Zone\": invalid TZif data: " + want);
  }
}

}  // namespace
}  // namespace fleetwave
