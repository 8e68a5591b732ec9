// The process_* families: the /proc parsers on fixed text, the unit conversions, and the
// adapter against this very process.
#include "serve/process_metrics.h"

#include <chrono>

#include <gtest/gtest.h>

namespace fleetwave::serve {
namespace {

// A /proc/<pid>/stat line whose command name holds spaces and a ')': utime 250, stime 150,
// starttime 4200, vsize 123456789, rss 2048 pages.
const std::string kStat =
    "4242 (fleet wave (x)) S 1 4242 4242 0 -1 4194560 2000 0 3 0 250 150 0 0 20 0 9 0 4200 123456789 2048 "
    "18446744073709551615 1 1 0 0 0 0 0 0 0 0 0 0 17 1 0 0 0 0 0\n";

bool has_line(const std::string& text, const std::string& line) {
  return ("\n" + text).find("\n" + line + "\n") != std::string::npos;
}

TEST(ProcessMetrics, ParsesProcStatPastACommandNameWithParentheses) {
  auto stat = parse_proc_stat(kStat);
  ASSERT_TRUE(stat.ok()) << stat.error().to_string();
  EXPECT_EQ(stat->utime_ticks, 250u);
  EXPECT_EQ(stat->stime_ticks, 150u);
  EXPECT_EQ(stat->starttime_ticks, 4200u);
  EXPECT_EQ(stat->vsize_bytes, 123456789u);
  EXPECT_EQ(stat->rss_pages, 2048u);
}

TEST(ProcessMetrics, RefusesTruncatedOrGarbledProcStat) {
  EXPECT_FALSE(parse_proc_stat("").ok());
  EXPECT_FALSE(parse_proc_stat("4242 fleetwave S 1").ok());                  // no command name
  EXPECT_FALSE(parse_proc_stat(kStat.substr(0, kStat.find(" 4200"))).ok());  // cut before starttime
  std::string garbled = kStat;
  garbled.replace(garbled.find(" 250 "), 5, " 2x0 ");
  EXPECT_FALSE(parse_proc_stat(garbled).ok());
}

TEST(ProcessMetrics, ParsesBootTime) {
  auto boot = parse_boot_time("cpu  1 2 3 4\nintr 5\nbtime 1700000000\nprocesses 77\n");
  ASSERT_TRUE(boot.ok()) << boot.error().to_string();
  EXPECT_EQ(*boot, 1700000000u);
  EXPECT_FALSE(parse_boot_time("cpu  1 2 3 4\n").ok());
}

TEST(ProcessMetrics, ConvertsTicksAndPages) {
  auto stat = parse_proc_stat(kStat);
  ASSERT_TRUE(stat.ok());
  const ProcessStats p = process_stats(*stat, 1700000000, /*ticks_per_second=*/100, /*page_size=*/4096);
  EXPECT_DOUBLE_EQ(p.cpu_seconds, 4.0);                       // (250 + 150) / 100
  EXPECT_DOUBLE_EQ(p.resident_bytes, 2048.0 * 4096);          // pages * page size
  EXPECT_DOUBLE_EQ(p.virtual_bytes, 123456789.0);             // already bytes
  EXPECT_DOUBLE_EQ(p.start_time_seconds, 1700000000 + 42.0);  // boot + 4200 / 100
}

TEST(ProcessMetrics, RendersTheSixFamiliesWithHelpAndType) {
  ProcessStats p;
  p.cpu_seconds = 4;
  p.resident_bytes = 8388608;
  p.virtual_bytes = 123456789;
  p.start_time_seconds = 1700000042.5;
  p.open_fds = 12;
  p.max_fds = 1024;
  const std::string text = render_process_metrics(p);
  for (const std::string line :
       {"# TYPE process_cpu_seconds_total counter", "process_cpu_seconds_total 4",
        "# TYPE process_resident_memory_bytes gauge", "process_resident_memory_bytes 8388608",
        "process_virtual_memory_bytes 123456789", "# TYPE process_open_fds gauge", "process_open_fds 12",
        "process_max_fds 1024", "process_start_time_seconds 1700000042.5"}) {
    EXPECT_TRUE(has_line(text, line)) << line << "\n" << text;
  }
  EXPECT_NE(text.find("# HELP process_start_time_seconds "), std::string::npos) << text;
}

TEST(ProcessMetrics, ReadsThisProcess) {
  auto p = read_process_stats();
  ASSERT_TRUE(p.ok()) << p.error().to_string();
  EXPECT_GT(p->open_fds, 0);  // stdin/out/err at least
  EXPECT_GE(p->max_fds, p->open_fds);
  EXPECT_GT(p->resident_bytes, 0);
  EXPECT_GE(p->virtual_bytes, p->resident_bytes);
  const double now = std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch()).count();
  EXPECT_LE(p->start_time_seconds, now + 1);
  EXPECT_GT(p->start_time_seconds, now - 24 * 3600);  // this test binary started recently
}

}  // namespace
}  // namespace fleetwave::serve
