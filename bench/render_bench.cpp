// Render benchmark (issue: render): one cluster's render of a synthetic fleet by
// fleetwave-render against `kubectl kustomize` of the equivalent overlay, in the same run,
// after checking that both produce the same objects. Prints medians and the ratio.
//
//   fleetwave-bench-render --render build/plugin/fleetwave-render [--templates 100,1000]
//                          [--clusters 100] [--runs 5] [--work /tmp/fw-bench] [--check]
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include "bench_support.h"
#include "codec/yaml_codec.h"
#include "fleet_generator.h"
#include "testkit/process/child_process.h"

namespace fb = fleetwave::bench;
namespace fs = std::filesystem;

namespace {

struct Options {
  std::string render = "fleetwave-render";
  std::string kubectl = "kubectl";
  std::vector<int> templates = {100, 1000};
  int clusters = 100;
  int runs = 5;
  fs::path work = "/tmp/fleetwave-bench-render";
  bool check = false;
};

std::vector<int> parse_list(const std::string& s) {
  std::vector<int> out;
  std::stringstream in(s);
  for (std::string item; std::getline(in, item, ',');) out.push_back(std::atoi(item.c_str()));
  return out;
}

Options parse(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    std::string f = argv[i];
    auto next = [&] { return i + 1 < argc ? std::string(argv[++i]) : std::string(); };
    if (f == "--render") o.render = next();
    else if (f == "--kubectl") o.kubectl = next();
    else if (f == "--templates") o.templates = parse_list(next());
    else if (f == "--clusters") o.clusters = std::atoi(next().c_str());
    else if (f == "--runs") o.runs = std::atoi(next().c_str());
    else if (f == "--work") o.work = next();
    else if (f == "--check") o.check = true;
    else {
      std::fprintf(stderr, "unknown flag %s\n", f.c_str());
      std::exit(2);
    }
  }
  return o;
}

using Key = std::tuple<std::string, std::string, std::string, std::string>;

// Objects keyed by apiVersion/kind/namespace/name; false when the stream does not parse.
bool index_objects(const std::string& yaml, std::map<Key, fleetwave::Json>& out, std::string& error) {
  auto docs = fleetwave::parse_yaml_stream(yaml, "output");
  if (!docs.ok()) {
    error = docs.error().to_string();
    return false;
  }
  for (auto& d : *docs) {
    if (d.value.is_null()) continue;
    Key k{fleetwave::string_at(d.value, {"apiVersion"}), fleetwave::string_at(d.value, {"kind"}),
          fleetwave::string_at(d.value, {"metadata", "namespace"}),
          fleetwave::string_at(d.value, {"metadata", "name"})};
    out[k] = std::move(d.value);
  }
  return true;
}

// Renders one cluster both ways and compares the objects; prints the first difference.
bool same_objects(const Options& o, const fs::path& dir, const std::string& cluster) {
  fleetwave::testkit::ProcessOutcome ours = fleetwave::testkit::run_process_inherit_env(
      {o.render, "--repo-root", (dir / "fleetwave").string(), "--app", "apps/shop", "--cluster", cluster});
  fleetwave::testkit::ProcessOutcome theirs = fleetwave::testkit::run_process_inherit_env(
      {o.kubectl, "kustomize", (dir / "kustomize/overlays" / cluster).string()});
  if (ours.exit_code != 0 || theirs.exit_code != 0) {
    std::fprintf(stderr, "render failed for %s:\n%s%s", cluster.c_str(), ours.err.c_str(), theirs.err.c_str());
    return false;
  }
  std::map<Key, fleetwave::Json> a, b;
  std::string error;
  if (!index_objects(ours.out, a, error) || !index_objects(theirs.out, b, error)) {
    std::fprintf(stderr, "cannot parse output: %s\n", error.c_str());
    return false;
  }
  if (a == b) return true;
  for (const auto& [key, value] : b) {
    auto it = a.find(key);
    if (it == a.end() || it->second != value) {
      std::fprintf(stderr, "objects differ for %s %s/%s on %s:\nfleetwave: %s\nkustomize: %s\n",
                   std::get<1>(key).c_str(), std::get<2>(key).c_str(), std::get<3>(key).c_str(), cluster.c_str(),
                   it == a.end() ? "(missing)" : it->second.dump().c_str(), value.dump().c_str());
      return false;
    }
  }
  std::fprintf(stderr, "fleetwave renders %zu objects, kustomize %zu\n", a.size(), b.size());
  return false;
}

}  // namespace

int main(int argc, char** argv) {
  Options o = parse(argc, argv);
  bool all_ok = true;
  std::printf("%-10s %-9s %14s %12s %14s %12s %8s %8s\n", "templates", "clusters", "fleetwave ms", "fw RSS MiB",
              "kustomize ms", "kz RSS MiB", "ratio", "target");
  for (int n : o.templates) {
    fs::path dir = o.work / ("t" + std::to_string(n));
    if (!fb::generate_fleet(dir, {n, o.clusters})) {
      std::fprintf(stderr, "cannot write %s\n", dir.c_str());
      return 1;
    }
    const std::string cluster = fb::cluster_name(o.clusters / 3);
    if (!same_objects(o, dir, cluster) || !same_objects(o, dir, fb::cluster_name(0))) return 1;
    std::vector<double> ours, theirs;
    long ours_rss = 0, theirs_rss = 0;
    for (int r = 0; r < o.runs; ++r) {  // alternate, so machine noise hits both alike
      fleetwave::testkit::ProcessOutcome a = fleetwave::testkit::run_process_inherit_env(
          {o.render, "--repo-root", (dir / "fleetwave").string(), "--app", "apps/shop", "--cluster", cluster});
      fleetwave::testkit::ProcessOutcome b = fleetwave::testkit::run_process_inherit_env(
          {o.kubectl, "kustomize", (dir / "kustomize/overlays" / cluster).string()});
      ours.push_back(a.wall_ms);
      theirs.push_back(b.wall_ms);
      ours_rss = std::max(ours_rss, a.max_rss_kb);
      theirs_rss = std::max(theirs_rss, b.max_rss_kb);
    }
    double ratio = fb::median(theirs) / fb::median(ours);
    double target = n >= 1000 ? 50 : 30;
    bool ok = ratio >= target && ours_rss < 30 * 1024;
    all_ok &= ok;
    std::printf("%-10d %-9d %14.1f %12.1f %14.1f %12.1f %7.0fx %7.0fx %s\n", n, o.clusters, fb::median(ours),
                ours_rss / 1024.0, fb::median(theirs), theirs_rss / 1024.0, ratio, target, ok ? "ok" : "MISSED");
  }
  std::printf("(same objects verified on %s and %s; medians of %d alternating runs; RSS target < 30 MiB)\n",
              fb::cluster_name(0).c_str(), fb::cluster_name(o.clusters / 3).c_str(), o.runs);
  return o.check && !all_ok ? 1 : 0;
}
