#include "reconcile/failover_watch.h"

#include "base/duration_text.h"
#include "base/timestamp.h"
#include "net/redaction.h"

namespace fleetwave {
namespace {

const ClusterConnection* connection_of(const std::vector<ClusterConnection>& connections, const Cluster& cluster) {
  for (const ClusterConnection& c : connections) {
    if (c.name == cluster.name || (!cluster.api_endpoint.empty() && c.server == cluster.api_endpoint)) return &c;
  }
  return nullptr;
}

std::string format_share(double share) { return std::to_string(static_cast<int>(share * 100 + 0.5)) + "%"; }

}  // namespace

std::vector<FailoverDue> FailoverWatch::observe(const std::vector<ClusterConnection>& connections,
                                                const std::vector<Cluster>& inventory,
                                                const std::vector<Cordon>& cordons, const std::string& by,
                                                std::int64_t now_ms) {
  std::vector<FailoverDue> due;
  std::map<std::string, std::int64_t> still_failed;
  for (const Cluster& cluster : inventory) {
    const ClusterConnection* c = connection_of(connections, cluster);
    if (c == nullptr || c->status != "Failed") continue;  // unknown to Argo CD, or not failing: no clock
    auto known = failed_since_.find(cluster.name);
    const std::int64_t since = known == failed_since_.end() ? now_ms : known->second;
    still_failed[cluster.name] = since;
    if (now_ms - since < after_ms_ || find_cordon(cordons, cluster.name) != nullptr) continue;
    // Argo CD's message quotes the API server; it is shown in Git, so URLs lose any credentials.
    const std::string said = quotable_server_text(c->message, {}, 300);
    FailoverDue d;
    d.cordon.cluster = cluster.name;
    d.cordon.taint = *parse_taint(kDefaultCordonTaint);
    d.cordon.reason =
        "automatic failover: Argo CD cannot connect to " + cluster.name + " since " + format_rfc3339(since);
    d.cordon.by = by;
    d.cordon.since_ms = now_ms;
    d.cordon.automatic = true;
    d.evidence = "Argo CD connection state of " + cluster.name + " Failed since " + format_rfc3339(since) + " (" +
                 format_elapsed_ms(now_ms - since) + ", --failover-after " + format_duration_ms(after_ms_) + ")" +
                 (said.empty() ? "" : ": " + said);
    due.push_back(std::move(d));
  }
  failed_since_ = std::move(still_failed);
  return within_limits(std::move(due), connections, inventory, cordons);
}

std::vector<FailoverDue> FailoverWatch::within_limits(std::vector<FailoverDue> due,
                                                      const std::vector<ClusterConnection>& connections,
                                                      const std::vector<Cluster>& inventory,
                                                      const std::vector<Cordon>& cordons) {
  refused_.clear();
  if (due.empty()) return due;
  std::size_t known = 0, failed = 0, cordoned = 0;
  for (const Cluster& cluster : inventory) {
    if (const ClusterConnection* c = connection_of(connections, cluster)) {
      ++known;
      if (c->status == "Failed") ++failed;
    }
    if (find_cordon(cordons, cluster.name) != nullptr) ++cordoned;
  }
  auto refuse_from = [&](std::size_t first, const std::string& why) {
    for (std::size_t i = first; i < due.size(); ++i) {
      refused_.push_back(due[i].cordon.cluster + ": not cordoned automatically: " + why);
    }
    due.resize(first);
  };
  if (failed == known) {
    refuse_from(0, "Argo CD reports every cluster it knows Failed (" + std::to_string(failed) + " of " +
                       std::to_string(inventory.size()) +
                       "): an outage of Argo CD or its network, not of the clusters");
    return due;
  }
  const auto share_limit = static_cast<std::size_t>(max_share_ * static_cast<double>(inventory.size()));
  const std::size_t limit = std::min(share_limit, inventory.size() - 1);  // never the last cluster
  const std::size_t room = limit > cordoned ? limit - cordoned : 0;
  if (due.size() > room) {
    refuse_from(room, std::to_string(cordoned + room) + " of " + std::to_string(inventory.size()) +
                          " clusters would be cordoned, the most failover.maxShare " + format_share(max_share_) +
                          " allows");
  }
  return due;
}

}  // namespace fleetwave
