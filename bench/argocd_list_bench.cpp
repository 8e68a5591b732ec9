// Reading Argo CD's Application list (issue 28): the reconciler asks for every app's
// Applications each cycle, 50 MB at 50,000 Applications. The same list parsed into a whole
// document (what every field costs) and building only the fields the reconciler reads
// (application_list_fields()), both then read by parse_application_list, side by side; the
// summaries must be equal. Third, the list read as it arrives (ApplicationListReader, fed in
// 16 KiB pieces as libcurl hands them over), which is how the reconciler reads it. Applications in the recorded shape
// of testkit's fake Argo CD, plus
// `--resources N` entries of status.resources and three of status.history, as argocd-server
// serves them for an app with N objects.
//
//   fleetwave-bench-argocd-list [--applications 1000] [--resources 10] [--runs 9]
#include <chrono>
#include <cstdio>
#include <functional>
#include <string>
#include <vector>

#include "adapters/argocd/application_list_reader.h"
#include "adapters/argocd/application_parser.h"
#include "bench_support.h"
#include "codec/json_reader.h"
#include "testkit/fakes/fake_argocd_apps.h"

namespace fw = fleetwave;
namespace fb = fleetwave::bench;

namespace {

std::string list_text(int applications, int resources) {
  fw::Json items = fw::Json::array();
  const std::string revision(40, 'a');
  for (int i = 0; i < applications; ++i) {
    const std::string cluster = "cluster-" + fb::zero_padded(i, 5);
    fw::Json app = fw::testkit::make_application("web-" + cluster, {{"fleetwave.io/app", "web"}}, cluster, revision);
    fw::Json& listed = app["status"]["resources"] = fw::Json::array();
    for (int r = 0; r < resources; ++r) {
      listed.push_back({{"group", "apps"},
                        {"version", "v1"},
                        {"kind", "Deployment"},
                        {"namespace", "web"},
                        {"name", "web-" + std::to_string(r)},
                        {"status", "Synced"},
                        {"health", {{"status", "Healthy"}}}});
    }
    fw::Json& history = app["status"]["history"] = fw::Json::array();
    for (int h = 0; h < 3; ++h) {
      history.push_back({{"id", h},
                         {"revision", revision},
                         {"deployedAt", "2026-01-01T00:00:00Z"},
                         {"deployStartedAt", "2026-01-01T00:00:00Z"},
                         {"source", app["spec"]["source"]}});
    }
    items.push_back(std::move(app));
  }
  return fw::Json({{"metadata", {{"resourceVersion", "1"}}}, {"items", items}}).dump();
}

fw::Result<std::vector<fw::ApplicationSummary>> read_as_it_arrives(std::string_view text) {
  constexpr std::size_t kPiece = 16 * 1024;
  fw::ApplicationListReader reader(std::size_t{64} << 20, 128);
  for (std::size_t at = 0; at < text.size(); at += kPiece) {
    if (!reader.feed(text.substr(at, kPiece))) break;
  }
  return reader.finish();
}

double median_ms(int runs, const std::function<bool()>& work, bool& ok) {
  std::vector<double> times;
  for (int r = 0; r < runs; ++r) {
    const auto t0 = std::chrono::steady_clock::now();
    ok &= work();
    times.push_back(fb::ms_since(t0));
  }
  return fb::median(times);
}

}  // namespace

int main(int argc, char** argv) {
  int applications = 1000, resources = 10, runs = 9;
  fb::set_flags_or_exit(
      argc, argv,
      {{"--applications", fb::into(applications)}, {"--resources", fb::into(resources)}, {"--runs", fb::into(runs)}});
  fb::note_machine_load("before the runs");
  const std::string text = list_text(applications, resources);
  auto whole = fw::parse_json(text, "list");
  auto fields = fw::parse_json_masked(text, "list", fw::application_list_fields());
  if (!whole.ok() || !fields.ok()) return 1;
  auto from_whole = fw::parse_application_list(*whole);
  auto from_fields = fw::parse_application_list(*fields);
  auto streamed = read_as_it_arrives(text);
  if (!from_whole.ok() || !from_fields.ok() || !streamed.ok() || from_whole->size() != from_fields->size() ||
      from_whole->size() != streamed->size()) {
    return 1;
  }
  for (std::size_t i = 0; i < from_whole->size(); ++i) {
    if ((*from_whole)[i].observation != (*from_fields)[i].observation ||
        (*from_whole)[i].labels != (*from_fields)[i].labels ||
        (*from_whole)[i].observation != (*streamed)[i].observation ||
        (*from_whole)[i].labels != (*streamed)[i].labels) {
      std::fprintf(stderr, "application %zu reads differently\n", i);
      return 1;
    }
  }
  bool ok = true;
  const double all_ms = median_ms(
      runs,
      [&] {
        auto j = fw::parse_json(text, "list");
        return j.ok() && fw::parse_application_list(*j).ok();
      },
      ok);
  const double read_ms = median_ms(
      runs,
      [&] {
        auto j = fw::parse_json_masked(text, "list", fw::application_list_fields());
        return j.ok() && fw::parse_application_list(*j).ok();
      },
      ok);
  const double stream_ms = median_ms(
      runs, [&] { return read_as_it_arrives(text).ok(); }, ok);
  std::printf(
      "Argo CD list of %d Applications (%d resources each), %.1f MB: whole document %.1f ms, read fields only %.1f "
      "ms (%.2fx), read as it arrives %.1f ms (%.2fx), median of %d\n",
      applications, resources, static_cast<double>(text.size()) / 1e6, all_ms, read_ms, all_ms / read_ms, stream_ms,
      all_ms / stream_ms, runs);
  return ok ? 0 : 1;
}
