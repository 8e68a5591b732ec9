// Test support: an ArgoCdClient that answers from memory, for tests of the reconcile cycle that
// do not need HTTP (the HTTP path is covered against fake_argocd.h). It plays Argo CD's part:
// `sync_to(targets)` makes every Application follow its pin (Synced/Healthy/Succeeded at the
// pinned revision), `degrade(cluster)` makes one go Degraded. Not thread-safe.
#pragma once

#include <map>
#include <set>
#include <string>

#include "adapters/argocd/argocd_client.h"
#include "base/json.h"

namespace fleetwave::testkit {

class InMemoryArgoCd final : public ArgoCdClient {
 public:
  Result<std::vector<ApplicationSummary>> list_applications(const std::string& label_selector) override;
  Result<std::vector<ClusterConnection>> list_clusters() override;
  Status<> refresh_application(const std::string&) override { return ok_status(); }
  Status<> sync_application(const std::string&, const std::string&) override { return ok_status(); }

  // Applies a targets.json array: one Application per entry, synced to its revision at
  // `finished_at_ms`, Healthy unless the cluster is marked broken.
  void sync_to(const Json& targets, std::int64_t finished_at_ms);
  void break_cluster(const std::string& cluster) { broken_.insert(cluster); }
  void heal_cluster(const std::string& cluster) { broken_.erase(cluster); }
  void set_unreachable(bool unreachable) { unreachable_ = unreachable; }
  // The cluster's connection state as GET /api/v1/clusters reports it (Successful by default).
  void set_connection(const std::string& cluster, const std::string& status, const std::string& message = "");
  std::size_t queries() const { return queries_; }

 private:
  std::map<std::string, ApplicationSummary> apps_;  // by Application name
  std::set<std::string> broken_;
  std::map<std::string, ClusterConnection> connections_;  // by cluster name
  bool unreachable_ = false;
  std::size_t queries_ = 0;
};

}  // namespace fleetwave::testkit
