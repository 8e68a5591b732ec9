// Whole-process measurements of fleetwave-render and its peers on a generated fleet, shared by
// the render benchmark and the scaling curves: a render without cache (cold), a render whose
// inputs are in the render cache already (warm), `cat` of the same input files, and `kubectl
// kustomize` of the equivalent overlay. Runs alternate between the sides so machine noise hits
// all of them alike; medians are reported.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace fleetwave::bench {

struct Sample {
  double wall_ms = 0;
  double cpu_ms = 0;  // user + system
  long rss_kb = 0;
  bool ok = false;
  std::string out;
};

struct Sides {
  std::string render;               // fleetwave-render, absolute
  std::string kubectl;              // absolute, or "" to leave kustomize out
  std::filesystem::path cache_dir;  // for warm renders
};

// Where warm renders keep their render caches during a benchmark run: a tmpfs directory when
// the machine has one (/dev/shm) with 2 GB free, else `fallback`; removed with this object. Each measurement
// takes a fresh, empty directory from next() instead of deleting the last one: on this VM's
// root file system (ext4) creating a file took ~1 ms for minutes after thousands were deleted
// (perf: ext4's inode allocator skipping recently deleted inodes, 17 % of a render from the
// snapshot), and each such render stores its output as a new file. describe() says where the
// caches are and what creating a file costs there and in `fallback`, so a reader can tell.
class CacheRoot {
 public:
  explicit CacheRoot(const std::filesystem::path& fallback);
  ~CacheRoot();
  CacheRoot(const CacheRoot&) = delete;
  CacheRoot& operator=(const CacheRoot&) = delete;

  std::filesystem::path next();
  std::string describe();

 private:
  std::filesystem::path fallback_, root_;
  int used_ = 0;
};

// One render of `cluster` of the fleet under `dir` (as written by generate_fleet).
Sample render_cold(const Sides& s, const std::filesystem::path& dir, const std::string& cluster);
Sample render_warm(const Sides& s, const std::filesystem::path& dir, const std::string& cluster);
Sample cat_inputs(const std::filesystem::path& dir);
// fleetwave-bench-read-floor (bench/read_floor.cpp, beside this benchmark's executable) on the
// same input files: the least a render of them can cost. ok false when it is not there.
Sample read_inputs_floor(const std::filesystem::path& dir);
Sample kustomize(const Sides& s, const std::filesystem::path& dir, const std::string& cluster);

struct Medians {
  // Medians of wall and CPU; peak RSS of a run of its own (0 for cat). `warm` renders the cluster
  // that filled the cache again (its stored output, as when Argo CD renders it again at a commit
  // that left the inputs alone); `first` renders other clusters once each, from the stored
  // snapshot (a release's other clusters); all zero without such clusters.
  Sample cold, warm, first, cat, kustomize;
  Sample floor;  // read_inputs_floor; ok false without it
};

// `runs` alternating rounds of every side (kustomize only when s.kubectl is set and
// `with_kustomize`; `first` on the next of `others` each round, while there are some); the
// cache (s.cache_dir, empty or new: CacheRoot::next) is filled first. False when a run failed or a cached render's
// output differs from a render's without cache (which must never happen).
bool measure(const Sides& s, const std::filesystem::path& dir, const std::string& cluster,
             const std::vector<std::string>& others, int runs, bool with_kustomize, Medians& out, std::string& error);

// Peak RSS of one render, measured by GNU time (/usr/bin/time, Debian package "time") so that
// none of this benchmark's own memory is counted; 0 without it.
long render_peak_rss_kb(const Sides& s, const std::filesystem::path& dir, const std::string& cluster, bool warm);

// `name` looked up in PATH; "" when absent.
std::string find_program(const std::string& name);

// The tools the render benchmarks run, as their --render and --kubectl flags name them.
struct ToolPaths {
  std::string render = "fleetwave-render";
  std::string kubectl = "kubectl";
};

// Makes `tools` ready for Sides: render absolute, and kubectl looked up in PATH unless it is a
// path ("" when absent).
void resolve_tool_paths(ToolPaths& tools);

}  // namespace fleetwave::bench
