#include "render_measure.h"

#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <map>
#include <sstream>

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

Sample render(const Sides& s, const fs::path& dir, const std::string& cluster, bool warm) {
  auto env = base_env();
  if (warm) env["FLEETWAVE_CACHE_DIR"] = s.cache_dir.string();
  else env["FLEETWAVE_CACHE"] = "off";
  return to_sample(testkit::run_process(
      {s.render, "--repo-root", (dir / "fleetwave").string(), "--app", "apps/shop", "--cluster", cluster}, env,
      dir.string()));
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

}  // namespace

std::string find_program(const std::string& name) {
  const char* path = std::getenv("PATH");
  std::stringstream dirs(path != nullptr ? path : "/usr/bin:/bin");
  for (std::string d; std::getline(dirs, d, ':');) {
    fs::path candidate = fs::path(d) / name;
    if (access(candidate.c_str(), X_OK) == 0) return candidate.string();
  }
  return {};
}

Sample render_cold(const Sides& s, const fs::path& dir, const std::string& cluster) {
  return render(s, dir, cluster, false);
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

Sample kustomize(const Sides& s, const fs::path& dir, const std::string& cluster) {
  return to_sample(testkit::run_process({s.kubectl, "kustomize", (dir / "kustomize/overlays" / cluster).string()},
                                        base_env(), dir.string(), 600));
}

bool measure(const Sides& s, const fs::path& dir, const std::string& cluster, int runs, bool with_kustomize,
             Medians& out, std::string& error) {
  fs::remove_all(s.cache_dir);
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
  std::vector<Sample> cold, warm, cat, kz;
  for (int r = 0; r < runs; ++r) {
    cold.push_back(render_cold(s, dir, cluster));
    warm.push_back(render_warm(s, dir, cluster));
    cat.push_back(cat_inputs(dir));
    if (with_kustomize && !s.kubectl.empty()) kz.push_back(kustomize(s, dir, cluster));
    if (warm.back().out != reference.out || cold.back().out != reference.out) {
      error = "a render printed other bytes than the first one";
      return false;
    }
  }
  out.cold = median_of(cold);
  out.warm = median_of(warm);
  out.cat = median_of(cat);
  out.kustomize = median_of(kz);
  if (!out.cold.ok || !out.warm.ok || !out.cat.ok || (!kz.empty() && !out.kustomize.ok)) {
    error = "a run failed";
    return false;
  }
  return true;
}

}  // namespace fleetwave::bench
