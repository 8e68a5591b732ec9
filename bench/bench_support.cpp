#include "bench_support.h"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <cstdlib>

namespace fleetwave::bench {
namespace {

// A per-cluster error-rate check in every wave.
const char* kAnalysis =
    "  analysis:\n  - name: error-rate\n    prometheus: {query: "
    "'scalar(errors{app=\"{{app}}\",cluster=\"{{cluster}}\"})'}\n"
    "    interval: 30s\n    count: 3\n    successCondition: result < 0.05\n";

}  // namespace

std::string zero_padded(int value, int width) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%0*d", width, value);
  return buf;
}

std::map<std::string, std::string> wave_fleet_repo(int apps, int clusters, bool analysis, const std::string& image) {
  std::map<std::string, std::string> files;
  for (int c = 0; c < clusters; ++c) {
    std::string n = "cluster-" + zero_padded(c, 4);
    files["clusters/" + n + ".yaml"] =
        "apiVersion: cluster.karmada.io/v1alpha1\nkind: Cluster\nmetadata:\n  name: " + n + "\n  labels: {region: r" +
        std::to_string(c % 8) + "}\nspec:\n  syncMode: Push\n";
  }
  for (int a = 0; a < apps; ++a) {
    std::string app = "app-" + zero_padded(a, 3);
    std::string d = "apps/" + app + "/";
    files[d + "deploy.yaml"] =
        "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: " + app + ", namespace: " + app +
        "}\nspec:\n  replicas: 1\n  template:\n    spec:\n      containers:\n      - {name: web, "
        "image: " +
        image + "}\n";
    files[d + "policy.yaml"] =
        "apiVersion: policy.karmada.io/v1alpha1\nkind: PropagationPolicy\nmetadata: {name: " + app +
        ", namespace: " + app +
        "}\nspec:\n  resourceSelectors: [{apiVersion: apps/v1, kind: Deployment}]\n"
        "  placement: {}\n";
    files[d + "rollout.yaml"] = "apiVersion: fleetwave.io/v1alpha1\nkind: WavePlan\nmetadata: {name: " + app +
                                "}\nspec:\n" + (analysis ? kAnalysis : "") +
                                "  waves:\n  - name: canary\n    clusters: {clusterNames: [cluster-0000]}\n"
                                "  - name: rest\n    clusters: {}\n";
  }
  return files;
}

double median(std::vector<double> values) {
  if (values.empty()) return 0;
  std::sort(values.begin(), values.end());
  std::size_t n = values.size();
  return n % 2 == 1 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

bool parse_int_flags(int argc, char** argv, const std::map<std::string, int*>& flags) {
  for (int i = 1; i < argc; i += 2) {
    auto it = flags.find(argv[i]);
    int value = 0;
    const std::string text = i + 1 < argc ? argv[i + 1] : "";
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (it == flags.end() || ec != std::errc() || end != text.data() + text.size() || value < 1) {
      std::string usage = "usage: " + std::string(argv[0]);
      for (const auto& [name, target] : flags) usage += " [" + name + " " + std::to_string(*target) + "]";
      std::fprintf(stderr, "%s\n", usage.c_str());
      return false;
    }
    *it->second = value;
  }
  return true;
}

void parse_int_flags_or_exit(int argc, char** argv, const std::map<std::string, int*>& flags) {
  if (!parse_int_flags(argc, argv, flags)) std::exit(2);
}

void set_flags_or_exit(int argc, char** argv, const std::map<std::string, FlagSetter>& setters,
                       const std::map<std::string, bool*>& switches) {
  for (int i = 1; i < argc; ++i) {
    const std::string flag = argv[i];
    if (auto setter = setters.find(flag); setter != setters.end()) {
      setter->second(i + 1 < argc ? std::string(argv[++i]) : std::string());
    } else if (auto on = switches.find(flag); on != switches.end()) {
      *on->second = true;
    } else {
      std::fprintf(stderr, "unknown flag %s\n", flag.c_str());
      std::exit(2);
    }
  }
}

double load_average() {
  double load[1] = {0};
  return getloadavg(load, 1) == 1 ? load[0] : 0;
}

void note_machine_load(const char* when) {
  const double load = load_average();
  if (load > 0.5) {
    std::printf(
        "NOTE: load average %.2f %s (above 0.5): not a quiet machine; times are noisy and ratios against a "
        "multi-threaded peer (kustomize) flatter us\n",
        load, when);
  } else {
    std::printf("load average %.2f %s (quiet)\n", load, when);
  }
}

std::string take_flag_value(std::vector<char*>& args, const std::string& flag) {
  for (std::size_t i = 1; i + 1 < args.size(); ++i) {
    if (flag != args[i]) continue;
    std::string value = args[i + 1];
    args.erase(args.begin() + static_cast<std::ptrdiff_t>(i), args.begin() + static_cast<std::ptrdiff_t>(i) + 2);
    return value;
  }
  return "";
}

}  // namespace fleetwave::bench
