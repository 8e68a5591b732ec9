// libFuzzer target for the render input: bytes -> a small repository -> every render
// fleetwave-render would make of it, plus two invariants whose failure is a finding:
// - the fast YAML reader never accepts a file libyaml rejects (Kubernetes tools would);
// - what a render prints parses back, with as many objects as it printed.
// Crashes, hangs and sanitizer reports (built with -fsanitize=fuzzer,address,undefined) are
// findings too. .ci/fuzz builds it and seeds it from testdata/ at run time.
//
// Input: a line "==> PATH <==" starts the file PATH (the format `head` prints several files
// in); PATH under clusters/ is inventory, under policies/ fleet policy, else an app file.
// Without such a line, the bytes are one app file next to an inventory of two clusters.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>

#include "codec/fast_yaml_parser.h"
#include "codec/libyaml_check.h"
#include "codec/yaml_codec.h"
#include "render/renderer.h"
#include "render/source_locator.h"

namespace fleetwave {
namespace {

constexpr std::string_view kInventory =
    "==> clusters/m1.yaml <==\n"
    "apiVersion: cluster.karmada.io/v1alpha1\nkind: Cluster\nmetadata:\n  name: m1\n  labels: {env: prod}\n"
    "spec:\n  region: eu\n"
    "==> clusters/m2.yaml <==\n"
    "apiVersion: cluster.karmada.io/v1alpha1\nkind: Cluster\nmetadata:\n  name: m2\nspec:\n  region: us\n";

FileRole role_of(std::string_view path) {
  if (path.rfind("clusters/", 0) == 0) return FileRole::Inventory;
  if (path.rfind("policies/", 0) == 0) return FileRole::FleetPolicy;
  return FileRole::App;
}

void add_files(std::string_view input, InputBundle& bundle) {
  std::optional<std::string> path;  // the current file's, with its lines so far
  std::string content;
  auto finish = [&] {
    if (path) bundle.files.push_back(SourceFile{*path, std::move(content), role_of(*path)});
    content.clear();
  };
  std::size_t pos = 0;
  while (pos < input.size()) {
    std::size_t end = input.find('\n', pos);
    const std::size_t next = end == std::string_view::npos ? input.size() : end + 1;
    std::string_view line = input.substr(pos, next - pos);
    std::string_view bare = line.substr(0, line.find('\n'));
    if (bare.size() > 8 && bare.substr(0, 4) == "==> " && bare.substr(bare.size() - 4) == " <==") {
      finish();
      path = std::string(bare.substr(4, bare.size() - 8));
    } else if (path) {
      content.append(line);
    }
    pos = next;
  }
  finish();
}

InputBundle decode(std::string_view input) {
  InputBundle bundle;
  bundle.app_path = "app";
  bundle.limits.max_file_bytes = 1 << 20;
  bundle.limits.max_total_bytes = 4 << 20;
  if (input.rfind("==> ", 0) == 0 || input.find("\n==> ") != std::string_view::npos) {
    add_files(input, bundle);
  } else {
    add_files(kInventory, bundle);
    bundle.files.push_back(SourceFile{"app/input.yaml", std::string(input), FileRole::App});
  }
  return bundle;
}

[[noreturn]] void finding(const char* what, const std::string& detail) {
  std::fprintf(stderr, "FINDING: %s\n%s\n", what, detail.c_str());
  std::abort();
}

void check_reader(const SourceFile& f) {
  std::string_view text = f.content;
  if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);
  if (!is_valid_utf8(text) || text.find('\0') != std::string_view::npos) return;
  if (!fast_parse_yaml_stream(text, YamlLimits{})) return;
  if (auto e = libyaml_rejects(text, f.path)) finding("the fast reader accepted what libyaml rejects", e->to_string());
}

void check_output(const RenderOutput& out) {
  const std::string yaml = format_objects(out.objects, OutputFormat::YamlStream);
  (void)format_objects(out.objects, OutputFormat::JsonLines);
  auto back = parse_yaml_stream(yaml, "output.yaml");
  if (!back.ok()) finding("the rendered YAML does not parse", back.error().to_string() + "\n" + yaml);
  std::size_t objects = 0;
  for (const YamlDocument& d : *back) objects += d.value.is_null() ? 0 : 1;
  if (objects != out.objects.size()) finding("the rendered YAML parses to another number of objects", yaml);
}

}  // namespace
}  // namespace fleetwave

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace fleetwave;
  const InputBundle bundle = decode(std::string_view(reinterpret_cast<const char*>(data), size));
  for (const SourceFile& f : bundle.files) check_reader(f);
  auto prepared = FleetRender::prepare(bundle);
  if (!prepared.ok()) {
    for (const Error& e : prepared.error()) (void)e.to_string();
    return 0;
  }
  for (const Error& w : prepared->warnings()) (void)w.to_string();
  std::size_t rendered = 0;
  for (const Cluster& c : prepared->fleet().clusters) {
    if (rendered++ == 8) break;
    auto out = prepared->render(c.name);
    if (!out.ok()) {
      ErrorList errors = std::move(out).error();
      locate_errors(bundle, errors);
      for (const Error& e : errors) (void)e.to_string();
      continue;
    }
    check_output(*out);
  }
  return 0;
}
