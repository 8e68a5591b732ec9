// The simulated clusters' request traffic, for GET /metrics: every live workload (an object
// with a pod template, whatever its kind) serves kRequestsPerSecond for as long as it exists,
// whatever its replica count, and a workload whose first image's tag contains "errors" answers
// kErrorPercent of them with 500 (the tests' way to ship a release that errors without
// failing its health). Counters are kept per (app, cluster, image) and only grow: they are the
// requests of the workload-milliseconds accumulated with that image, so when a workload's image
// changes the old series freezes at its final value and the new one starts from 0. Pure: the
// caller passes the time.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "argocd_sim/live_clusters.h"
#include "base/json.h"

namespace fleetwave::sim {

inline constexpr std::int64_t kRequestsPerSecond = 10;
inline constexpr std::int64_t kErrorPercent = 30;

struct LiveWorkload {
  std::string cluster;
  std::string app;    // the fleetwave app whose Application applied it
  ObjectKey object;   // apiVersion, kind, namespace, name
  std::string image;  // the first container image of its pod template

  bool operator==(const LiveWorkload&) const = default;
};

// The first container image of `object`'s pod template (spec.template.spec.containers[0]);
// nullopt when it has none, i.e. when it is not a workload.
std::optional<std::string> pod_template_image(const Json& object);

// One label set of http_requests_total: code="200" counts `ok`, code="500" counts `errors`.
struct RequestSeries {
  std::string app;
  std::string cluster;
  std::string image;
  std::uint64_t ok = 0;
  std::uint64_t errors = 0;

  bool operator==(const RequestSeries&) const = default;
};

class RequestCounters {
 public:
  // Credits the workloads of the previous observation with the time since it (nothing when time
  // went back), then takes `workloads` as the ones live from `now_ms` on.
  void observe(const std::vector<LiveWorkload>& workloads, std::int64_t now_ms);
  // Every label set seen so far, sorted by app, cluster, image.
  std::vector<RequestSeries> series() const;

 private:
  using SeriesKey = std::tuple<std::string, std::string, std::string>;  // app, cluster, image
  using WorkloadKey = std::tuple<std::string, std::string, ObjectKey>;  // cluster, app, object
  std::map<WorkloadKey, SeriesKey> live_;                               // the last observation
  std::map<SeriesKey, std::int64_t> served_ms_;                         // workload-milliseconds
  std::optional<std::int64_t> observed_ms_;                             // time of the last observation
};

// Prometheus text exposition format 0.0.4: HELP and TYPE of http_requests_total, then a 200 and
// a 500 sample per series, label values escaped.
std::string request_metrics_text(const std::vector<RequestSeries>& series);

}  // namespace fleetwave::sim
