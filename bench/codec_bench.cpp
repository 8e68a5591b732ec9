// Codec throughput (not a test; see docs/benchmarks.md): parses a ~1 MB stream shaped like a
// fleet's templates (Deployment, Service, ConfigMap with ~2 KB of data, HPA, ServiceAccount per
// app), or the file named by --input, with fleetwave's reader and with yaml-cpp (the peer, same
// run), then writes it back as YAML and JSON. Prints medians, MB/s and the parse ratio.
//
//   fleetwave-bench-codec [--input FILE] [--runs 11]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "codec/app_manifests_fixture.h"
#include "codec/json_writer.h"
#include "codec/yaml_codec.h"
#include "codec/yaml_writer.h"

namespace fleetwave {
namespace {

// One named result, so the copy is elided (GCC 12 reports a false -Warray-bounds on the move
// that two differently named returns need).
std::string bench_input(const char* path) {
  std::string out;
  if (path != nullptr) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    out = text.str();
  } else {
    for (int a = 0; out.size() < 1'000'000; ++a) {
      char name[16];
      std::snprintf(name, sizeof name, "app-%04d", a);
      out += testing_support::app_manifests(name);
    }
  }
  return out;
}

template <typename F>
double median_seconds(int runs, F&& run) {
  std::vector<double> times;
  for (int i = 0; i < runs; ++i) {
    auto start = std::chrono::steady_clock::now();
    run();
    times.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  }
  std::sort(times.begin(), times.end());
  return times[times.size() / 2];
}

void report(const char* what, std::size_t bytes, double seconds) {
  std::printf("%-26s %8.2f ms %8.1f MB/s (%zu bytes)\n", what, seconds * 1000, bytes / 1e6 / seconds, bytes);
}

int run(int argc, char** argv) {
  const char* input = nullptr;
  int runs = 11;
  for (int i = 1; i + 1 < argc; i += 2) {
    std::string flag = argv[i];
    if (flag == "--input") input = argv[i + 1];
    else if (flag == "--runs") runs = std::max(1, std::atoi(argv[i + 1]));
    else {
      std::fprintf(stderr, "usage: fleetwave-bench-codec [--input FILE] [--runs N]\n");
      return 2;
    }
  }
  const std::string text = bench_input(input);
  auto parsed = parse_yaml_stream(text, "bench.yaml");
  if (!parsed.ok()) {
    std::fprintf(stderr, "%s\n", parsed.error().to_string().c_str());
    return 1;
  }
  const std::vector<YamlDocument>& docs = *parsed;
  auto reference = parse_yaml_stream_with_yaml_cpp(text, "bench.yaml");
  if (!reference.ok() || reference->size() != docs.size()) {
    std::fprintf(stderr, "the two readers disagree on the input\n");
    return 1;
  }
  for (std::size_t i = 0; i < docs.size(); ++i) {
    if (docs[i].value != (*reference)[i].value) {
      std::fprintf(stderr, "the two readers disagree on document %zu\n", i);
      return 1;
    }
  }
  bool ok = true;
  const double ours = median_seconds(runs, [&] { ok &= parse_yaml_stream(text, "bench.yaml").ok(); });
  const double peer = median_seconds(runs, [&] { ok &= parse_yaml_stream_with_yaml_cpp(text, "bench.yaml").ok(); });
  report("parse (fleetwave reader)", text.size(), ours);
  report("parse (yaml-cpp 0.7)", text.size(), peer);
  std::size_t bytes = 0;
  double seconds = median_seconds(runs, [&] {
    bytes = 0;
    for (const YamlDocument& d : docs) bytes += write_yaml(d.value).size();
  });
  report("write_yaml", bytes, seconds);
  seconds = median_seconds(runs, [&] {
    bytes = 0;
    for (const YamlDocument& d : docs) bytes += write_json(d.value).size();
  });
  report("write_json", bytes, seconds);
  std::printf("parse ratio: fleetwave's reader takes %.3fx of yaml-cpp's time (%.1fx faster), same documents\n",
              ours / peer, peer / ours);
  return ok ? 0 : 1;
}

}  // namespace
}  // namespace fleetwave

int main(int argc, char** argv) { return fleetwave::run(argc, argv); }
