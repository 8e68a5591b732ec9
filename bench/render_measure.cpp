#include "render_measure.h"

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <linux/magic.h>
#include <map>
#include <sstream>
#include <sys/statfs.h>

#include "bench_support.h"
#include "testkit/process/child_process.h"

namespace fleetwave::bench {
namespace fs = std::filesystem;
namespace {

std::map<std::string, std::string> base_env() {
  std::map<std::string, std::string> env;
  for (const char* name : {"PATH", "HOME"}) {
    if (const char* v = std::getenv(name)) env[name] = v;
  }
  return env;
}

Sample to_sample(const testkit::ProcessOutcome& r) {
  Sample s;
  s.wall_ms = r.wall_ms;
  s.cpu_ms = r.cpu_ms;
  s.rss_kb = r.max_rss_kb;
  s.ok = r.exit_code == 0;
  s.out = r.out;
  if (!s.ok) s.out = r.err;
  return s;
}

// One side's command, as run for timing and for its peak memory.
struct Invocation {
  std::vector<std::string> argv;
  std::map<std::string, std::string> env;
  std::string cwd;
  int timeout_s = 60;
};

Invocation render_invocation(const Sides& s, const fs::path& dir, const std::string& cluster, bool warm) {
  Invocation i{{s.render, "--repo-root", (dir / "fleetwave").string(), "--app", "apps/shop", "--cluster", cluster},
               base_env(),
               dir.string()};
  if (warm) i.env["FLEETWAVE_CACHE_DIR"] = s.cache_dir.string();
  else i.env["FLEETWAVE_CACHE"] = "off";
  return i;
}

Invocation kustomize_invocation(const Sides& s, const fs::path& dir, const std::string& cluster) {
  return {{s.kubectl, "kustomize", (dir / "kustomize/overlays" / cluster).string()}, base_env(), dir.string(), 600};
}

Sample run(const Invocation& i) { return to_sample(testkit::run_process(i.argv, i.env, i.cwd, i.timeout_s)); }

// Peak RSS of one run, as GNU time (Debian package "time") reads it from a process it forks
// itself. wait4's ru_maxrss after this benchmark's posix_spawn would also count the benchmark's
// own pages: exec records the high-water mark of the address space the vfork child shared with
// us. 0 when /usr/bin/time is missing.
long peak_rss_kb(Invocation i) {
  if (access("/usr/bin/time", X_OK) != 0) return 0;
  const fs::path report = fs::temp_directory_path() / ("fleetwave-bench-rss-" + std::to_string(getpid()));
  i.argv.insert(i.argv.begin(), {"/usr/bin/time", "-f", "%M", "-o", report.string()});
  const bool ok = run(i).ok;
  long kb = 0;
  std::ifstream(report) >> kb;
  fs::remove(report);
  return ok ? kb : 0;
}

Sample render(const Sides& s, const fs::path& dir, const std::string& cluster, bool warm) {
  return run(render_invocation(s, dir, cluster, warm));
}

// The files fleetwave-render reads for apps/shop, in its order.
std::vector<std::string> input_files(const fs::path& root) {
  std::vector<std::string> files;
  for (const char* sub : {"apps/shop", "clusters", "policies"}) {
    std::error_code ec;
    if (!fs::is_directory(root / sub, ec)) continue;
    for (fs::recursive_directory_iterator it(root / sub, ec), end; !ec && it != end; it.increment(ec)) {
      if (it->is_regular_file() && it->path().extension() == ".yaml") files.push_back(it->path().string());
    }
  }
  std::sort(files.begin(), files.end());
  return files;
}

Sample median_of(const std::vector<Sample>& samples) {
  std::vector<double> wall, cpu;
  Sample m;
  m.ok = !samples.empty();
  for (const Sample& s : samples) {
    wall.push_back(s.wall_ms);
    cpu.push_back(s.cpu_ms);
    m.rss_kb = std::max(m.rss_kb, s.rss_kb);
    m.ok = m.ok && s.ok;
  }
  m.wall_ms = median(wall);
  m.cpu_ms = median(cpu);
  return m;
}

bool on_tmpfs(const fs::path& dir) {
  struct statfs st {};
  return ::statfs(dir.c_str(), &st) == 0 && st.f_type == TMPFS_MAGIC && access(dir.c_str(), W_OK) == 0;
}

// Room for every cache of a run (the curves keep one per point until the end): a full cache
// directory only costs the cache, so warm renders would quietly be cold ones. A container's
// /dev/shm is often 64 MiB.
bool roomy(const fs::path& dir) {
  struct statfs st {};
  return ::statfs(dir.c_str(), &st) == 0 && static_cast<double>(st.f_bavail) * static_cast<double>(st.f_bsize) >= 2e9;
}

// Microseconds to create (and write a line to) one new file in `dir`, over 50 files left there:
// deleting them would itself slow the creates that follow.
double file_create_us(const fs::path& dir) {
  std::error_code ec;
  fs::create_directories(dir, ec);
  const auto start = std::chrono::steady_clock::now();
  for (int i = 0; i < 50; ++i) std::ofstream(dir / ("probe-" + std::to_string(i))) << "probe\n";
  return ms_since(start) * 1000.0 / 50;
}

}  // namespace

CacheRoot::CacheRoot(const fs::path& fallback) : fallback_(fallback) {
  const fs::path shm = "/dev/shm";
  root_ = on_tmpfs(shm) && roomy(shm) ? shm / ("fleetwave-bench-" + std::to_string(getpid())) : fallback / "caches";
  fs::remove_all(root_);
}

CacheRoot::~CacheRoot() {
  std::error_code ec;
  fs::remove_all(root_, ec);
  fs::remove_all(fallback_ / ("create-probe-" + std::to_string(getpid())), ec);
}

fs::path CacheRoot::next() { return root_ / ("cache-" + std::to_string(++used_)); }

std::string CacheRoot::describe() {
  char line[512];
  std::snprintf(line, sizeof line, "render caches in %s%s; creating a file there %.0f us, in %s %.0f us", root_.c_str(),
                on_tmpfs(root_.parent_path()) ? " (tmpfs)" : "", file_create_us(root_ / "create-probe"),
                fallback_.c_str(), file_create_us(fallback_ / ("create-probe-" + std::to_string(getpid()))));
  return line;
}

std::string find_program(const std::string& name) {
  const char* path = std::getenv("PATH");
  std::stringstream dirs(path != nullptr ? path : "/usr/bin:/bin");
  for (std::string d; std::getline(dirs, d, ':');) {
    fs::path candidate = fs::path(d) / name;
    if (access(candidate.c_str(), X_OK) == 0) return candidate.string();
  }
  return {};
}

void resolve_tool_paths(ToolPaths& tools) {
  tools.render = fs::absolute(tools.render).string();
  if (tools.kubectl.find('/') == std::string::npos) tools.kubectl = find_program(tools.kubectl);
}

Sample render_cold(const Sides& s, const fs::path& dir, const std::string& cluster) {
  return render(s, dir, cluster, false);
}

long render_peak_rss_kb(const Sides& s, const fs::path& dir, const std::string& cluster, bool warm) {
  return peak_rss_kb(render_invocation(s, dir, cluster, warm));
}

Sample render_warm(const Sides& s, const fs::path& dir, const std::string& cluster) {
  return render(s, dir, cluster, true);
}

Sample cat_inputs(const fs::path& dir) {
  std::vector<std::string> argv = {"/bin/cat"};
  for (std::string& f : input_files(dir / "fleetwave")) argv.push_back(std::move(f));
  Sample s = to_sample(testkit::run_process(argv, base_env(), dir.string()));
  s.out.clear();
  return s;
}

Sample read_inputs_floor(const fs::path& dir) {
  std::error_code ec;
  const fs::path floor = fs::read_symlink("/proc/self/exe", ec).parent_path() / "fleetwave-bench-read-floor";
  if (ec || access(floor.c_str(), X_OK) != 0) return {};
  std::vector<std::string> argv = {floor.string()};
  for (std::string& f : input_files(dir / "fleetwave")) argv.push_back(std::move(f));
  return to_sample(testkit::run_process(argv, base_env(), dir.string()));
}

Sample kustomize(const Sides& s, const fs::path& dir, const std::string& cluster) {
  return run(kustomize_invocation(s, dir, cluster));
}

bool measure(const Sides& s, const fs::path& dir, const std::string& cluster, const std::vector<std::string>& others,
             int runs, bool with_kustomize, Medians& out, std::string& error) {
  Sample fill = render_warm(s, dir, cluster);
  Sample reference = render_cold(s, dir, cluster);
  if (!fill.ok || !reference.ok) {
    error = "render failed: " + (fill.ok ? reference.out : fill.out);
    return false;
  }
  if (fill.out != reference.out) {
    error = "the render that filled the cache printed other bytes than a render without cache";
    return false;
  }
  std::vector<Sample> cold, warm, first, cat, kz, floor;
  // The last of `others` is kept for first's peak memory.
  const std::size_t first_runs = std::min(static_cast<std::size_t>(runs), others.empty() ? 0 : others.size() - 1);
  for (int r = 0; r < runs; ++r) {
    cold.push_back(render_cold(s, dir, cluster));
    warm.push_back(render_warm(s, dir, cluster));
    if (static_cast<std::size_t>(r) < first_runs) {
      first.push_back(render_warm(s, dir, others[r]));
      if (first.back().out != render_cold(s, dir, others[r]).out) {
        error = "the first render of " + others[r] + " from the snapshot printed other bytes than one without cache";
        return false;
      }
    }
    cat.push_back(cat_inputs(dir));
    floor.push_back(read_inputs_floor(dir));
    if (with_kustomize && !s.kubectl.empty()) kz.push_back(kustomize(s, dir, cluster));
    if (warm.back().out != reference.out || cold.back().out != reference.out) {
      error = "a render printed other bytes than the first one";
      return false;
    }
  }
  out.cold = median_of(cold);
  out.warm = median_of(warm);
  out.first = median_of(first);
  out.cat = median_of(cat);
  out.kustomize = median_of(kz);
  out.floor = median_of(floor);
  // Peak memory from runs of their own (see peak_rss_kb), the cache still warm.
  out.cold.rss_kb = peak_rss_kb(render_invocation(s, dir, cluster, false));
  out.warm.rss_kb = peak_rss_kb(render_invocation(s, dir, cluster, true));
  if (!first.empty()) out.first.rss_kb = peak_rss_kb(render_invocation(s, dir, others.back(), true));
  out.cat.rss_kb = out.floor.rss_kb = 0;
  if (!kz.empty()) out.kustomize.rss_kb = peak_rss_kb(kustomize_invocation(s, dir, cluster));
  if (!out.cold.ok || !out.warm.ok || !out.cat.ok || (!kz.empty() && !out.kustomize.ok) ||
      (!first.empty() && !out.first.ok)) {
    error = "a run failed";
    return false;
  }
  return true;
}

}  // namespace fleetwave::bench
