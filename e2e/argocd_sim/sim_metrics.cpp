#include "argocd_sim/sim_metrics.h"

namespace fleetwave::sim {

std::vector<LiveWorkload> live_workloads(const LiveClusters& live) {
  std::vector<LiveWorkload> workloads;
  live.for_each_object([&](const std::string& cluster, const std::string& app, const Json& object) {
    std::optional<std::string> image = pod_template_image(object);
    if (image) workloads.push_back({cluster, app, object_key(object), *image});
  });
  return workloads;
}

void SimMetrics::refresh() {
  std::lock_guard<std::mutex> lock(mu_);
  refresh_locked();
}

std::string SimMetrics::scrape() {
  std::lock_guard<std::mutex> lock(mu_);
  refresh_locked();
  return request_metrics_text(counters_.series());
}

void SimMetrics::refresh_locked() {
  // The snapshot and the time are taken under mu_: two refreshes racing cannot apply an older
  // snapshot after a newer one (which would flip a new image back for a moment).
  counters_.observe(live_workloads(live_), clock_.monotonic_ms());
}

}  // namespace fleetwave::sim
