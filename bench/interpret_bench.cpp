// Resource interpreter benchmark (issue: Lua resource interpreter). Two ratios, each against a
// peer measured in the same run, alternating runs so machine noise hits both alike:
//
//  1. 1,000 Argo Rollouts Rollouts with the example ResourceInterpreterCustomization
//     (examples/argo-rollouts/) against 1,000 Deployments of the same shape and placement, one
//     cluster's render by fleetwave-render, as Argo CD runs it (render cache on). Target: at
//     most 1.5x.
//  2. With --baseline OLD_BINARY: the render benchmark's fleet (bench/fleet_generator.h, no RIC)
//     by this fleetwave-render against OLD_BINARY (e.g. built from main before the interpreter).
//     Target: as fast as before (within noise).
//
//   fleetwave-bench-interpret --render build/plugin/fleetwave-render [--baseline PATH]
//                             [--templates 1000] [--clusters 10] [--runs 11] [--source-dir DIR]
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <vector>

#include "bench_support.h"
#include "fleet_generator.h"
#include "testkit/build_paths.h"
#include "testkit/process/child_process.h"

namespace fb = fleetwave::bench;
namespace fs = std::filesystem;

namespace {

struct Options {
  std::string render = "fleetwave-render";
  std::string baseline;
  std::string source_dir = fleetwave::testkit::source_dir();
  fs::path work = "/tmp/fleetwave-bench-interpret";
  int templates = 1000;
  int clusters = 10;
  int runs = 11;
};

bool parse(int argc, char** argv, Options& o) {
  std::vector<char*> ints = {argv[0]};
  for (int i = 1; i < argc; ++i) {
    std::string f = argv[i];
    bool has_value = i + 1 < argc;
    if (f == "--render" && has_value) o.render = argv[++i];
    else if (f == "--baseline" && has_value) o.baseline = argv[++i];
    else if (f == "--source-dir" && has_value) o.source_dir = argv[++i];
    else if (f == "--work" && has_value) o.work = argv[++i];
    else {
      ints.push_back(argv[i]);
      if (has_value) ints.push_back(argv[++i]);
    }
  }
  return fb::parse_int_flags(static_cast<int>(ints.size()), ints.data(),
                             {{"--templates", &o.templates}, {"--clusters", &o.clusters}, {"--runs", &o.runs}});
}

std::string cluster(int i) {
  char name[16];
  std::snprintf(name, sizeof name, "c%03d", i);
  return name;
}

// `templates` workloads of `kind` in apps/shop, Divided by equal static weights over every cluster.
bool write_fleet(const fs::path& root, const Options& o, bool rollouts) {
  fs::remove_all(root);
  fs::create_directories(root / "clusters");
  fs::create_directories(root / "apps/shop");
  for (int c = 0; c < o.clusters; ++c) {
    std::ofstream(root / "clusters" / (cluster(c) + ".yaml"))
        << "apiVersion: cluster.karmada.io/v1alpha1\nkind: Cluster\nmetadata:\n  name: " << cluster(c)
        << "\nspec:\n  syncMode: Push\n";
  }
  std::ofstream out(root / "apps/shop/workloads.yaml");
  const char* api = rollouts ? "argoproj.io/v1alpha1" : "apps/v1";
  const char* kind = rollouts ? "Rollout" : "Deployment";
  for (int i = 0; i < o.templates; ++i) {
    out << "---\napiVersion: " << api << "\nkind: " << kind << "\nmetadata:\n  name: web-" << i
        << "\n  namespace: shop\nspec:\n  replicas: " << (o.clusters * 2 + i % 7)
        << "\n  selector:\n    matchLabels: {app: web-" << i
        << "}\n  template:\n    metadata:\n      labels: {app: web-" << i
        << "}\n    spec:\n      containers:\n        - name: web\n          image: nginx:1.27\n"
        << "          resources:\n            requests: {cpu: 100m, memory: 64Mi}\n";
    if (rollouts) out << "  strategy:\n    canary:\n      steps:\n        - setWeight: 20\n        - pause: {}\n";
  }
  out << "---\napiVersion: policy.karmada.io/v1alpha1\nkind: PropagationPolicy\nmetadata: {name: shop, namespace: "
         "shop}\n"
      << "spec:\n  resourceSelectors:\n    - {apiVersion: " << api << ", kind: " << kind << "}\n"
      << "  placement:\n    replicaScheduling:\n      replicaSchedulingType: Divided\n";
  if (rollouts) {
    fs::copy_file(fs::path(o.source_dir) / "examples/argo-rollouts/rollout-interpreter.yaml",
                  root / "apps/shop/interpreter.yaml", fs::copy_options::overwrite_existing);
  }
  return static_cast<bool>(out);
}

fleetwave::testkit::ProcessOutcome render(const std::string& binary, const fs::path& root, const std::string& app,
                                          const std::string& cluster_name) {
  return fleetwave::testkit::run_process_inherit_env(
      {binary, "--repo-root", root.string(), "--app", app, "--cluster", cluster_name});
}

// Medians of alternating runs of a and b.
bool measure(int runs, const std::function<fleetwave::testkit::ProcessOutcome()>& a,
             const std::function<fleetwave::testkit::ProcessOutcome()>& b, double& a_ms, double& b_ms) {
  std::vector<double> as, bs;
  for (int r = 0; r < runs; ++r) {
    auto x = a();
    auto y = b();
    if (x.exit_code != 0 || y.exit_code != 0) {
      std::fprintf(stderr, "render failed:\n%s%s", x.err.c_str(), y.err.c_str());
      return false;
    }
    as.push_back(x.wall_ms);
    bs.push_back(y.wall_ms);
  }
  a_ms = fb::median(as);
  b_ms = fb::median(bs);
  return true;
}

int count(const std::string& text, const std::string& what) {
  int n = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

}  // namespace

int main(int argc, char** argv) {
  Options o;
  if (!parse(argc, argv, o)) return 2;
  fleetwave::bench::note_machine_load("before the runs");
  const fs::path deployments = o.work / "deployments", rollouts = o.work / "rollouts";
  if (!write_fleet(deployments, o, false) || !write_fleet(rollouts, o, true)) {
    std::fprintf(stderr, "cannot write %s\n", o.work.c_str());
    return 1;
  }
  // Same shares either way: every Rollout got its replicas revised like its Deployment.
  auto d = render(o.render, deployments, "apps/shop", cluster(0));
  auto r = render(o.render, rollouts, "apps/shop", cluster(0));
  if (d.exit_code != 0 || r.exit_code != 0 || count(r.out, "kind: Rollout") != o.templates ||
      count(d.out, "  replicas: ") != count(r.out, "  replicas: ")) {
    std::fprintf(stderr, "renders differ or failed:\n%s%s", d.err.c_str(), r.err.c_str());
    return 1;
  }
  double d_ms = 0, r_ms = 0;
  if (!measure(
          o.runs, [&] { return render(o.render, rollouts, "apps/shop", cluster(0)); },
          [&] { return render(o.render, deployments, "apps/shop", cluster(0)); }, r_ms, d_ms))
    return 1;
  std::printf("%-44s %10s %10s %8s %8s\n", "render of one cluster", "subject ms", "peer ms", "ratio", "target");
  std::printf("%-44s %10.2f %10.2f %7.2fx %7s  %s\n",
              (std::to_string(o.templates) + " Rollouts + RIC vs Deployments").c_str(), r_ms, d_ms, r_ms / d_ms,
              "<= 1.5x", r_ms / d_ms <= 1.5 ? "ok" : "MISSED");
  if (!o.baseline.empty()) {
    const fs::path fleet = o.work / "no-ric";
    if (!fb::generate_fleet(fleet, {o.templates, 100})) return 1;
    double new_ms = 0, old_ms = 0;
    const std::string c = fb::cluster_name(33);
    if (!measure(
            o.runs, [&] { return render(o.render, fleet / "fleetwave", "apps/shop", c); },
            [&] { return render(o.baseline, fleet / "fleetwave", "apps/shop", c); }, new_ms, old_ms))
      return 1;
    std::printf("%-44s %10.2f %10.2f %7.2fx %7s  %s\n",
                (std::to_string(o.templates) + " templates, no RIC: this vs baseline").c_str(), new_ms, old_ms,
                new_ms / old_ms, "~1x", new_ms / old_ms < 1.1 ? "ok" : "SLOWER");
  }
  std::printf("(medians of %d alternating runs; %d clusters, rendering %s)\n", o.runs, o.clusters, cluster(0).c_str());
  return 0;
}
