// Codec throughput, for humans: disabled by default and never asserts on time (a loaded CI
// machine would make such an assertion flaky). Run it with
//   plugin_tests --gtest_also_run_disabled_tests --gtest_filter='CodecBenchmark.*'
// It parses a ~1 MB stream shaped like tools/gen_kustomize.sh's base (Deployment, Service,
// ConfigMap with ~2 KB of data, HPA, ServiceAccount per app), or the file named by
// FLEETWAVE_BENCH_YAML, and prints the median MB/s of parse_yaml_stream, write_yaml and
// write_json.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "codec/json_writer.h"
#include "codec/yaml_codec.h"
#include "codec/yaml_writer.h"

namespace fleetwave {
namespace {

std::string app_documents(const std::string& app) {
  std::string config;
  for (int i = 1; i <= 40; ++i) {
    char line[96];
    std::snprintf(line, sizeof line, "    key.number.%d=value-%032d\n", i, i);
    config += line;
  }
  return "---\napiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: " + app +
         "\n  labels: {app.kubernetes.io/name: " + app + ", app.kubernetes.io/part-of: shop}\n"
         "spec:\n  replicas: 2\n  selector:\n    matchLabels: {app.kubernetes.io/name: " + app + "}\n"
         "  template:\n    metadata:\n      labels: {app.kubernetes.io/name: " + app + "}\n    spec:\n"
         "      serviceAccountName: " + app + "\n      containers:\n      - name: main\n"
         "        image: registry.example.com/web:1.0.0\n        ports: [{containerPort: 8080, name: http}]\n"
         "        env:\n        - {name: APP_NAME, value: " + app + "}\n        - {name: LOG_LEVEL, value: info}\n"
         "        resources:\n          requests: {cpu: 100m, memory: 128Mi}\n          limits: {cpu: \"1\", memory: 512Mi}\n"
         "        readinessProbe: {httpGet: {path: /healthz, port: http}, periodSeconds: 10}\n"
         "        volumeMounts: [{name: config, mountPath: /etc/app}]\n      - name: sidecar\n"
         "        image: registry.example.com/proxy:2.0.0\n        ports: [{containerPort: 15000, name: admin}]\n"
         "        env:\n        - {name: PROXY_MODE, value: sidecar}\n        resources:\n"
         "          requests: {cpu: 50m, memory: 64Mi}\n      volumes:\n      - name: config\n"
         "        configMap: {name: " + app + "-config}\n"
         "---\napiVersion: v1\nkind: Service\nmetadata:\n  name: " + app +
         "\n  labels: {app.kubernetes.io/name: " + app + "}\nspec:\n  selector: {app.kubernetes.io/name: " + app +
         "}\n  ports:\n  - {name: http, port: 80, targetPort: http}\n"
         "---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: " + app + "-config\ndata:\n  app.properties: |\n" +
         config +
         "---\napiVersion: autoscaling/v2\nkind: HorizontalPodAutoscaler\nmetadata:\n  name: " + app +
         "\nspec:\n  scaleTargetRef: {apiVersion: apps/v1, kind: Deployment, name: " + app + "}\n"
         "  minReplicas: 2\n  maxReplicas: 10\n  metrics:\n  - type: Resource\n"
         "    resource: {name: cpu, target: {type: Utilization, averageUtilization: 70}}\n"
         "---\napiVersion: v1\nkind: ServiceAccount\nmetadata:\n  name: " + app + "\n";
}

std::string bench_input() {
  if (const char* path = std::getenv("FLEETWAVE_BENCH_YAML")) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
  }
  std::string out;
  for (int a = 0; out.size() < 1'000'000; ++a) {
    char name[16];
    std::snprintf(name, sizeof name, "app-%04d", a);
    out += app_documents(name);
  }
  return out;
}

template <typename F>
double median_seconds(F&& run) {
  std::vector<double> times;
  for (int i = 0; i < 11; ++i) {
    auto start = std::chrono::steady_clock::now();
    run();
    times.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  }
  std::sort(times.begin(), times.end());
  return times[times.size() / 2];
}

void report(const char* what, std::size_t bytes, double seconds) {
  std::printf("%-22s %8.2f ms %8.1f MB/s (%zu bytes)\n", what, seconds * 1000, bytes / 1e6 / seconds, bytes);
  ::testing::Test::RecordProperty(what, std::to_string(bytes / 1e6 / seconds) + " MB/s");
}

TEST(CodecBenchmark, DISABLED_Throughput) {
  const std::string text = bench_input();
  auto parsed = parse_yaml_stream(text, "bench.yaml");
  ASSERT_TRUE(parsed.ok()) << parsed.error().to_string();
  const std::vector<YamlDocument>& docs = *parsed;

  report("parse_yaml_stream", text.size(), median_seconds([&] {
           auto again = parse_yaml_stream(text, "bench.yaml");
           ASSERT_TRUE(again.ok());
         }));
  std::size_t bytes = 0;
  double seconds = median_seconds([&] {
    bytes = 0;
    for (const YamlDocument& d : docs) bytes += write_yaml(d.value).size();
  });
  report("write_yaml", bytes, seconds);
  seconds = median_seconds([&] {
    bytes = 0;
    for (const YamlDocument& d : docs) bytes += write_json(d.value).size();
  });
  report("write_json", bytes, seconds);
  JsonWriteOptions indented;
  indented.indent = 2;
  seconds = median_seconds([&] {
    bytes = 0;
    for (const YamlDocument& d : docs) bytes += write_json(d.value, indented).size();
  });
  report("write_json (indent 2)", bytes, seconds);
}

}  // namespace
}  // namespace fleetwave
