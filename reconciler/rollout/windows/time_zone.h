// IANA time zones read from TZif files (RFC 8536 / 9636, versions 1 to 4): the transition table of the
// 64-bit section, then the POSIX TZ footer ("CET-1CEST,M3.5.0,M10.5.0/3") for every time after
// the last transition. libstdc++ 12 has no std::chrono::tzdb, hence this reader.
//
// Why not cctz (libcctz-dev) or Howard Hinnant's date/tz (libhowardhinnant-date-dev): both read
// the same files, but (1) this class is pure: it takes the TZif bytes (tests feed crafted v1 to
// v4 files and broken ones), while cctz loads through a process-wide source factory and date/tz
// through its own database paths; (2) the window search needs every offset a zone uses
// (min_offset/max_offset), which neither exposes; (3) the local-to-UTC rule below is ours to
// state exactly (it decides when a rollout window opens), and would be written on top of either
// library's lookup anyway. The reader is ~470 lines, checked against /usr/share/zoneinfo zones
// with 30- and 45-minute offsets and against every footer form.
//
// Pure: the file is read by an injected reader; the default one reads /usr/share/zoneinfo.
//
// Local to UTC (what a cron trigger at a local time means), documented for rollout windows:
//   - a local time that exists once is that instant;
//   - a local time that exists twice (clocks set back) is its FIRST occurrence: a trigger fires
//     once, with the offset in effect before the change (02:30 on the night CEST ends is
//     00:30Z, not 01:30Z);
//   - a local time that does not exist (clocks set forward) is the instant of the change: the
//     trigger is not lost, it fires when the clocks jump (02:30 on the night CEST starts fires
//     at 03:00 CEST, 01:00Z), like Vixie cron runs the skipped hour's jobs right after the jump.
// So later local times never map to earlier instants, which the window search relies on.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/result.h"
#include "rollout/windows/civil_time.h"

namespace fleetwave {

// Reads a whole file: the contents, NotFound when it does not exist, another error otherwise.
using TimeZoneReader = std::function<Result<std::string>(const std::string& path)>;

// The default reader: the file's bytes (std::ifstream).
Result<std::string> read_zoneinfo_file(const std::string& path);

inline constexpr const char* kZoneinfoDir = "/usr/share/zoneinfo/";

struct LocalTimeType {
  std::int32_t offset = 0;  // seconds east of UTC
  bool dst = false;
  std::string abbreviation;  // "CEST", "+0545"
};

class TimeZone {
 public:
  TimeZone();  // UTC
  static TimeZone utc(const std::string& name = "UTC");

  // `data` is a TZif file; `name` labels the zone and its errors.
  static Result<TimeZone> from_tzif(const std::string& name, std::string_view data);

  const std::string& name() const;

  // The local time type in effect at `utc_seconds` (seconds since the epoch, no leap seconds).
  const LocalTimeType& type_at(std::int64_t utc_seconds) const;
  std::int32_t offset_at(std::int64_t utc_seconds) const { return type_at(utc_seconds).offset; }

  // The first transition strictly after `utc_seconds` (table or footer rule); nullopt if none.
  std::optional<std::int64_t> next_transition_after(std::int64_t utc_seconds) const;

  // The local minute containing `utc_seconds`.
  CivilMinute to_local(std::int64_t utc_seconds) const;
  // The instant of local time `local` (whole minute), by the rule in the header comment.
  std::int64_t to_utc(const CivilMinute& local) const;

  // Bounds of every offset the zone ever uses (the search in rollout_windows.cpp needs them).
  std::int32_t min_offset() const;
  std::int32_t max_offset() const;

  struct Data;

 private:
  explicit TimeZone(std::shared_ptr<const Data> data) : data_(std::move(data)) {}
  std::shared_ptr<const Data> data_;  // shared: windows copy their zone freely
};

// Loads a zone by IANA name ("Europe/Berlin") through `reader`, which is given
// kZoneinfoDir + name; "UTC", "Etc/UTC", "GMT" and "Etc/GMT" are built in (never read). Names are checked
// first (letters, digits, "_+-/", no leading "/", no empty part), so a name cannot leave the
// zoneinfo folder. Errors are InvalidInput: invalid time zone name "../x", unknown time zone
// "Europ/Berlin", time zone "X": invalid TZif data: ...
Result<TimeZone> load_time_zone(const std::string& name, const TimeZoneReader& reader = read_zoneinfo_file);

// "2026-11-30T08:00:00+01:00": RFC 3339 in `zone` (offset seconds, as in LMT, are dropped).
std::string format_time(const TimeZone& zone, std::int64_t utc_seconds);

}  // namespace fleetwave
