// Scaling curves of one cluster's render (docs/benchmarks.md): time and peak memory of
// fleetwave-render without cache (cold), from its cache (warm: the same cluster again, its stored
// output when it has one; first: other clusters once each, from the stored snapshot), with `cat`
// of the same inputs
// and, where it applies, `kubectl kustomize` of the equivalent overlay, measured in the same run
// against
//   - the number of templates (100 clusters),
//   - the size of the inventory (100 templates), and
//   - the number of override rules per cluster (100 templates, 100 clusters).
// Writes one CSV per curve into --out; bench/plot-curves.sh draws them.
//
//   fleetwave-bench-curves --render build/plugin/fleetwave-render --out bench-data
//                          [--runs 5] [--max 10000] [--kustomize-max 1000] [--work /tmp/fw-curves]
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "bench_support.h"
#include "fleet_generator.h"
#include "render_measure.h"

namespace fb = fleetwave::bench;
namespace fs = std::filesystem;

namespace {

struct Options : fb::ToolPaths {
  fs::path out = "bench-data";
  fs::path work = "/tmp/fleetwave-bench-curves";
  int runs = 5;
  int max = 10000;
  int kustomize_max = 1000;
};

Options parse(int argc, char** argv) {
  Options o;
  fb::set_flags_or_exit(argc, argv,
                        {{"--render", fb::into(o.render)},
                         {"--kubectl", fb::into(o.kubectl)},
                         {"--out", fb::into(o.out)},
                         {"--work", fb::into(o.work)},
                         {"--runs", fb::into(o.runs)},
                         {"--max", fb::into(o.max)},
                         {"--kustomize-max", fb::into(o.kustomize_max)}});
  fb::resolve_tool_paths(o);
  return o;
}

std::uintmax_t input_bytes(const fs::path& root) {
  std::uintmax_t total = 0;
  std::error_code ec;
  for (fs::recursive_directory_iterator it(root, ec), end; !ec && it != end; it.increment(ec)) {
    if (it->is_regular_file() && it->path().extension() == ".yaml") total += it->file_size();
  }
  return total;
}

double mib(long kb) { return static_cast<double>(kb) / 1024.0; }

using Points = std::map<int, fb::Medians>;

// One curve: for each x, a fleet of `shape(x)`, measured; one CSV row per point, kept in `points`.
bool curve(const Options& o, fb::CacheRoot& caches, const std::string& name, const std::string& x_name,
           const std::vector<int>& xs, const std::function<fb::FleetShape(int)>& shape, Points& points) {
  fs::create_directories(o.out);
  std::ofstream csv(o.out / (name + ".csv"));
  csv << x_name
      << ",templates,clusters,rules_per_cluster,input_kib,cold_ms,warm_ms,cat_ms,kustomize_ms,cold_cpu_ms,warm_cpu_ms,"
         "cold_rss_mib,warm_rss_mib,kustomize_rss_mib,first_ms,first_cpu_ms,first_rss_mib\n";
  std::printf("\n%s\n%8s %10s %10s %10s %10s %10s %12s %10s %10s %10s\n", name.c_str(), x_name.c_str(), "input KiB",
              "cold ms", "warm ms", "first ms", "cat ms", "kustomize ms", "cold MiB", "warm MiB", "first MiB");
  for (int x : xs) {
    if (x > o.max) continue;
    fb::FleetShape s = shape(x);
    s.kustomize = !o.kubectl.empty() && s.kustomize && s.templates <= o.kustomize_max;
    fs::path dir = o.work / (name + "-" + std::to_string(x));
    if (!fb::generate_fleet(dir, s)) return false;
    fb::Sides sides{o.render, s.kustomize ? o.kubectl : "", caches.next()};
    fb::Medians m;
    std::string error;
    const std::string cluster = fb::cluster_name(s.clusters / 3);
    std::vector<std::string> others;  // one per run, and one for the peak memory
    for (int i = 1; i <= o.runs + 1 && i < s.clusters; ++i)
      others.push_back(fb::cluster_name((s.clusters / 3 + i) % s.clusters));
    if (!fb::measure(sides, dir, cluster, others, o.runs, s.kustomize, m, error)) {
      std::fprintf(stderr, "%s %d: %s\n", name.c_str(), x, error.c_str());
      return false;
    }
    const double kib = static_cast<double>(input_bytes(dir / "fleetwave")) / 1024.0;
    const std::string kz = s.kustomize ? std::to_string(m.kustomize.wall_ms) : "";
    const std::string kz_rss = s.kustomize ? std::to_string(mib(m.kustomize.rss_kb)) : "";
    csv << x << "," << s.templates << "," << s.clusters << "," << s.extra_rules + 2 << "," << kib << ","
        << m.cold.wall_ms << "," << m.warm.wall_ms << "," << m.cat.wall_ms << "," << kz << "," << m.cold.cpu_ms << ","
        << m.warm.cpu_ms << "," << mib(m.cold.rss_kb) << "," << mib(m.warm.rss_kb) << "," << kz_rss << ","
        << m.first.wall_ms << "," << m.first.cpu_ms << "," << mib(m.first.rss_kb) << "\n";
    std::printf("%8d %10.0f %10.2f %10.2f %10.2f %10.2f %12s %10.1f %10.1f %10.1f\n", x, kib, m.cold.wall_ms,
                m.warm.wall_ms, m.first.wall_ms, m.cat.wall_ms,
                s.kustomize ? std::to_string(static_cast<int>(m.kustomize.wall_ms)).c_str() : "-", mib(m.cold.rss_kb),
                mib(m.warm.rss_kb), mib(m.first.rss_kb));
    std::fflush(stdout);
    fs::remove_all(dir);
    points[x] = m;
  }
  return true;
}

// Issue 30's bounds: at 10,000 templates or clusters, peak memory at most 64 MiB; at 10,000
// clusters, a cold render in at most 10x the time at 1,000.
void check_bounds(const std::string& what, const Points& points, bool time_bound) {
  auto small = points.find(1000), large = points.find(10000);
  if (small == points.end() || large == points.end()) return;
  const double peak =
      std::max({mib(large->second.cold.rss_kb), mib(large->second.warm.rss_kb), mib(large->second.first.rss_kb)});
  std::printf("%s: peak at 10,000 %.1f MiB (target <= 64) %s", what.c_str(), peak, peak <= 64 ? "ok" : "MISSED");
  if (time_bound) {
    const double ratio = large->second.cold.wall_ms / small->second.cold.wall_ms;
    std::printf("; cold at 10,000 / at 1,000 = %.1fx (target <= 10x) %s", ratio, ratio <= 10 ? "ok" : "MISSED");
  }
  std::printf("\n");
}

}  // namespace

int main(int argc, char** argv) {
  Options o = parse(argc, argv);
  fb::note_machine_load("before the runs");
  fb::CacheRoot caches(o.work);
  std::printf("%s\n", caches.describe().c_str());
  const std::vector<int> sizes = {10, 30, 100, 300, 1000, 3000, 10000};
  Points templates, clusters, overrides;
  bool ok = curve(
                o, caches, "render-templates", "templates", sizes,
                [](int n) {
                  return fb::FleetShape{n, 100, 0, true};
                },
                templates) &&
            curve(
                o, caches, "render-clusters", "clusters", sizes,
                [](int n) {
                  return fb::FleetShape{100, n, 0, false};
                },
                clusters) &&
            // The generated fleet has two rules per cluster (metadata, Deployments) before extras.
            curve(
                o, caches, "render-overrides", "rules_per_cluster", {2, 4, 8, 16, 32, 64},
                [](int n) {
                  return fb::FleetShape{100, 100, n - 2, false};
                },
                overrides);
  if (ok) {
    std::printf("\n");
    check_bounds("templates", templates, false);
    check_bounds("clusters", clusters, true);
  }
  std::printf("\nCSV in %s; draw with bench/plot-curves.sh %s docs\n", o.out.c_str(), o.out.c_str());
  return ok ? 0 : 1;
}
