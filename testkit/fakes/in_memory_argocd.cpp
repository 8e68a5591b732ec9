#include "testkit/fakes/in_memory_argocd.h"

#include "testkit/fakes/fake_argocd_apps.h"

namespace fleetwave::testkit {

Result<std::vector<ApplicationSummary>> InMemoryArgoCd::list_applications(const std::string& label_selector) {
  ++queries_;
  if (unreachable_) return transient("Argo CD at http://argocd.test unreachable: connection refused");
  auto selector = LabelSelector::parse(label_selector);  // Kubernetes' selectors, as Argo CD reads them
  if (!selector.ok()) return selector.error();
  std::vector<ApplicationSummary> out;
  for (const auto& [name, app] : apps_) {
    if (selector->matches(app.labels)) out.push_back(app);
  }
  return out;
}

void InMemoryArgoCd::sync_to(const Json& targets, std::int64_t finished_at_ms) {
  for (const Json& t : targets) {
    std::string app = t.value("app", ""), cluster = t.value("cluster", ""), revision = t.value("revision", "");
    ApplicationSummary& a = apps_[app + "-" + cluster];
    a.name = app + "-" + cluster;
    a.labels = {
        {"fleetwave.io/app", app}, {"fleetwave.io/cluster", cluster}, {"fleetwave.io/wave", t.value("wave", "")}};
    AppObservation& o = a.observation;
    bool changed =
        o.sync_result_revision != revision || (broken_.count(cluster) > 0) != (o.health_status == "Degraded");
    o.name = a.name;
    o.sync_status = "Synced";
    o.sync_revision = revision;
    o.operation_revision = revision;
    o.sync_result_revision = revision;
    o.operation_phase = "Succeeded";
    o.health_status = broken_.count(cluster) > 0 ? "Degraded" : "Healthy";
    o.health_message = broken_.count(cluster) > 0 ? "Deployment \"web\" exceeded its progress deadline" : "";
    if (changed) o.finished_at_ms = finished_at_ms;
  }
}

Result<std::vector<ClusterConnection>> InMemoryArgoCd::list_clusters() {
  ++queries_;
  if (unreachable_) return transient("argocd-server unreachable (in-memory fake)");
  std::vector<ClusterConnection> out;
  for (const auto& [name, connection] : connections_) out.push_back(connection);
  return out;
}

void InMemoryArgoCd::set_connection(const std::string& cluster, const std::string& status, const std::string& message) {
  ClusterConnection& c = connections_[cluster];
  c.name = cluster;
  c.server = "https://" + cluster + ".example";
  c.status = status;
  c.message = message;
}

}  // namespace fleetwave::testkit
