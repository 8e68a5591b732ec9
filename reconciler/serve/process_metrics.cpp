#include "serve/process_metrics.h"

#include <unistd.h>

#include <charconv>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <sys/resource.h>
#include <vector>

namespace fleetwave::serve {
namespace {

// Positions counted from the state field, the first after the command name (proc(5) numbers
// them 3, 14, 15, 22, 23, 24).
constexpr std::size_t kUtime = 14 - 3;
constexpr std::size_t kStime = 15 - 3;
constexpr std::size_t kStarttime = 22 - 3;
constexpr std::size_t kVsize = 23 - 3;
constexpr std::size_t kRss = 24 - 3;

Result<std::uint64_t> unsigned_field(const std::vector<std::string>& fields, std::size_t index) {
  if (index >= fields.size()) return invalid_input("/proc stat: " + std::to_string(fields.size()) + " fields, too few");
  const std::string& f = fields[index];
  std::uint64_t value = 0;
  auto [end, ec] = std::from_chars(f.data(), f.data() + f.size(), value);
  if (ec != std::errc() || end != f.data() + f.size()) return invalid_input("/proc stat: not a number: " + f);
  return value;
}

std::vector<std::string> words(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

Result<std::string> read_text(const std::string& path) {
  std::ifstream in(path);
  if (!in) return not_found("cannot open " + path);
  std::ostringstream text;
  text << in.rdbuf();  // /proc files report size 0: read to the end
  return text.str();
}

Result<std::uint64_t> count_open_fds() {
  std::error_code ec;
  std::uint64_t n = 0;
  for (std::filesystem::directory_iterator it("/proc/self/fd", ec), end; !ec && it != end; it.increment(ec)) ++n;
  if (ec) return not_found("cannot list /proc/self/fd: " + ec.message());
  return n;
}

void family(std::string& out, const char* name, const char* type, const char* help, double value) {
  char number[64];
  std::snprintf(number, sizeof number, "%.15g", value);
  out +=
      std::string("# HELP ") + name + " " + help + "\n# TYPE " + name + " " + type + "\n" + name + " " + number + "\n";
}

}  // namespace

Result<ProcStat> parse_proc_stat(const std::string& text) {
  const std::size_t close = text.rfind(')');
  if (close == std::string::npos) return invalid_input("/proc stat: no command name");
  const std::vector<std::string> fields = words(text.substr(close + 1));
  FW_TRY(utime, unsigned_field(fields, kUtime));
  FW_TRY(stime, unsigned_field(fields, kStime));
  FW_TRY(starttime, unsigned_field(fields, kStarttime));
  FW_TRY(vsize, unsigned_field(fields, kVsize));
  FW_TRY(rss, unsigned_field(fields, kRss));
  return ProcStat{utime, stime, starttime, vsize, rss};
}

Result<std::uint64_t> parse_boot_time(const std::string& text) {
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    const std::vector<std::string> w = words(line);
    if (w.size() == 2 && w[0] == "btime") return unsigned_field(w, 1);
  }
  return invalid_input("/proc/stat: no btime line");
}

ProcessStats process_stats(const ProcStat& stat, std::uint64_t boot_time, long ticks_per_second, long page_size) {
  const auto hz = static_cast<double>(ticks_per_second);
  ProcessStats p;
  p.cpu_seconds = static_cast<double>(stat.utime_ticks + stat.stime_ticks) / hz;
  p.resident_bytes = static_cast<double>(stat.rss_pages) * static_cast<double>(page_size);
  p.virtual_bytes = static_cast<double>(stat.vsize_bytes);
  p.start_time_seconds = static_cast<double>(boot_time) + static_cast<double>(stat.starttime_ticks) / hz;
  return p;
}

Result<ProcessStats> read_process_stats() {
  FW_TRY(stat_text, read_text("/proc/self/stat"));
  FW_TRY(stat, parse_proc_stat(stat_text));
  FW_TRY(system_text, read_text("/proc/stat"));
  FW_TRY(boot_time, parse_boot_time(system_text));
  FW_TRY(fds, count_open_fds());
  ProcessStats p = process_stats(stat, boot_time, sysconf(_SC_CLK_TCK), sysconf(_SC_PAGESIZE));
  p.open_fds = static_cast<double>(fds);
  rlimit limit{};
  if (getrlimit(RLIMIT_NOFILE, &limit) == 0) p.max_fds = static_cast<double>(limit.rlim_cur);
  return p;
}

std::string render_process_metrics(const ProcessStats& s) {
  std::string out;
  family(out, "process_cpu_seconds_total", "counter", "Total user and system CPU time spent in seconds.",
         s.cpu_seconds);
  family(out, "process_resident_memory_bytes", "gauge", "Resident memory size in bytes.", s.resident_bytes);
  family(out, "process_virtual_memory_bytes", "gauge", "Virtual memory size in bytes.", s.virtual_bytes);
  family(out, "process_open_fds", "gauge", "Number of open file descriptors.", s.open_fds);
  family(out, "process_max_fds", "gauge", "Maximum number of open file descriptors.", s.max_fds);
  family(out, "process_start_time_seconds", "gauge", "Start time of the process since unix epoch in seconds.",
         s.start_time_seconds);
  return out;
}

}  // namespace fleetwave::serve
