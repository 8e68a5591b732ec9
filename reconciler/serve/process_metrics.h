// The standard process metrics of the Prometheus clients (process_cpu_seconds_total,
// process_resident_memory_bytes, ...), read the way the Go client reads them on Linux:
// /proc/self/stat for CPU time, memory and start time, /proc/stat for the boot time,
// /proc/self/fd for open descriptors and RLIMIT_NOFILE for their limit.
//
// The parsers take the file text, so they are tested with fixed strings; read_process_stats()
// is the thin adapter that reads the files.
#pragma once

#include <cstdint>
#include <string>

#include "base/result.h"

namespace fleetwave::serve {

// The fields of /proc/self/stat the metrics need, in the units of the file.
struct ProcStat {
  std::uint64_t utime_ticks = 0;
  std::uint64_t stime_ticks = 0;
  std::uint64_t starttime_ticks = 0;  // since boot
  std::uint64_t vsize_bytes = 0;
  std::uint64_t rss_pages = 0;
};

struct ProcessStats {
  double cpu_seconds = 0;
  double resident_bytes = 0;
  double virtual_bytes = 0;
  double start_time_seconds = 0;  // unix time
  double open_fds = 0;
  double max_fds = 0;
};

// /proc/<pid>/stat: the command name may hold spaces and parentheses, so fields are counted
// from its last ')'.
Result<ProcStat> parse_proc_stat(const std::string& text);

// The "btime" line of /proc/stat: boot time in unix seconds.
Result<std::uint64_t> parse_boot_time(const std::string& text);

// Converts ticks and pages with the system's clock rate and page size.
ProcessStats process_stats(const ProcStat& stat, std::uint64_t boot_time, long ticks_per_second, long page_size);

// Reads this process's stats; an error on a system without /proc.
Result<ProcessStats> read_process_stats();

// The six process_* families (HELP, TYPE, sample), in a fixed order.
std::string render_process_metrics(const ProcessStats& stats);

}  // namespace fleetwave::serve
